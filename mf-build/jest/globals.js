// Build-time constants that webpack's DefinePlugin provides in real builds.
// A relative path: jest maps '@kabuto/shared-sdk/*' to the SDK's sources.
const sdk = require('../../shared-sdk/package.json');
globalThis.__KABUTO_SDK_CONTRACT__ = sdk.kabuto.contract;
globalThis.__KABUTO_SDK_VERSION__ = sdk.version;
globalThis.__KABUTO_PACKAGE_VERSION__ = '0.0.0-test';
