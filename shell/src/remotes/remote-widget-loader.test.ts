// Widgets (shared-sdk remote/widgets.ts) load through the same registry, contract checks
// and retry-afresh rules as a remote's pages.
import { SDK_CONTRACT, SDK_VERSION, i18n } from '@kabuto/shared-sdk';
import { fakeRegistry } from '../test-utils/remote-fixtures';
import { loadRemote, register } from '../test-utils/mock-federation';
import { RemoteIncompatibleError, RemoteUnavailableError } from './errors';
import { createRemoteLoader } from './remote-loader';

const Ticket = () => null;
const widget = {
  contract: SDK_CONTRACT,
  sdkVersion: SDK_VERSION,
  name: 'mf_trade',
  namespace: 'trade-test',
  translations: { en: { hello: 'Hello ticket' } },
  Component: Ticket,
};
const registry = async () => fakeRegistry({ mf_trade: SDK_CONTRACT });

test('loads <remote>/<expose> and registers the remote’s texts before the widget renders', async () => {
  loadRemote.mockResolvedValue(widget);
  const loader = createRemoteLoader({ readRegistry: registry });
  const loaded = await loader.loadWidget('mf_trade', 'order-ticket');
  expect(loaded.Component).toBe(Ticket);
  expect(loadRemote).toHaveBeenCalledWith('mf_trade/order-ticket');
  expect(i18n.getFixedT('en', 'trade-test')('hello')).toBe('Hello ticket');
});

test('a remote that is down fails the widget; the retry registers the remote afresh and can succeed', async () => {
  loadRemote.mockRejectedValueOnce(new Error('500 on mf-manifest.json'));
  const loader = createRemoteLoader({ readRegistry: registry });
  await expect(loader.loadWidget('mf_trade', 'order-ticket')).rejects.toThrow('500');
  loadRemote.mockResolvedValue(widget);
  await expect(loader.loadWidget('mf_trade', 'order-ticket')).resolves.toMatchObject({ name: 'mf_trade' });
  expect(register).toHaveBeenLastCalledWith([{ name: 'mf_trade', entry: expect.any(String) }], { force: true });
});

test('not in the registry, another contract, a newer SDK minor or no component: refused', async () => {
  await expect(createRemoteLoader({ readRegistry: async () => null }).loadWidget('mf_trade', 'order-ticket')).rejects.toBeInstanceOf(RemoteUnavailableError);
  const [major = 0, minor = 0] = SDK_VERSION.split('.').map(Number);
  for (const bad of [
    { ...widget, contract: SDK_CONTRACT - 1 },
    { ...widget, sdkVersion: `${major}.${minor + 1}.0` },
    { ...widget, Component: 'nope' },
  ]) {
    loadRemote.mockResolvedValue(bad);
    await expect(createRemoteLoader({ readRegistry: registry }).loadWidget('mf_trade', 'order-ticket')).rejects.toBeInstanceOf(RemoteIncompatibleError);
  }
});
