// Build-time constants the remotes' ./routes modules read (mf-build's DefinePlugin), and this
// worker's suite server (suite-servers.ts).
import sdk from '../../../shared-sdk/package.json';
import { useWorkerServer } from './suite-servers';

Object.assign(globalThis, { __KABUTO_SDK_CONTRACT__: sdk.kabuto.contract, __KABUTO_SDK_VERSION__: sdk.version, __KABUTO_PACKAGE_VERSION__: 'e2e' });
useWorkerServer();
