// The host's federation runtime, lent to the remote entries (a runtime plugin of the host).
//
// Every remote entry carried its own copy of @module-federation/runtime-core, about 10 KiB
// gzip on every page's first load, though the host had already loaded the same code. The
// remotes are built with `experiments.externalRuntime` (they read the runtime from
// `self._FEDERATION_RUNTIME_CORE`), and this plugin puts the host's own runtime there.
// Not the plugin's stock provider (`experiments.provideExternalRuntime`): that hands over
// `import * as runtimeCore`, which keeps every export of the package, +22 KiB gzip on the
// host's first load (measured with `npm run bench`). The remote entry's runtime
// (@module-federation/runtime and webpack-bundler-runtime, same version as the host's: both
// are built by this package) reads exactly the names below; mf-build's test reads that
// package's imports and fails when a version needs another one.
import {
  CurrentGlobal,
  Module,
  ModuleFederation,
  assert,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  helpers,
  loadScript,
  loadScriptNode,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
} from '@module-federation/runtime-core';

const RUNTIME_CORE_FOR_REMOTES = {
  CurrentGlobal,
  Module,
  ModuleFederation,
  assert,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  helpers,
  loadScript,
  loadScriptNode,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
};

export default function provideRuntimeCore() {
  return {
    name: 'kabuto-runtime-core-provider',
    beforeInit(args) {
      // Before any remote entry can run: the host initialises its federation first.
      globalThis._FEDERATION_RUNTIME_CORE = RUNTIME_CORE_FOR_REMOTES;
      return args;
    },
  };
}
