// A fake remote routes module and registry for RemoteArea and frame tests.
import { SDK_CONTRACT, SDK_VERSION, type RemoteName, type RemoteRegistryDocument, type RemoteRoutesModule } from '@kabuto/shared-sdk';

export function fakeRoutesModule(name: RemoteName, paths: string[], overrides: Partial<RemoteRoutesModule> = {}): RemoteRoutesModule {
  const namespace = name.replace('mf_', '');
  const titles = Object.fromEntries(paths.map((path) => [`title.${path}`, `Title of ${path}`]));
  return {
    contract: SDK_CONTRACT,
    sdkVersion: SDK_VERSION,
    name,
    namespace,
    translations: {
      en: titles,
      tw: Object.fromEntries(paths.map((path) => [`title.${path}`, `標題 ${path}`])),
      jp: Object.fromEntries(paths.map((path) => [`title.${path}`, `タイトル ${path}`])),
    },
    routes: paths.map((path) => ({
      path,
      titleKey: `title.${path}`,
      Component: () => <p data-testid="remote-page">{`page ${path}`}</p>,
    })),
    ...overrides,
  };
}

export function fakeRegistry(contracts: Partial<Record<RemoteName, number>>): RemoteRegistryDocument {
  const remotes: RemoteRegistryDocument['remotes'] = {};
  for (const [name, contract] of Object.entries(contracts) as [RemoteName, number][]) {
    remotes[name] = { entry: `/releases/${name}/1.0.0/mf-manifest.json`, version: '1.0.0', contract };
  }
  return { schema: 1, remotes };
}
