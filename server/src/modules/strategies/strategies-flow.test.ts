// Strategies end to end against the whole app on PGlite and the simulated venue: a leader opts in
// (refused before 30 days of fills, then published), followers follow (each refusal with its
// catalogue message, nothing held or posted), a leader fill is mirrored in whole lots (a 0-lot
// follower skipped) through trading's placement, slippage recorded from the followers' own fills,
// stop with close vs keep, the copy stop-loss ending a following with a notice, the daily
// broker-paid leader fee, the deadline, and the ledger zero-sum throughout.
import { and, eq } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { FollowPreview, FollowingView, StrategyView } from '@kabuto/shared-sdk/schemas';
import { jstDate } from '../../clock';
import { checkLedger, heldFor, ledgerJournal } from '../funds';
import { siteMessages } from '../identity';
import { tradingFills, tradingPositions } from '../trading';
import { accrueLeaderFees } from './following/fees';
import { sweepFollowings } from './following/following';
import { checkStrategy } from '../../ops-cli/strategy-check';
import { strategyFollowings, strategyMirroredOrders } from './schema';
import {
  CODE,
  cashOf,
  createTrader,
  followForm,
  followingOf,
  openStreet,
  placeOrder,
  strategy,
  useStrategiesTestApp,
  type TestCustomer,
} from './testing/strategies-test-kit';

jest.setTimeout(120_000);

const t = useStrategiesTestApp();

const optIn = (c: TestCustomer, name = 'Steady Toyota') =>
  strategy<StrategyView>(
    t.app,
    'optIn',
    { name, description: 'Buys large caps on dips.', riskNotes: 'One stock; simulated venue.', idempotencyKey: `opt-in-${c.user.id}-${name.length}` },
    c,
  );

const following = (c: TestCustomer, id: number): Promise<FollowingView> => followingOf(t.app, c, id);

/** The one close at market a following's end made: its order filled, priced from the follower's own fills; nothing still held. */
async function expectClosedAtEnd(c: TestCustomer, id: number, reason: 'customer' | 'stopLoss'): Promise<FollowingView['closedAtEnd'][number]> {
  const view = await following(c, id);
  expect(view.heldPositions).toBe(0);
  expect(view.closedAtEnd).toHaveLength(1);
  const close = view.closedAtEnd[0] as FollowingView['closedAtEnd'][number];
  expect(close).toMatchObject({ code: CODE, side: 'sell', reason, quantity: 100, filledQuantity: 100, state: 'filled', refusal: null, at: view.endedAt });
  // Not a mirrored order: no leader fill caused it.
  expect(view.mirrored.map((m) => m.side)).toEqual(['buy']);
  const fills = await t.db
    .select()
    .from(tradingFills)
    .where(eq(tradingFills.orderId, close.orderId as number));
  expect(fills.length).toBeGreaterThan(0);
  expect(fills.every((f) => f.userId === c.user.id && f.side === 'sell' && !f.auction)).toBe(true);
  const avg = fills.reduce((a, f) => a + f.price * f.quantity, 0) / fills.reduce((a, f) => a + f.quantity, 0) / 10;
  expect(Number(close.fillPrice)).toBeCloseTo(avg, 1);
  return close;
}

