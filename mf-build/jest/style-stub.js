// CSS Modules in tests: every class name maps to itself.
module.exports = new Proxy({}, { get: (_t, key) => (key === '__esModule' ? false : String(key)) });
