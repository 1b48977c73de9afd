// strategy/list sorted and filtered by the server (return, drawdown, risk, followers; riskMax;
// retired kept unless excluded) and strategy/verify (the same check as `npm run strategy-verify`)
// against the whole app on PGlite and the simulated venue.
import { MSG } from '@kabuto/shared-sdk/messages';
import type { FollowingView, StrategyDetailView, StrategyView, StrategyVerifyView } from '@kabuto/shared-sdk/schemas';
import { jstDate } from '../../clock';
import { trade } from '../trading/testing/trading-test-kit';
import { strategyMirroredOrders } from './schema';
import { CODE, createTrader, followForm, openStreet, placeOrder, strategy, useStrategiesTestApp } from './testing/strategies-test-kit';

jest.setTimeout(120_000);

const t = useStrategiesTestApp();

test('the list sorts and filters on the server; verify recomputes and says match, then mismatch after a size is changed', async () => {
  let p = t.runtime.market.quote(CODE).previousClose / 10;
  const street = await openStreet(t);
  const [a, b, c] = [await createTrader(t, 3_000_000n), await createTrader(t, 3_000_000n), await createTrader(t, 3_000_000n)];
  await street.open(p);
  await street.askAt(p, 3);
  for (const leader of [a, b, c]) expect((await placeOrder(t, leader, { code: CODE, price: String(p), lots: 1 })).data.status).toBe('holding');
  t.clock.set(jstDate(2025, 2, 7, 10, 0));
  await t.service.sweep();
  p = t.runtime.market.quote(CODE).previousClose / 10;
  await street.open(p);
  const ids: number[] = [];
  for (const [i, leader] of [a, b, c].entries()) {
    const opt = await strategy<StrategyView>(
      t.app,
      'optIn',
      { name: `Leader ${i}`, description: 'Large caps.', riskNotes: 'Simulated venue.', idempotencyKey: `opt-in-${leader.user.id}-list` },
      leader,
    );
    expect(opt.status).toBe(1);
    ids.push(opt.data.id);
  }
  const [idA, idB, idC] = ids as [number, number, number];
  expect((await strategy(t.app, 'retire', {}, c)).status).toBe(1);
  // Two followers on b, one on a: followers descending puts b first.
  const deadline = '2025-03-31';
  const followerB = await createTrader(t, 1_000_000n);
  for (const [who, id] of [
    [followerB, idB],
    [await createTrader(t, 1_000_000n), idB],
    [await createTrader(t, 1_000_000n), idA],
  ] as const)
    expect((await strategy<FollowingView>(t.app, 'follow', followForm(id, '310000', deadline), who)).msg).toBe(MSG.followSuccess);

  const list = async (form: Record<string, string | number>) => (await strategy<{ list: StrategyView[] }>(t.app, 'list', form, a)).data.list;
  expect((await list({ sort: 'followers' })).map((s) => [s.id, s.followers])).toEqual([
    [idB, 2],
    [idA, 1],
    [idC, 0],
  ]);
  // Retired stay listed by default, marked; excluded on request.
  expect((await list({})).find((s) => s.id === idC)?.status).toBe('retired');
  expect((await list({ includeRetired: 'false' })).map((s) => s.id).sort()).toEqual([idA, idB].sort());
  for (const [sort, key, dir] of [
    ['return', (s: StrategyView) => Number(s.record.twrPercent), -1],
    ['drawdown', (s: StrategyView) => Number(s.record.maxDrawdownPercent), 1],
    ['risk', (s: StrategyView) => s.record.riskScore, 1],
  ] as const) {
    const values = (await list({ sort })).map(key);
    expect(values).toEqual([...values].sort((x, y) => dir * (x - y)));
  }
  const all = await list({});
  const risk = Math.min(...all.map((s) => s.record.riskScore));
  expect((await list({ riskMax: risk })).map((s) => s.id).sort()).toEqual(
    all
      .filter((s) => s.record.riskScore <= risk)
      .map((s) => s.id)
      .sort(),
  );
  if (risk > 1) expect(await list({ riskMax: risk - 1 })).toEqual([]);
  expect(await strategy(t.app, 'list', { riskMax: 11 }, a)).toMatchObject({ status: 0, msg: MSG.invalidParams });
  expect(await strategy(t.app, 'list', { sort: 'luck' }, a)).toMatchObject({ status: 0, msg: MSG.invalidParams });

  // b's leader buys 10 lots: each follower of b gets 1 lot, mirrored and filled on the venue.
  await street.askAt(p, 20);
  expect((await placeOrder(t, b, { code: CODE, price: String(p), lots: 10 })).data.status).toBe('holding');
  await t.settle();
  const ok = await strategy<StrategyVerifyView>(t.app, 'verify', { id: idB }, followerB);
  expect(ok).toMatchObject({ status: 1, data: { strategyId: idB, match: true, simulated: true, recomputed: { trades: 2 }, published: { trades: 2 } } });
  expect(ok.data.lines.length).toBeGreaterThanOrEqual(2);
  // The positions tab 'following' lists the follower's copied position (offered), not the leader's.
  const copied = await trade<{ offered: boolean; list: { id: number; code: string; holdingQuantity: number }[] }>(
    t.app,
    'list',
    { tab: 'following' },
    followerB,
  );
  expect(copied.data).toMatchObject({ offered: true, list: [{ code: CODE, holdingQuantity: 100 }] });
  expect((await trade<{ list: unknown[] }>(t.app, 'list', { tab: 'following' }, b)).data.list).toEqual([]);

  // The detail shows the leader's holdings now: 1 lot then 10 lots of the code.
  const detail = await strategy<StrategyDetailView>(t.app, 'detail', { id: idB }, followerB);
  expect(detail.data.holdings).toEqual([expect.objectContaining({ code: CODE, shares: 1100 })]);
  expect(ok.data.lines.every((l) => l.match)).toBe(true);

  // A size changed after the fact is found.
  await t.db.update(strategyMirroredOrders).set({ quantity: 200 });
  const bad = await strategy<StrategyVerifyView>(t.app, 'verify', { id: idB }, followerB);
  expect(bad.data.match).toBe(false);
  expect(bad.data.lines.some((l) => !l.match && l.detail.includes('floor('))).toBe(true);
  expect(await strategy(t.app, 'verify', { id: 99999 }, a)).toMatchObject({ status: 0, msg: MSG.productNotFound });
});
