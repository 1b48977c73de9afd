// Build-time constants the remotes' ./routes modules read (mf-build's DefinePlugin).
import sdk from '../../../shared-sdk/package.json';

Object.assign(globalThis, { __KABUTO_SDK_CONTRACT__: sdk.kabuto.contract, __KABUTO_SDK_VERSION__: sdk.version, __KABUTO_PACKAGE_VERSION__: 'e2e' });