test('opt-in, follow refusals, mirrored lots and slippage, stop close vs keep, copy stop-loss, fee, deadline', async () => {
  let p = t.runtime.market.quote(CODE).previousClose / 10;
  const street = await openStreet(t);
  const leader = await createTrader(t, 3_000_000n);
  const retiring = await createTrader(t, 3_000_000n);

  // No fills yet: refused by the history rule, naming the figure and the minimum.
  const early = await optIn(leader);
  expect(early).toMatchObject({ status: 0, msg: MSG.strategyNotEligible, data: { rule: 'history-days', days: 0, minimum: 30 } });

  // Day 1: both leaders' first venue fills.
  await street.open(p);
  await street.askAt(p, 2);
  for (const c of [leader, retiring]) expect((await placeOrder(t, c, { code: CODE, price: String(p), lots: 1 })).data.status).toBe('holding');

  // 32 days later: eligible.
  t.clock.set(jstDate(2025, 2, 7, 10, 0));
  await t.service.sweep();
  // The simulated path moved over the month: today's prices start from today's previous close.
  p = t.runtime.market.quote(CODE).previousClose / 10;
  await street.open(p);
  const published = await optIn(leader);
  expect(published).toMatchObject({ status: 1, data: { status: 'active', simulated: true, record: { trades: 1, daysLive: 32 } } });
  const id = published.data.id;
  expect((await optIn(leader, 'Second')).msg).toBe(MSG.strategyAlreadyPublished);
  const other = await optIn(retiring, 'Retiring');
  expect(other.status).toBe(1);
  expect((await strategy(t.app, 'retire', {}, retiring)).status).toBe(1);

  // The list keeps the retired strategy with its record.
  const list = await strategy<{ list: StrategyView[] }>(t.app, 'list', {}, leader);
  expect(list.data.list.map((s) => [s.id, s.status])).toEqual([
    [other.data.id, 'retired'],
    [id, 'active'],
  ]);

  // The preview publishes the fee with a worked example; the follower pays nothing.
  const pv = await strategy<FollowPreview>(t.app, 'preview', { id, amount: '310000' }, leader);
  expect(pv).toMatchObject({
    status: 1,
    data: {
      minimum: { minor: '30000' },
      fee: { model: 'broker-paid', ratePercentPerYear: '1.5', followerPays: { minor: '0' }, exampleDailyToLeader: { minor: '12' } },
    },
  });

  // Refusals: each with its catalogue message, nothing held or posted.
  const r = await createTrader(t, 100_000n);
  const today = '2025-02-07';
  const refusals: [Record<string, string | number | undefined>, TestCustomer, string, Record<string, unknown>][] = [
    [followForm(id, '29999', today), r, MSG.belowProductMinimum, { rule: 'product-minimum' }],
    [followForm(id, 'abc', today), r, MSG.amountInvalid, {}],
    [
      followForm(id, '200000', today),
      r,
      MSG.insufficientBuyingPower,
      { rule: 'buying-power', required: { minor: '200000' }, buyingPower: { minor: '100000' } },
    ],
    [followForm(id, '50000', '2025-02-06'), r, MSG.followDeadlinePassed, { rule: 'deadline' }],
    [followForm(other.data.id, '50000', today), r, MSG.productNotFound, { rule: 'retired' }],
    [followForm(id, '50000', today), leader, MSG.followOwnStrategy, { rule: 'own-strategy' }],
    [followForm(id, '50000', today, { stopLossPercent: 96 }), r, MSG.copyStopLossInvalid, {}],
    [followForm(99999, '50000', today), r, MSG.productNotFound, {}],
  ];
  const journalsBefore = (await t.db.select().from(ledgerJournal)).length;
  for (const [form, who, msg, data] of refusals) expect(await strategy(t.app, 'follow', form, who)).toMatchObject({ status: 0, msg, data });
  expect(await strategy(t.app, 'follow', followForm(id, '50000', today, { fundPassword: '999999' }), r)).toMatchObject({ status: 0 });
  expect(await cashOf(t, r)).toBe(100_000n);
  expect((await heldFor(t.strategies.funds, t.db, r.user.id, 'JPY')).total).toBe(0n);
  expect(await t.db.select().from(strategyFollowings).where(eq(strategyFollowings.userId, r.user.id))).toEqual([]);
  expect((await t.db.select().from(ledgerJournal)).length).toBe(journalsBefore);

  // Followers: three of ¥310,000 (1 lot each of a 10-lot leader fill at ~¥3m equity), one of ¥30,000 (0 lots).
  const deadline = '2025-03-31';
  const [f1, f3, f4] = [await createTrader(t, 1_000_000n), await createTrader(t, 1_000_000n), await createTrader(t, 1_000_000n)];
  const f2 = await createTrader(t, 100_000n);
  const ids = new Map<TestCustomer, number>();
  for (const [c, amount, sl] of [
    [f1, '310000', 5],
    [f3, '310000', 40],
    [f4, '310000', 40],
    [f2, '30000', 40],
  ] as const) {
    const answer = await strategy<FollowingView>(t.app, 'follow', followForm(id, amount, f2 === c ? today : deadline, { stopLossPercent: sl }), c);
    expect(answer).toMatchObject({ status: 1, msg: MSG.followSuccess, data: { status: 'inProgress', stopLossPercent: sl } });
    ids.set(c, answer.data.id);
  }
  expect((await strategy(t.app, 'follow', followForm(id, '310000', deadline), f1)).msg).toBe(MSG.followAlreadyActive);
  expect(await cashOf(t, f1)).toBe(1_000_000n); // following moves no money by itself

  // The leader buys 10 lots at p; the followers' market buys meet the asks at p + 5.
  await street.askAt(p, 10);
  await street.askAt(p + 5, 3);
  expect((await placeOrder(t, leader, { code: CODE, price: String(p), lots: 10 })).data.status).toBe('holding');
  await t.settle();
  for (const c of [f1, f3, f4]) {
    const view = await following(c, ids.get(c) as number);
    expect(view.mirrored).toEqual([
      expect.objectContaining({ code: CODE, side: 'buy', leaderQuantity: 1000, quantity: 100, outcome: 'placed', leaderPrice: String(p) }),
    ]);
    // The follower's price is their own fills' at the venue; slippage is theirs minus the leader's.
    const m = view.mirrored[0] as FollowingView['mirrored'][number];
    const fills = await t.db
      .select()
      .from(tradingFills)
      .where(eq(tradingFills.positionId, m.positionId as number));
    const avg = fills.reduce((a, f) => a + f.price * f.quantity, 0) / fills.reduce((a, f) => a + f.quantity, 0) / 10;
    expect(fills.every((f) => f.userId === c.user.id)).toBe(true);
    expect(Number(m.fillPrice)).toBeCloseTo(avg, 1);
    expect(Number(m.slippage)).toBeCloseTo(avg - p, 1);
    expect(avg).toBeGreaterThan(p);
  }
  expect((await following(f2, ids.get(f2) as number)).mirrored).toEqual([
    expect.objectContaining({ quantity: 0, outcome: 'skipped', reason: 'zero-lots', positionId: null }),
  ]);
  const positionOf = async (c: TestCustomer) => (await following(c, ids.get(c) as number)).mirrored[0]?.positionId as number;
  const statusOf = async (positionId: number) => (await t.db.select().from(tradingPositions).where(eq(tradingPositions.id, positionId)))[0]?.status;

  // A leader order refused at the venue's rules mirrors nothing.
  const before = (await following(f1, ids.get(f1) as number)).mirrored.length;
  expect((await placeOrder(t, leader, { code: CODE, price: String(p), lots: 100 })).status).toBe(0);
  await t.settle();
  expect((await following(f1, ids.get(f1) as number)).mirrored.length).toBe(before);

  // Stop: keep (the position stays the follower's) vs close at market.
  expect(await strategy(t.app, 'stop', { id: ids.get(f3), positions: 'keep' }, f3)).toMatchObject({
    status: 1,
    data: { status: 'ended', endReason: 'customer' },
  });
  expect(await statusOf(await positionOf(f3))).toBe('holding');
  // Kept: still held, so its value moves with the price; nothing was sold at the end.
  expect(await following(f3, ids.get(f3) as number)).toMatchObject({ heldPositions: 1, closedAtEnd: [] });
  await street.bidAt(p, 1);
  expect(await strategy(t.app, 'stop', { id: ids.get(f4), positions: 'close' }, f4)).toMatchObject({ status: 1, data: { status: 'ended' } });
  await t.settle();
  expect(await statusOf(await positionOf(f4))).toBe('closed');
  // Closed: the sale that ended it is listed with the follower's own venue fill price, nothing held.
  await expectClosedAtEnd(f4, ids.get(f4) as number, 'customer');
  expect((await strategy(t.app, 'pause', { id: ids.get(f4) }, f4)).msg).toBe(MSG.followingEnded);

  // The price falls ¥200: f1's following (¥310,000, stop-loss 5 %) has lost more than ¥15,500.
  // Walked down in small steps: a jump would stop at the venue's special quote instead of trading.
  for (let k = 10; k <= 200; k += 10) {
    await street.askAt(p - k, 1);
    await street.bidAt(p - k, 1);
  }
  expect(t.runtime.market.quote(CODE).last).toBe((p - 200) * 10);
  await street.bidAt(p - 200, 2);
  const swept = await sweepFollowings(t.strategies);
  expect(swept).toEqual({ deadline: 0, stopLoss: 1 });
  await t.settle();
  expect(await following(f1, ids.get(f1) as number)).toMatchObject({ status: 'ended', endReason: 'stopLoss' });
  expect(await statusOf(await positionOf(f1))).toBe('closed');
  expect(Number((await expectClosedAtEnd(f1, ids.get(f1) as number, 'stopLoss')).fillPrice)).toBe(p - 200);
  const notices = await t.db
    .select()
    .from(siteMessages)
    .where(and(eq(siteMessages.userId, f1.user.id), eq(siteMessages.kind, 'strategy_stop_loss')));
  expect(notices).toHaveLength(1);

  // The broker pays the leader the day's fee on f2's following (¥30,000 × 1.5 % ÷ 365 = ¥1), once a day.
  const leaderCash = await cashOf(t, leader);
  expect(await accrueLeaderFees(t.strategies)).toMatchObject({ date: today, accrued: 1, total: 1n });
  expect(await accrueLeaderFees(t.strategies)).toMatchObject({ accrued: 0 });
  expect(await cashOf(t, leader)).toBe(leaderCash + 1n);

  // After the deadline: a late request is refused, the sweep ends the following.
  t.clock.set(jstDate(2025, 2, 8, 0, 0, 1));
  expect((await strategy(t.app, 'pause', { id: ids.get(f2) }, f2)).msg).toBe(MSG.followDeadlinePassed);
  expect(await sweepFollowings(t.strategies)).toEqual({ deadline: 1, stopLoss: 0 });
  expect((await strategy<{ list: FollowingView[] }>(t.app, 'followings', { status: 'ended' }, f2)).data.list).toEqual([
    expect.objectContaining({ endReason: 'deadline' }),
  ]);

  expect((await checkLedger(t.db)).balanced).toBe(true);

  // strategy-verify: the record and every mirrored size recomputed from the fills match what is published…
  const check = await checkStrategy(t.db, id, t.clock.now());
  expect(check.lines.filter((l) => !l.match)).toEqual([]);
  expect(check.match).toBe(true);
  expect(check.record).toEqual((await strategy<StrategyView>(t.app, 'detail', { id }, leader)).data.record);
  // …and a size changed after the fact is found.
  const first = (await following(f3, ids.get(f3) as number)).mirrored[0] as FollowingView['mirrored'][number];
  await t.db.update(strategyMirroredOrders).set({ quantity: 200 }).where(eq(strategyMirroredOrders.id, first.id));
  expect((await checkStrategy(t.db, id, t.clock.now())).match).toBe(false);
});
