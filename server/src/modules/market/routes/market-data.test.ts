import { brotliDecompressSync } from 'node:zlib';
import { MSG } from '@kabuto/shared-sdk/messages';
import {
  depthSchema,
  klinesSchema,
  marketQuoteSchema,
  newsPageSchema,
  quotesAnswerSchema,
  rankingSchema,
  searchHistoryAnswerSchema,
  searchResultSchema,
  stocksPageSchema,
  watchlistAnswerSchema,
  watchlistToggleSchema,
} from '@kabuto/shared-sdk/schemas';
import type { z } from 'zod';
import { KLINE_INTERVALS } from '../klines/intervals';
import { MARKET_READS_PER_MINUTE } from './data';
import { call, loggedInUser, startMarketTestApp, TEST_CODES, type MarketTestContext } from '../testing/market-test-kit';

let t: MarketTestContext;
beforeAll(async () => {
  t = await startMarketTestApp();
});
afterAll(() => t.close());

describe('market data calls', () => {
  // The answers mf-market reads are the shared wire schemas, checked here on real answers
  // (strict: a field the schema does not know, or `simulated: false`, fails).
  it('every answer matches its shared wire schema', async () => {
    const user = await loggedInUser(t);
    const cases: [string, Record<string, string>, z.ZodObject][] = [
      ['market/quote', { code: '7203' }, marketQuoteSchema],
      ['market/quotes', { codes: '7203,1306' }, quotesAnswerSchema],
      ['market/depth', { code: '7203' }, depthSchema],
      ['market/klines', { code: '7203', interval: 'day', limit: '5' }, klinesSchema],
      ['market/klines', { code: '7203', interval: 'timeshare' }, klinesSchema],
      ['market/stocks', { kind: 'all', limit: '5' }, stocksPageSchema],
      ['market/rankings', { type: 'gainers', limit: '5' }, rankingSchema],
      ['market/search', { q: '72' }, searchResultSchema],
      ['market/news', {}, newsPageSchema],
      ['market/watchlistAdd', { code: '7203' }, watchlistToggleSchema],
      ['market/watchlist', {}, watchlistAnswerSchema],
      ['market/searchHistory', {}, searchHistoryAnswerSchema],
    ];
    for (const [path, form, schema] of cases) {
      const answer = await call(t.app, path, form, user);
      expect({ path, status: answer.status }).toEqual({ path, status: 1 });
      const parsed = schema.strict().safeParse(answer.data);
      expect({ path, issues: parsed.error?.issues ?? [] }).toEqual({ path, issues: [] });
    }
  });

  it('quote: the stock-detail fields, the name in the caller’s language, simulated', async () => {
    const jp = await call(t.app, 'market/quote', { code: '7203', lang: 'jp' });
    expect(jp).toMatchObject({ http: 200, status: 1, data: { code: '7203', displayName: 'トヨタ自動車', simulated: true, phase: 'zaraba', lot: 100 } });
    for (const k of ['open', 'previousClose', 'high', 'low', 'volume', 'turnover', 'pe', 'industryPe', 'upperLimit', 'lowerLimit', 'bestBid', 'bestAsk']) {
      expect(jp.data[k]).toEqual(expect.any(Number));
    }
    expect((await call(t.app, 'market/quote', { code: '7203', lang: 'en' })).data.displayName).toBe('Toyota Motor');
    expect((await call(t.app, 'market/quote', { code: '7203' })).data.sectorName).toBe('汽車');
  });

  it.each([
    ['market/quote', { code: '0000' }],
    ['market/quote', {}],
    ['market/depth', { code: 'ABCD' }],
    ['market/trades', { code: '9999' }],
    ['market/klines', { code: '1234', interval: 'day' }],
    ['market/quotes', { codes: '7203,0001' }],
  ])('%s refuses an unknown code %p', async (path, form) => {
    expect(await call(t.app, path, form)).toMatchObject({ http: 200, status: 0, msg: MSG.unknownStockCode });
  });

  it('quotes: several codes in order; too many codes refused', async () => {
    const ok = await call(t.app, 'market/quotes', { codes: '1306, 7203' });
    expect(ok.data.items.map((q: { code: string }) => q.code)).toEqual(['1306', '7203']);
    const many = Array.from({ length: 51 }, (_, i) => String(1000 + i)).join(',');
    expect(await call(t.app, 'market/quotes', { codes: many })).toMatchObject({ status: 0, msg: MSG.tooManyStockCodes });
  });

  it('depth: best five bids and asks; trades: the tape', async () => {
    const depth = await call(t.app, 'market/depth', { code: '6758' });
    expect(depth.data.bids).toHaveLength(5);
    expect(depth.data.asks).toHaveLength(5);
    expect(depth.data.bids[0].price).toBeLessThan(depth.data.asks[0].price);
    const trades = await call(t.app, 'market/trades', { code: '6758', limit: 5 });
    expect(trades.data.items.length).toBeGreaterThan(0);
    expect(trades.data.items.length).toBeLessThanOrEqual(5);
    expect(trades.data.items[0]).toMatchObject({ id: expect.any(String), price: expect.any(Number), quantity: expect.any(Number), at: expect.any(Number) });
    expect(['buy', 'sell', null]).toContain(trades.data.items[0].side);
    expect(await call(t.app, 'market/trades', { code: '6758', limit: 0 })).toMatchObject({ status: 0, msg: MSG.invalidParams });
  });

  it('klines: every interval and adjustment; bad interval, adjustment and limit refused', async () => {
    for (const interval of KLINE_INTERVALS) {
      const res = await call(t.app, 'market/klines', { code: '7203', interval, adjust: 'forward', limit: 30 });
      expect({ interval, status: res.status }).toEqual({ interval, status: 1 });
      expect(res.data.bars.length).toBeGreaterThan(0);
      expect(res.data).toMatchObject({ interval, adjust: 'forward', simulated: true });
    }
    for (const adjust of ['none', 'backward']) expect((await call(t.app, 'market/klines', { code: '7203', interval: 'day', adjust })).status).toBe(1);
    expect(await call(t.app, 'market/klines', { code: '7203', interval: '2m' })).toMatchObject({ status: 0, msg: MSG.badKlineInterval });
    expect(await call(t.app, 'market/klines', { code: '7203' })).toMatchObject({ status: 0, msg: MSG.badKlineInterval });
    expect(await call(t.app, 'market/klines', { code: '7203', interval: 'day', adjust: 'sideways' })).toMatchObject({ status: 0, msg: MSG.badKlineAdjustment });
    expect(await call(t.app, 'market/klines', { code: '7203', interval: 'day', limit: 5000 })).toMatchObject({ status: 0, msg: MSG.invalidParams });
  });

  it('public market data goes compressed to a client that accepts it', async () => {
    const ask = (acceptEncoding?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/vue/market/klines',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
        payload: 'code=7203&interval=timeshare',
      });
    const plain = await ask();
    const compressed = await ask('gzip, deflate, br');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString())).toEqual(plain.json());
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
  });

  it('stocks and rankings answer from the board and say how much is ready', async () => {
    t.runtime.board.stop();
    const early = await call(t.app, 'market/rankings', { type: 'gainers' });
    expect(early.data.total).toBe(TEST_CODES.length);
    expect(early.data.complete).toBe(early.data.ready === TEST_CODES.length);
    t.runtime.board.refreshAll();
    const gainers = await call(t.app, 'market/rankings', { type: 'gainers', limit: 3 });
    expect(gainers.data).toMatchObject({ ready: TEST_CODES.length, complete: true });
    const pct = gainers.data.items.map((q: { changePercent: number }) => q.changePercent);
    expect(pct).toEqual([...pct].sort((a, b) => b - a));
    expect(gainers.data.items.every((q: { kind: string; ready: boolean }) => q.kind === 'stock' && q.ready)).toBe(true);
    const losers = await call(t.app, 'market/rankings', { type: 'losers' });
    const lp = losers.data.items.map((q: { changePercent: number }) => q.changePercent);
    expect(lp).toEqual([...lp].sort((a, b) => a - b));
    const etf = await call(t.app, 'market/rankings', { type: 'etf' });
    expect(etf.data.items.map((q: { code: string }) => q.code).sort()).toEqual(['1306', '1321', '1570']);
    const hot = await call(t.app, 'market/rankings', { type: 'hot' });
    const turnovers = hot.data.items.map((q: { turnover: number }) => q.turnover);
    expect(turnovers).toEqual([...turnovers].sort((a, b) => b - a));
    expect(await call(t.app, 'market/rankings', { type: 'best' })).toMatchObject({ status: 0, msg: MSG.invalidParams });

    const stocks = await call(t.app, 'market/stocks', { kind: 'stock', limit: 2, offset: 1, lang: 'en' });
    expect(stocks.data).toMatchObject({ total: 5, offset: 1, ready: TEST_CODES.length });
    expect(stocks.data.items.map((r: { code: string }) => r.code)).toEqual(['6758', '7203']);
    expect(stocks.data.items[1]).toMatchObject({ ready: true, displayName: 'Toyota Motor' });
    expect((await call(t.app, 'market/stocks', { kind: 'etf' })).data.total).toBe(3);
    expect(await call(t.app, 'market/stocks', { kind: 'bonds' })).toMatchObject({ status: 0, msg: MSG.invalidParams });
  });

  it('stocks marks instruments the warm-up has not reached as pending', async () => {
    const fresh = await startMarketTestApp(['7203', '6758']);
    try {
      const res = await call(fresh.app, 'market/stocks', { lang: 'jp' });
      expect(res.data.ready).toBe(0);
      expect(res.data.items[0]).toEqual(expect.objectContaining({ ready: false, code: '6758', displayName: 'ソニーグループ', simulated: true }));
      // The background warm-up fills the board in slices.
      fresh.runtime.board.start();
      for (let i = 0; i < 200 && fresh.runtime.board.readyCount() < 2; i += 1) await new Promise((r) => setTimeout(r, 10));
      expect((await call(fresh.app, 'market/rankings', { type: 'hot' })).data).toMatchObject({ ready: 2, complete: true });
    } finally {
      await fresh.close();
    }
  });

  it('one address gets MARKET_READS_PER_MINUTE calls of a read a minute, then tooFrequent; another address is not held up', async () => {
    const quoteFrom = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/vue/market/quote',
        payload: 'code=7203',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        remoteAddress,
      });
    for (let i = 0; i < MARKET_READS_PER_MINUTE; i += 1) expect((await quoteFrom('198.51.100.7')).statusCode).toBe(200);
    const refused = await quoteFrom('198.51.100.7');
    expect(refused.json()).toMatchObject({ status: 0, msg: MSG.tooFrequent });
    expect((await quoteFrom('198.51.100.8')).json()).toMatchObject({ status: 1 });
  });

  it('search: by code, Japanese, English and Traditional Chinese name, and reading', async () => {
    const codes = async (q: string) => (await call(t.app, 'market/search', { q })).data.items.map((i: { code: string }) => i.code);
    expect(await codes('7203')).toEqual(['7203']);
    expect(await codes('トヨタ')).toContain('7203');
    expect(await codes('toyota')).toContain('7203');
    expect(await codes('豐田')).toContain('7203');
    expect(await codes('とよた')).toContain('7203');
    expect(await codes('')).toEqual([]);
    expect(await codes('zzzz-nothing')).toEqual([]);
  });
});

