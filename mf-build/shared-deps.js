// The one list of modules shared as singletons between the shell and every remote
// (ARCHITECTURE §3). Subpath prefixes ('react/', 'react-dom/') are shared too, or
// react-dom/client and react/jsx-runtime get a second copy and hooks break
// (shared/research/mf-architecture.md §1.4, webpack/webpack#19563).
const sdkPackage = require('@kabuto/shared-sdk/package.json');

/** Contract major of shared-sdk that a build is made against (ARCHITECTURE §3). */
const SDK_CONTRACT = sdkPackage.kabuto.contract;

function singleton(requiredVersion, extra = {}) {
  return { singleton: true, requiredVersion, ...extra };
}

function sharedDeps() {
  return {
    // Only a real major skew of React should fail loudly: major-only range + strictVersion.
    react: singleton('^19.0.0', { strictVersion: true }),
    'react/': singleton('^19.0.0'),
    'react-dom': singleton('^19.0.0', { strictVersion: true }),
    'react-dom/': singleton('^19.0.0'),
    'react-router': singleton('^7.0.0'),
    'react-redux': singleton('^9.0.0'),
    '@reduxjs/toolkit': singleton('^2.0.0'),
    '@reduxjs/toolkit/': singleton('^2.0.0'),
    i18next: singleton('>=25.0.0'),
    'react-i18next': singleton('>=15.0.0'),
    'antd-mobile': singleton('^5.0.0'),
    // The SDK carries the one RTK Query api and the session; a remote built against
    // another contract major is refused by the shell before it runs (contract check),
    // so no strictVersion here: that would turn a clear fallback into a thrown error.
    '@kabuto/shared-sdk': singleton(`^${SDK_CONTRACT}.0.0`, { version: sdkPackage.version }),
    '@kabuto/shared-sdk/': singleton(`^${SDK_CONTRACT}.0.0`, { version: sdkPackage.version }),
  };
}

module.exports = { sharedDeps, SDK_CONTRACT };
