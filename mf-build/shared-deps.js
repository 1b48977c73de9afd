// The one list of modules shared as singletons between the shell and every remote
// (ARCHITECTURE §3). Subpath prefixes ('react/', 'react-dom/') are shared too, or
// react-dom/client and react/jsx-runtime get a second copy and hooks break
// (shared/research/mf-architecture.md §1.4, webpack/webpack#19563).
const sdkPackage = require('@kabuto/shared-sdk/package.json');

/** Contract major of shared-sdk that a build is made against (ARCHITECTURE §3). */
const SDK_CONTRACT = sdkPackage.kabuto.contract;
/** The SDK version a build is made against; the shell checks it against its own copy. */
const SDK_VERSION = sdkPackage.version;

function singleton(requiredVersion, extra = {}) {
  return { singleton: true, requiredVersion, ...extra };
}

// antd-mobile is deliberately not here: a shared module cannot be tree-shaken, and the
// whole kit shared was 171 KiB gzip on the home route's first load (`npm run bench`).
// Each package bundles the components it uses and bridges its copy to React 19
// (shared-sdk/src/ui/antd-mobile-react19.ts); its theme is CSS variables on :root, so
// every copy looks the same.
//
// The router and the texts: react-router's context and the one i18next instance must be one
// object in the page, so react-router-dom (and react-router, which it re-exports), i18next
// and react-i18next are singletons like react-redux.
//
// Redux Toolkit is not here either: only the SDK calls it (the one store and RTK Query api;
// a remote's `skipToken` is a Symbol.for, equal in every copy), so inside the SDK's chunk it
// is tree-shaken to what the SDK uses, -5.5 KiB gzip on every first load (`npm run bench`).
// react-redux stays: its context must be one object in the page.
function sharedDeps() {
  return {
    // Only a real major skew of React should fail loudly: major-only range + strictVersion.
    react: singleton('^19.0.0', { strictVersion: true }),
    'react/': singleton('^19.0.0'),
    'react-dom': singleton('^19.0.0', { strictVersion: true }),
    'react-dom/': singleton('^19.0.0'),
    'react-redux': singleton('^9.0.0'),
    'react-router': singleton('^7.0.0'),
    'react-router-dom': singleton('^7.0.0'),
    i18next: singleton('^26.0.0'),
    'react-i18next': singleton('^17.0.0'),
    // The SDK carries the one RTK Query api and the session; a remote built against
    // another contract major is refused by the shell before it runs (contract check),
    // so no strictVersion here: that would turn a clear fallback into a thrown error.
    '@kabuto/shared-sdk': singleton(`^${SDK_CONTRACT}.0.0`, { version: sdkPackage.version }),
    '@kabuto/shared-sdk/': singleton(`^${SDK_CONTRACT}.0.0`, { version: sdkPackage.version }),
  };
}

module.exports = { sharedDeps, SDK_CONTRACT, SDK_VERSION };