describe('search history', () => {
  it('is kept per user when logged in, newest first without repeats, and cleared', async () => {
    const alice = await loggedInUser(t);
    const bob = await loggedInUser(t);
    await call(t.app, 'market/search', { q: 'toyota' }, alice);
    t.clock.advance(1000);
    await call(t.app, 'market/search', { q: ' 7203 ' }, alice);
    t.clock.advance(1000);
    await call(t.app, 'market/search', { q: 'toyota' }, alice);
    await call(t.app, 'market/search', { q: 'sony' }, bob);
    await call(t.app, 'market/search', { q: 'anonymous' });
    const list = await call(t.app, 'market/searchHistory', {}, alice);
    expect(list.data.items.map((i: { query: string }) => i.query)).toEqual(['toyota', '7203']);
    expect((await call(t.app, 'market/searchHistory', {}, bob)).data.items.map((i: { query: string }) => i.query)).toEqual(['sony']);
    expect(await call(t.app, 'market/searchHistoryClear', {}, alice)).toMatchObject({ status: 1, msg: MSG.deleteSuccess, data: { cleared: 2 } });
    expect((await call(t.app, 'market/searchHistory', {}, alice)).data.items).toEqual([]);
    expect((await call(t.app, 'market/searchHistory', {}, bob)).data.items).toHaveLength(1);
  });

  it('needs a session; search with a dead session is refused like any logged-in call', async () => {
    expect((await call(t.app, 'market/searchHistory')).http).toBe(401);
    expect((await call(t.app, 'market/search', { q: '7203' }, { token: 'nope', account: '9000000000' })).http).toBe(401);
  });

  it('keeps at most 20 queries', async () => {
    const carol = await loggedInUser(t);
    for (let i = 0; i < 25; i += 1) {
      t.clock.advance(10);
      await call(t.app, 'market/search', { q: `q${i}` }, carol);
    }
    const items = (await call(t.app, 'market/searchHistory', {}, carol)).data.items;
    expect(items).toHaveLength(20);
    expect(items[0].query).toBe('q24');
  });
});

