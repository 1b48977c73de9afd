import { SDK_CONTRACT } from '@kabuto/shared-sdk';
import { PAGE_REGISTRY_ID, REGISTRY_CACHE_KEY, classifyRemotes, fetchRegistry, pageThenServerRegistry, parseRegistry } from './registry';

const good = {
  schema: 1,
  remotes: {
    mf_market: { entry: '/releases/mf-market/1.0.0/mf-manifest.json', version: '1.0.0', contract: SDK_CONTRACT },
    mf_trade: { entry: '/releases/mf-trade/2.0.0/mf-manifest.json', version: '2.0.0', contract: SDK_CONTRACT + 1 },
  },
};

/** A fetch answering `body` (jsdom has no Response, so a minimal stand-in). */
function answer(body: unknown, status = 200): typeof fetch {
  const response = {
    ok: status >= 200 && status < 300,
    status,
    json: async () => (typeof body === 'string' ? JSON.parse(body) : body),
  };
  return jest.fn(async () => response as unknown as Response);
}

beforeEach(() => localStorage.clear());

test('parseRegistry keeps well-formed entries of known remotes only', () => {
  const doc = parseRegistry({
    schema: 1,
    remotes: { ...good.remotes, mf_ipo: { entry: 42 }, mf_unknown: good.remotes.mf_market },
  });
  expect(Object.keys(doc?.remotes ?? {})).toEqual(['mf_market', 'mf_trade']);
  expect(parseRegistry({ schema: 2, remotes: {} })).toBeNull();
  expect(parseRegistry('nope')).toBeNull();
});

test('a good answer is used and kept as the last good copy', async () => {
  const doc = await fetchRegistry({ fetchImpl: answer(good) });
  expect(doc?.remotes.mf_market?.version).toBe('1.0.0');
  expect(JSON.parse(localStorage.getItem(REGISTRY_CACHE_KEY) ?? 'null')).toEqual(doc);
});

test('a failed answer falls back to the last good copy, else to no remotes', async () => {
  expect(await fetchRegistry({ fetchImpl: answer({}, 503) })).toBeNull();
  await fetchRegistry({ fetchImpl: answer(good) });
  const fallback = await fetchRegistry({ fetchImpl: answer('not json?', 500) });
  expect(fallback?.remotes.mf_trade?.version).toBe('2.0.0');
});

test('a registry that does not answer within the time limit falls back', async () => {
  localStorage.setItem(REGISTRY_CACHE_KEY, JSON.stringify(good));
  const hanging: typeof fetch = (_url, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
  const doc = await fetchRegistry({ fetchImpl: hanging, timeoutMs: 20 });
  expect(doc?.remotes.mf_market?.version).toBe('1.0.0');
});

test('classifyRemotes refuses other contracts and marks missing remotes absent', () => {
  const statuses = classifyRemotes(parseRegistry(good));
  expect(statuses.get('mf_market')?.kind).toBe('available');
  expect(statuses.get('mf_trade')).toEqual({ kind: 'incompatible', contract: SDK_CONTRACT + 1 });
  expect(statuses.get('mf_ipo')?.kind).toBe('absent');
  expect(classifyRemotes(null).get('mf_market')?.kind).toBe('absent');
});

/** The JSON block the server renders into index.html. */
function renderPageRegistry(registry: unknown): void {
  document.getElementById(PAGE_REGISTRY_ID)?.remove();
  const block = document.createElement('script');
  block.id = PAGE_REGISTRY_ID;
  block.type = 'application/json';
  block.textContent = JSON.stringify({ registry, owners: {}, tabs: [], preload: {} });
  document.head.appendChild(block);
}

test('the first read takes the registry rendered into the page, without asking the server', async () => {
  renderPageRegistry(good);
  const fetchImpl = answer({ schema: 1, remotes: {} });
  const read = pageThenServerRegistry({ fetchImpl });
  expect((await read())?.remotes.mf_market?.version).toBe('1.0.0');
  expect(fetchImpl).not.toHaveBeenCalled();
  // Kept as the last good copy, like a fetched registry.
  expect(JSON.parse(localStorage.getItem(REGISTRY_CACHE_KEY) ?? 'null')?.remotes.mf_market.version).toBe('1.0.0');
  // A later read (after a remote was missing) asks the server: the page cannot have changed.
  expect(await read()).toEqual({ schema: 1, remotes: {} });
  expect(fetchImpl).toHaveBeenCalledTimes(1);
});

test('without a usable registry in the page the first read asks the server', async () => {
  renderPageRegistry({ schema: 9 });
  const fetchImpl = answer(good);
  expect((await pageThenServerRegistry({ fetchImpl })())?.remotes.mf_market?.version).toBe('1.0.0');
  expect(fetchImpl).toHaveBeenCalledTimes(1);
  document.getElementById(PAGE_REGISTRY_ID)?.remove();
  expect((await pageThenServerRegistry({ fetchImpl })())?.remotes.mf_market?.version).toBe('1.0.0');
  expect(fetchImpl).toHaveBeenCalledTimes(2);
});
