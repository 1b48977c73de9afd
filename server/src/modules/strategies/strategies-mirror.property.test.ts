// Property: over random leader trades (buy lots, then a partial sell), random follower liquidity
// prices and random follower amounts, against the whole app and the simulated venue:
// - every mirrored open is floor(fill × amount ÷ leader equity) in whole lots, within a lot of proportional
//   (per venue trade: the leader's order may fill in several);
// - every mirrored close is the leader's closed share of the follower's copy, within a lot;
// - a follower's cash = deposit − cost of the copied buys + proceeds of the copied sales − fees;
// - the ledger sums to zero.
import fc from 'fast-check';
import { and, eq, inArray } from 'drizzle-orm';
import type { StrategyView } from '@kabuto/shared-sdk/schemas';
import { checkLedger } from '../funds';
import { tradingPositions } from '../trading';
import { mirroredCloseShares, mirroredShares } from './mirroring/mirror';
import { strategyFollowings, strategyMirroredOrders } from './schema';
import {
  CODE,
  cashOf,
  closeAtMarket,
  createTrader,
  followForm,
  openStreet,
  placeOrder,
  startStrategiesTestApp,
  strategy,
  type StrategiesTestContext,
  type TestCustomer,
} from './testing/strategies-test-kit';

jest.setTimeout(600_000);

let t: StrategiesTestContext;
let street: Awaited<ReturnType<typeof openStreet>>;
beforeAll(async () => {
  // History and risk rules are the flow test's: here every leader may publish at once.
  t = await startStrategiesTestApp({ leader: { minHistoryDays: 0, maxRiskScore: 10, maxLeverageTenths: 10 } });
  street = await openStreet(t, 6);
  await street.open(t.runtime.market.quote(CODE).previousClose / 10);
});
afterAll(async () => t.close());

const LOT = 100;
const last = () => {
  const q = t.runtime.market.quote(CODE);
  return (q.last ?? q.previousClose) / 10;
};

test('mirrored sizes within a lot of proportional; follower cash from their own fills; ledger zero-sum', async () => {
  let run = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 1, max: 20 }),
      fc.integer({ min: 0, max: 20 }),
      fc.integer({ min: 1_000_000, max: 5_000_000 }),
      fc.array(fc.integer({ min: 30_000, max: 2_000_000 }), { minLength: 1, maxLength: 4 }),
      fc.integer({ min: 0, max: 3 }),
      async (buyLots, sellPart, leaderYen, amounts, spread) => {
        run++;
        const sellLots = Math.min(buyLots, Math.floor((buyLots * sellPart) / 20));
        const p = last();
        const leader = await createTrader(t, BigInt(leaderYen) + 4_000_000n);
        const published = await strategy<StrategyView>(
          t.app,
          'optIn',
          { name: `Run ${run}`, description: 'Random.', riskNotes: 'Simulated.', idempotencyKey: `property-${run}-${leader.user.id}` },
          leader,
        );
        expect(published.status).toBe(1);
        const followers: { c: TestCustomer; deposit: bigint; amount: bigint; followingId: number }[] = [];
        for (const a of amounts) {
          const deposit = BigInt(a) + 3_000_000n;
          const c = await createTrader(t, deposit);
          const f = await strategy<{ id: number }>(t.app, 'follow', followForm(published.data.id, String(a), '2025-12-31'), c);
          expect(f.status).toBe(1);
          followers.push({ c, deposit, amount: BigInt(a), followingId: f.data.id });
        }
        // The leader's buy at p; the followers' market buys meet asks at p + spread (enough for any size).
        await street.askAt(p, buyLots);
        await street.askAt(p + spread, 400);
        const bought = await placeOrder(t, leader, { code: CODE, price: String(p), lots: buyLots });
        expect(bought.data.status).toBe('holding');
        await t.settle();
        if (sellLots > 0) {
          await street.bidAt(p, sellLots);
          await street.bidAt(p - spread, 400);
          const sold = await closeAtMarket(t.app, leader, bought.data.id, sellLots, `close-${bought.data.id}-${sellLots}-x`);
          expect(sold).toBe(1);
          await t.settle();
        }
        // Leftover street liquidity is taken off so the next run starts from a clean book.
        await clearStreet();

        const ids = followers.map((f) => f.followingId);
        const rows = await t.db.select().from(strategyMirroredOrders).where(inArray(strategyMirroredOrders.followingId, ids));
        for (const f of followers) {
          const opens = rows.filter((r) => r.followingId === f.followingId && r.kind === 'open');
          // The leader's buy may fill in more than one venue trade (an order resting ahead of the
          // street's ask): each trade is mirrored on its own, sized from its own quantity.
          expect(opens.length).toBeGreaterThanOrEqual(1);
          expect(opens.reduce((a, r) => a + r.leaderQuantity, 0)).toBe(buyLots * LOT);
          for (const o of opens) {
            expect(o.followerAmount).toBe(f.amount);
            // The leader's equity at the fill: their cash and the shares at the last price (≈ deposit, no fees by default).
            expect(Number(o.leaderEquity)).toBeGreaterThan((leaderYen + 4_000_000) * 0.99);
            expect(Number(o.leaderEquity)).toBeLessThan((leaderYen + 4_000_000) * 1.01);
            const proportional = (o.leaderQuantity * Number(f.amount)) / Number(o.leaderEquity);
            expect(o.quantity).toBe(mirroredShares(o.leaderQuantity, f.amount, o.leaderEquity, LOT));
            expect(o.quantity % LOT).toBe(0);
            expect(o.quantity).toBeLessThanOrEqual(proportional + 1e-9);
            expect(proportional - o.quantity).toBeLessThan(LOT);
            expect(o.outcome).toBe(o.quantity === 0 ? 'skipped' : 'placed');
          }
          const copied = opens.reduce((a, r) => a + r.quantity, 0);
          const closes = rows.filter((r) => r.followingId === f.followingId && r.kind === 'close');
          if (sellLots > 0 && copied > 0) {
            const closed = closes.reduce((a, r) => a + r.quantity, 0);
            expect(closed).toBe(mirroredCloseShares(copied, buyLots * LOT, sellLots * LOT, 0, LOT));
            expect((copied * sellLots) / buyLots - closed).toBeLessThan(LOT);
          } else expect(closes.every((r) => r.quantity === 0)).toBe(true);
          // Cash from the follower's own positions: deposit − cost + proceeds − fees.
          const positions = await t.db.select().from(tradingPositions).where(eq(tradingPositions.userId, f.c.user.id));
          const cost = positions.reduce((a, q) => a + q.openValueTenths, 0n) / 10n;
          const proceeds = positions.reduce((a, q) => a + q.closeValueTenths, 0n) / 10n;
          const fees = positions.reduce((a, q) => a + q.feesPosted, 0n);
          expect(await cashOf(t, f.c)).toBe(f.deposit - cost + proceeds - fees);
          expect(positions.reduce((a, q) => a + q.openQuantity, 0)).toBe(copied);
        }
        // Each run's followings end (positions kept) so later runs' leaders are unrelated.
        await t.db
          .update(strategyFollowings)
          .set({ status: 'ended', endReason: 'customer', endedAt: t.clock.now() })
          .where(and(inArray(strategyFollowings.id, ids), eq(strategyFollowings.status, 'inProgress')));
        expect((await checkLedger(t.db)).balanced).toBe(true);
      },
    ),
    { numRuns: 12 },
  );
});

async function clearStreet(): Promise<void> {
  await street.clear();
  await t.settle();
}
