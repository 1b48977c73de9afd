// Jest transform for the few ESM-only packages under node_modules that the server's
// CommonJS dependencies require(). Node 20.19 can require() ESM natively, but jest's
// module runtime cannot (before Node 24.9), so app.inject (light-my-request → cookie@2)
// would fail to load. TypeScript, already a dev dependency, rewrites the syntax to CJS.
const ts = require('typescript');

module.exports = {
  process(sourceText, sourcePath) {
    const { outputText } = ts.transpileModule(sourceText, {
      fileName: sourcePath,
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true, allowJs: true },
    });
    return { code: outputText };
  },
};
