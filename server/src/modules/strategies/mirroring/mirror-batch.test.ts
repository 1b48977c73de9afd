// One leader fill mirrored to several followers at once through trading's batch placement
// (placeOrdersByRule): each follower's order is checked as its own, with the refusals a
// customer's own order gets (a trade ban, buying power), a refused one holds and posts nothing,
// and the others are placed, filled at the venue and priced by the batched fill-price write.
import { eq, inArray } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import { jstDate } from '../../../clock';
import { checkLedger, heldFor } from '../../funds';
import { users } from '../../identity';
import { tradingPositions } from '../../trading';
import { strategies, strategyFollowings, strategyMirroredOrders } from '../schema';
import { CODE, createTrader, openStreet, placeOrder, useStrategiesTestApp } from '../testing/strategies-test-kit';

jest.setTimeout(120_000);

const t = useStrategiesTestApp();

test('a leader fill mirrored to followers in one batch: refusals per order, the rest placed, filled and priced', async () => {
  const p = t.runtime.market.quote(CODE).previousClose / 10;
  const street = await openStreet(t);
  await street.open(p);
  await street.askAt(p, 40);

  const leader = await createTrader(t, 10_000_000n);
  const [strategy] = await t.db
    .insert(strategies)
    .values({
      leaderId: leader.user.id,
      name: 'Batch',
      description: 'Batch mirroring.',
      riskNotes: 'Simulated venue.',
      status: 'active',
      publishedAt: t.clock.now(),
    })
    .returning();
  if (!strategy) throw new Error('no strategy');
  const ok = [await createTrader(t, 5_000_000n), await createTrader(t, 5_000_000n)];
  const banned = await createTrader(t, 5_000_000n);
  await t.db.update(users).set({ tradeBanned: true }).where(eq(users.id, banned.user.id));
  // Cash for less than a lot held at the day's upper limit.
  const poor = await createTrader(t, 50_000n);
  const followers = [...ok, banned, poor];
  // Each follows with a tenth of the leader's equity: a 10-lot fill mirrors as 1 lot each.
  await t.db.insert(strategyFollowings).values(
    followers.map((c) => ({
      strategyId: strategy.id,
      userId: c.user.id,
      amount: 1_000_000n,
      stopLossPercent: 40,
      status: 'inProgress' as const,
      deadline: jstDate(2025, 3, 31, 15, 0),
      startedAt: t.clock.now(),
    })),
  );

  expect((await placeOrder(t, leader, { code: CODE, orderType: 'market', price: undefined, lots: 10 })).data.status).toBe('holding');
  await t.settle();

  const rows = await t.db
    .select()
    .from(strategyMirroredOrders)
    .where(
      inArray(
        strategyMirroredOrders.userId,
        followers.map((c) => c.user.id),
      ),
    );
  const rowOf = (id: number) => rows.find((r) => r.userId === id);
  for (const c of ok) expect(rowOf(c.user.id)).toMatchObject({ outcome: 'placed', quantity: 100, leaderPrice: p * 10, fillPrice: p * 10, reason: null });
  expect(rowOf(banned.user.id)).toMatchObject({ outcome: 'refused', reason: MSG.tradingBarred, positionId: null, orderId: null, fillPrice: null });
  expect(rowOf(poor.user.id)).toMatchObject({ outcome: 'refused', reason: MSG.insufficientBuyingPower, positionId: null, orderId: null });
  // A refused order wrote nothing: no position, nothing held.
  for (const c of [banned, poor]) {
    expect(await t.db.select().from(tradingPositions).where(eq(tradingPositions.userId, c.user.id))).toEqual([]);
    expect((await heldFor(t.strategies.funds, t.db, c.user.id, 'JPY')).total).toBe(0n);
  }
  expect((await checkLedger(t.db)).balanced).toBe(true);

  // The trading seam answers the same refusals to a direct batch, in order, one per order.
  const actions = t.strategies.trading.actions;
  if (!actions) throw new Error('trading not running');
  const answers = await actions.placeOrdersByRule([
    { userId: banned.user.id, code: CODE, side: 'buy', lots: 1, idempotencyKey: 'batch-banned' },
    { userId: poor.user.id, code: CODE, side: 'buy', lots: 1, idempotencyKey: 'batch-poor' },
    { userId: ok[0]?.user.id ?? 0, code: CODE, side: 'buy', lots: 1, idempotencyKey: 'batch-ok' },
  ]);
  expect(answers[0]).toMatchObject({ msg: MSG.tradingBarred, data: { restriction: 'trade_banned' } });
  expect(answers[1]).toMatchObject({ msg: MSG.insufficientBuyingPower, data: { rule: 'buying-power' } });
  expect(answers[2]).toMatchObject({ positionId: expect.any(Number), orderId: expect.any(Number) });
  // A retry with the same key places nothing twice.
  const again = await actions.placeOrdersByRule([{ userId: ok[0]?.user.id ?? 0, code: CODE, side: 'buy', lots: 1, idempotencyKey: 'batch-ok' }]);
  expect(again[0]).toMatchObject({ positionId: (answers[2] as { positionId: number }).positionId });
  await t.settle();
});
