import { ROUTES, SDK_CONTRACT, SDK_VERSION, i18n } from '@kabuto/shared-sdk';
import { fakeRegistry, fakeRoutesModule } from '../test-utils/remote-fixtures';
import { loadRemote } from '../test-utils/mock-federation';
import { RemoteIncompatibleError, RemoteUnavailableError } from './errors';
import { createRemoteLoader } from './remote-loader';

const ipoModule = fakeRoutesModule('mf_ipo', [ROUTES.ipoSubscriptions]);
const registry = async () => fakeRegistry({ mf_ipo: SDK_CONTRACT });

test('one load at a time per remote, and the loaded module is kept', async () => {
  loadRemote.mockResolvedValue(ipoModule);
  const loader = createRemoteLoader({ readRegistry: registry });
  const [first, second] = await Promise.all([loader.load('mf_ipo'), loader.load('mf_ipo')]);
  expect(first).toBe(second);
  expect(loadRemote).toHaveBeenCalledTimes(1);
  expect(loader.peek('mf_ipo')).toBe(ipoModule);
  expect(i18n.getFixedT('en', ipoModule.namespace)(`title.${ROUTES.ipoSubscriptions}`)).toBe(`Title of ${ROUTES.ipoSubscriptions}`);
});

test("a remote's texts given per language: only the page's language is fetched, before the remote counts as loaded", async () => {
  const fetched: string[] = [];
  const table = (lang: string) => () => {
    fetched.push(lang);
    return Promise.resolve({ greeting: `hello in ${lang}` });
  };
  const module = {
    ...fakeRoutesModule('mf_ipo', [ROUTES.ipoSubscriptions]),
    namespace: 'lazy-ipo',
    translations: { tw: table('tw'), jp: table('jp'), en: table('en') },
  };
  loadRemote.mockResolvedValue(module);
  const loader = createRemoteLoader({ readRegistry: registry, getLang: () => 'jp' });
  await loader.load('mf_ipo');
  expect(fetched).toEqual(['jp']);
  expect(i18n.getFixedT('jp', 'lazy-ipo')('greeting')).toBe('hello in jp');
});

test("a text chunk that fails once (its preload's kept failure) is asked for once more", async () => {
  let calls = 0;
  const jp = () => (calls++ === 0 ? Promise.reject(new Error('preloaded 500')) : Promise.resolve({ greeting: 'また' }));
  loadRemote.mockResolvedValue({ ...fakeRoutesModule('mf_ipo', [ROUTES.ipoSubscriptions]), namespace: 'once-ipo', translations: { tw: jp, jp, en: jp } });
  await createRemoteLoader({ readRegistry: registry, getLang: () => 'jp' }).load('mf_ipo');
  expect(calls).toBe(2);
  expect(i18n.getFixedT('jp', 'once-ipo')('greeting')).toBe('また');
});

test('a remote whose texts cannot be fetched did not load, and is tried again', async () => {
  let fail = true;
  const jp = () => (fail ? Promise.reject(new Error('chunk failed')) : Promise.resolve({ greeting: 'やあ' }));
  loadRemote.mockResolvedValue({ ...fakeRoutesModule('mf_ipo', [ROUTES.ipoSubscriptions]), namespace: 'flaky-ipo', translations: { tw: jp, jp, en: jp } });
  const loader = createRemoteLoader({ readRegistry: registry, getLang: () => 'jp' });
  await expect(loader.load('mf_ipo')).rejects.toThrow('chunk failed');
  expect(loader.peek('mf_ipo')).toBeUndefined();
  fail = false;
  await loader.load('mf_ipo');
  expect(i18n.getFixedT('jp', 'flaky-ipo')('greeting')).toBe('やあ');
});

test('a remote missing from the registry is unavailable; an incompatible one stays refused', async () => {
  const empty = createRemoteLoader({ readRegistry: async () => null });
  await expect(empty.load('mf_ipo')).rejects.toBeInstanceOf(RemoteUnavailableError);

  const old = createRemoteLoader({ readRegistry: async () => fakeRegistry({ mf_ipo: SDK_CONTRACT - 1 }) });
  await expect(old.load('mf_ipo')).rejects.toBeInstanceOf(RemoteIncompatibleError);
  await expect(old.load('mf_ipo')).rejects.toBeInstanceOf(RemoteIncompatibleError);
  expect(loadRemote).not.toHaveBeenCalled();
});

test('a remote built against a newer SDK minor than the page provides is refused; one from an older minor loads', async () => {
  const [major = 0, minor = 0] = SDK_VERSION.split('.').map(Number);
  loadRemote.mockResolvedValue(fakeRoutesModule('mf_ipo', [ROUTES.ipoSubscriptions], { sdkVersion: `${major}.${minor + 1}.0` }));
  const newer = createRemoteLoader({ readRegistry: registry });
  await expect(newer.load('mf_ipo')).rejects.toThrow(/SDK \d+\.\d+\.0/);

  loadRemote.mockResolvedValue(fakeRoutesModule('mf_ipo', [ROUTES.ipoSubscriptions], { sdkVersion: `${major}.0.0` }));
  await expect(createRemoteLoader({ readRegistry: registry }).load('mf_ipo')).resolves.toMatchObject({ name: 'mf_ipo' });
});

test('something that is not a routes ipoModule is refused', async () => {
  loadRemote.mockResolvedValue({ contract: SDK_CONTRACT, routes: 'nope' });
  const loader = createRemoteLoader({ readRegistry: registry });
  await expect(loader.load('mf_ipo')).rejects.toBeInstanceOf(RemoteIncompatibleError);
});
