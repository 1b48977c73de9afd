import { resetHost } from '../protocol/host';
import { unauthorizedRedirectDone } from '../protocol/unauthorized';
import { makeStore } from '../state/store';
import { installFakeFetch, installRecordingHost, json } from '../test-utils/protocol';
import { configValue, siteConfigApi } from './site-config';

beforeEach(() => {
  localStorage.clear();
  unauthorizedRedirectDone();
});
afterEach(() => resetHost());

const entries = [
  { name: 'logo', value: '/assets/logo.svg', title: 'Logo', title_zh: '標誌' },
  { name: 'app_version', value: '1.0.25', title: 'App version', title_zh: '版本' },
];

describe('site config', () => {
  it('posts common/config with type=all and answers the entries', async () => {
    installRecordingHost();
    const calls = installFakeFetch(json(200, { status: 1, msg: '', data: entries }));
    const result = await makeStore().dispatch(siteConfigApi.endpoints.getSiteConfig.initiate());
    expect(calls[0]!.url).toBe(`${location.origin}/api/vue/common/config`);
    expect(calls[0]!.body?.toString()).toBe('type=all');
    expect(configValue(result.data, 'app_version')).toBe('1.0.25');
  });

  it('looks entries up by name and answers undefined for a missing one or no config', () => {
    expect(configValue(entries, 'logo')).toBe('/assets/logo.svg');
    expect(configValue(entries, 'nothing')).toBeUndefined();
    expect(configValue(undefined, 'logo')).toBeUndefined();
  });
});