describe('contract gaps a caller hits', () => {
  it('market/news with a code that is not in the universe answers unknownStockCode, not an empty success', async () => {
    expect(await call(t.app, 'market/news', { code: '0000' })).toMatchObject({ status: 0, msg: MSG.unknownStockCode });
    expect(await call(t.app, 'market/news', { code: '7203' })).toMatchObject({ status: 1 });
  });

  it('klines honours limit for the time-sharing interval too (the last minutes)', async () => {
    const all = (await call(t.app, 'market/klines', { code: '7203', interval: 'timeshare' })).data.bars as { time: number }[];
    expect(all.length).toBeGreaterThan(5);
    const five = (await call(t.app, 'market/klines', { code: '7203', interval: 'timeshare', limit: '5' })).data.bars as { time: number }[];
    expect(five).toEqual(all.slice(-5));
  });

  it('a search longer than 40 characters is refused, not cut and answered', async () => {
    expect(await call(t.app, 'market/search', { q: 'x'.repeat(10_000) })).toMatchObject({ status: 0, msg: MSG.searchTooLong });
    expect(await call(t.app, 'market/search', { q: 'x'.repeat(41) })).toMatchObject({ status: 0, msg: MSG.searchTooLong });
    expect(await call(t.app, 'market/search', { q: `  ${'7'.repeat(40)}  ` })).toMatchObject({ status: 1 });
  });

  it('market/indices answers the simulated Nikkei 225 and TOPIX with their methods and approximation notes', async () => {
    const res = await call(t.app, 'market/indices', {});
    expect(res.status).toBe(1);
    const items = res.data.items as {
      code: string;
      simulated: boolean;
      method: string;
      value: number;
      previousClose: number;
      change: number;
      note: { en: string };
    }[];
    expect(items.map((i) => [i.code, i.method, i.simulated])).toEqual([
      ['N225', 'price-weighted', true],
      ['TOPIX', 'free-float-cap-weighted', true],
    ]);
    for (const i of items) {
      expect(i.value).toBeGreaterThan(0);
      expect(i.change).toBeCloseTo(i.value - i.previousClose, 1);
      expect(i.note.en).toMatch(/Approximation/);
    }
  });
});
