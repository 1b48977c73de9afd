import { eq } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import { users } from '../../identity';
import { WATCHLIST_MAX } from '../watchlist/store';
import { watchlistEntries } from '../schema';
import { call, loggedInUser, startMarketTestApp, type MarketTestContext } from '../testing/market-test-kit';

// The rule of shared-sdk's containsSymbol (api/watchlist.ts), which isOnWatchlist applies to
// this answer; the SDK module itself is browser code the server does not load.
function containsSymbol(map: Record<string, { symbol?: unknown }>, symbol: string): boolean {
  return Object.values(map).some((entry) => String(entry.symbol) === symbol);
}

let t: MarketTestContext;
beforeAll(async () => {
  t = await startMarketTestApp();
});
afterAll(() => t.close());

const codesOf = (answer: { data: { items: Array<{ code: string }> } }) => answer.data.items.map((i) => i.code);

describe('watchlist', () => {
  it('adds, lists with live prices, reorders and removes, per user', async () => {
    const alice = await loggedInUser(t);
    const bob = await loggedInUser(t);
    expect(await call(t.app, 'market/watchlistAdd', { code: '7203' }, alice)).toMatchObject({
      status: 1,
      msg: MSG.watchlistAdded,
      data: { code: '7203', on: true },
    });
    await call(t.app, 'market/watchlistAdd', { code: '1306' }, alice);
    await call(t.app, 'market/watchlistAdd', { code: '6758' }, alice);
    await call(t.app, 'market/watchlistAdd', { code: '7203' }, alice); // again: unchanged
    await call(t.app, 'market/watchlistAdd', { code: '9984' }, bob);

    const list = await call(t.app, 'market/watchlist', { lang: 'en' }, alice);
    expect(codesOf(list)).toEqual(['7203', '1306', '6758']);
    expect(list.data.items[0]).toMatchObject({ position: 0, quote: { code: '7203', displayName: 'Toyota Motor', simulated: true, last: expect.any(Number) } });
    expect(codesOf(await call(t.app, 'market/watchlist', {}, bob))).toEqual(['9984']);

    expect((await call(t.app, 'market/watchlistReorder', { codes: '6758,7203' }, alice)).data.codes).toEqual(['6758', '7203', '1306']);
    expect(codesOf(await call(t.app, 'market/watchlist', {}, alice))).toEqual(['6758', '7203', '1306']);
    expect((await call(t.app, 'market/watchlistReorder', { codes: '1306,9999' }, alice)).data.codes).toEqual(['1306', '6758', '7203']);
    expect(await call(t.app, 'market/watchlistReorder', { codes: '1306,1306' }, alice)).toMatchObject({ status: 0, msg: MSG.invalidParams });

    expect(await call(t.app, 'market/watchlistRemove', { code: '6758' }, alice)).toMatchObject({ status: 1, msg: MSG.watchlistRemoved, data: { on: false } });
    expect(codesOf(await call(t.app, 'market/watchlist', {}, alice))).toEqual(['1306', '7203']);
    expect(codesOf(await call(t.app, 'market/watchlist', {}, bob))).toEqual(['9984']);
  });

  it('answers the spec lookup user/Optionallist as a map of entries carrying symbol', async () => {
    const carol = await loggedInUser(t);
    await call(t.app, 'market/watchlistAdd', { code: '7203' }, carol);
    await call(t.app, 'market/watchlistAdd', { code: '1321' }, carol);
    const lookup = await call(t.app, 'user/Optionallist', { offset: 0, type: 'jp' }, carol);
    expect(lookup.status).toBe(1);
    expect(lookup.data['7203']).toMatchObject({ symbol: '7203', kind: 'stock' });
    // The shared-sdk's isOnWatchlist reads it with containsSymbol.
    expect(containsSymbol(lookup.data, '7203')).toBe(true);
    expect(containsSymbol(lookup.data, '1321')).toBe(true);
    expect(containsSymbol(lookup.data, '6758')).toBe(false);
    const etfOnly = await call(t.app, 'user/Optionallist', { offset: 0, type: 'etf' }, carol);
    expect(Object.keys(etfOnly.data)).toEqual(['1321']);
    await call(t.app, 'market/watchlistRemove', { code: '7203' }, carol);
    expect(containsSymbol((await call(t.app, 'user/Optionallist', { offset: 0 }, carol)).data, '7203')).toBe(false);
    const dave = await loggedInUser(t);
    expect((await call(t.app, 'user/Optionallist', { offset: 0 }, dave)).data).toEqual({});
  });

  it('refuses unknown codes, anonymous callers and a full list', async () => {
    const erin = await loggedInUser(t);
    expect(await call(t.app, 'market/watchlistAdd', { code: '0000' }, erin)).toMatchObject({ status: 0, msg: MSG.unknownStockCode });
    expect(await call(t.app, 'market/watchlistRemove', { code: 'XYZ' }, erin)).toMatchObject({ status: 0, msg: MSG.unknownStockCode });
    expect((await call(t.app, 'market/watchlistAdd', { code: '7203' })).http).toBe(401);
    expect((await call(t.app, 'user/Optionallist', { offset: 0 })).http).toBe(401);
    // Fill the list directly (the test universe has fewer codes than the limit).
    const [{ id: userId } = { id: 0 }] = await t.db.select({ id: users.id }).from(users).where(eq(users.account, erin.account));
    await t.db
      .insert(watchlistEntries)
      .values(Array.from({ length: WATCHLIST_MAX }, (_, i) => ({ userId, code: `X${i}`, position: i, addedAt: t.clock.now() })));
    expect(await call(t.app, 'market/watchlistAdd', { code: '7203' }, erin)).toMatchObject({ status: 0, msg: MSG.watchlistFull });
    // Codes that are not in the universe are hidden from the list, not an error.
    expect((await call(t.app, 'market/watchlist', {}, erin)).data.items).toEqual([]);
  });
});
