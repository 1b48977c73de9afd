// Property: the high-water-mark profit share is never charged on a loss or below the mark, and is
// percent × (realised − mark) above it:
// - pure, over random sequences of realised profit (gains and losses) and percents;
// - against the whole app and the simulated venue, over random leader trades (lots, the sale's price
//   above or below the buy) and follower amounts: every settlement row is the formula on its own
//   figures, its realised profit is the follower's own fills', the follower's cash is deposit − cost
//   + proceeds − fees − profit share, the leader got exactly what the followers paid, the ledger
//   sums to zero.
import fc from 'fast-check';
import { eq, inArray } from 'drizzle-orm';
import type { StrategyView } from '@kabuto/shared-sdk/schemas';
import { checkLedger } from '../funds';
import { tradingPositions } from '../trading';
import { realisedProfit } from './followers/copied';
import { profitShareDue, settleProfitShares } from './profit-share/profit-share';
import { strategyProfitShareSettlements } from './profit-share/schema';
import {
  CODE,
  cashOf,
  closeAtMarket,
  createTrader,
  followForm,
  idemKey,
  openStreet,
  placeOrder,
  startStrategiesTestApp,
  strategy,
  type StrategiesTestContext,
  type TestCustomer,
} from './testing/strategies-test-kit';

jest.setTimeout(600_000);

test('pure: never on a loss or below the mark; percent × (realised − mark) above it', () => {
  fc.assert(
    fc.property(
      fc.array(fc.bigInt({ min: -10_000_000n, max: 10_000_000n }), { minLength: 1, maxLength: 30 }),
      fc.integer({ min: 1, max: 50 }),
      (path, percent) => {
        let mark = 0n;
        let paid = 0n;
        for (const realised of path) {
          const due = profitShareDue(realised, mark, percent);
          if (realised <= mark) expect(due).toBe(0n);
          else expect(due).toBe(((realised - mark) * BigInt(percent)) / 100n);
          if (realised <= 0n) expect(due).toBe(0n);
          expect(due >= 0n).toBe(true);
          // The mark rises only with a settlement that charges (as settleProfitShares stores it).
          if (due > 0n) mark = realised;
          paid += due;
        }
        // Never more than percent of the best realised profit: losses are never charged twice over.
        const best = path.reduce((a, r) => (r > a ? r : a), 0n);
        expect(paid <= (best * BigInt(percent)) / 100n).toBe(true);
      },
    ),
    { numRuns: 500 },
  );
});

let t: StrategiesTestContext;
let street: Awaited<ReturnType<typeof openStreet>>;
const lastPrice = () => {
  const q = t.runtime.market.quote(CODE);
  return (q.last ?? q.previousClose) / 10;
};

describe('whole app', () => {
  beforeAll(async () => {
    t = await startStrategiesTestApp({ leader: { minHistoryDays: 0, maxRiskScore: 10, maxLeverageTenths: 10 } });
    street = await openStreet(t, 6);
    await street.open(lastPrice());
  });
  afterAll(async () => t.close());

  test('settlements follow the formula on the followers’ own fills; cash and ledger add up', async () => {
    let run = 0;
    let charged = 0;
    let losses = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 5, max: 10 }),
        fc.integer({ min: -6, max: 6 }),
        fc.array(fc.integer({ min: 310_000, max: 1_500_000 }), { minLength: 1, maxLength: 3 }),
        async (lots, steps, amounts) => {
          run++;
          const p = lastPrice();
          const leader = await createTrader(t, 3_000_000n);
          const published = await strategy<StrategyView>(
            t.app,
            'optIn',
            { name: `Share ${run}`, description: 'Random.', riskNotes: 'Simulated.', idempotencyKey: idemKey(), feeModel: 'profit-share' },
            leader,
          );
          expect(published.status).toBe(1);
          const followers: { c: TestCustomer; deposit: bigint; followingId: number }[] = [];
          for (const a of amounts) {
            const deposit = BigInt(a) + 2_000_000n;
            const c = await createTrader(t, deposit);
            const f = await strategy<{ id: number }>(t.app, 'follow', followForm(published.data.id, String(a), '2025-06-30'), c);
            expect(f.status).toBe(1);
            followers.push({ c, deposit, followingId: f.data.id });
          }
          const leaderCash = await cashOf(t, leader);
          // The leader buys at p; every follower's copy meets the same asks (at most 5 lots each).
          await street.askAt(p, lots + 20);
          const bought = await placeOrder(t, leader, { code: CODE, price: String(p), lots });
          expect(bought.data.status).toBe('holding');
          await t.settle();
          await street.clear();
          // The price walks to p ± 5 × steps in small steps (a jump would meet the special quote), then the leader sells there.
          const target = p + 5 * steps;
          for (let k = 1; k <= Math.abs(steps); k++) {
            const at = p + 5 * k * Math.sign(steps);
            await street.askAt(at, 1);
            await street.bidAt(at, 1);
          }
          await street.bidAt(target, lots + 20);
          expect(await closeAtMarket(t.app, leader, bought.data.id, lots)).toBe(1);
          await t.settle();
          await settleProfitShares(t.strategies);
          // Each following ends (positions kept): the final settlement, then none.
          for (const f of followers) expect((await strategy(t.app, 'stop', { id: f.followingId, positions: 'keep' }, f.c)).status).toBe(1);
          await settleProfitShares(t.strategies);
          expect(await settleProfitShares(t.strategies)).toEqual({ settled: 0, total: 0n, deferred: 0 });
          await street.clear();
          await t.settle();

          const rows = await t.db
            .select()
            .from(strategyProfitShareSettlements)
            .where(
              inArray(
                strategyProfitShareSettlements.followingId,
                followers.map((f) => f.followingId),
              ),
            );
          let paidToLeader = 0n;
          for (const f of followers) {
            const mine = rows.filter((r) => r.followingId === f.followingId).sort((a, b) => a.seq - b.seq);
            expect(mine.at(-1)?.final).toBe(true);
            let mark = 0n;
            for (const r of mine) {
              expect(r.markBefore).toBe(mark);
              expect(r.percent).toBe(20);
              expect(r.amount).toBe(profitShareDue(r.realised, r.markBefore, 20));
              if (r.realised <= r.markBefore) expect(r.amount).toBe(0n);
              else expect(r.amount).toBe(((r.realised - r.markBefore) * 20n) / 100n);
              if (r.amount > 0n) mark = r.realised;
            }
            // The realised profit settled last is the follower's own positions'.
            const positions = await t.db.select().from(tradingPositions).where(eq(tradingPositions.userId, f.c.user.id));
            expect(mine.at(-1)?.realised).toBe(realisedProfit(positions));
            const share = mine.reduce((a, r) => a + r.amount, 0n);
            if (realisedProfit(positions) <= 0n) {
              expect(share).toBe(0n);
              losses++;
            }
            if (share > 0n) charged++;
            paidToLeader += share;
            const cost = positions.reduce((a, q) => a + q.openValueTenths, 0n) / 10n;
            const proceeds = positions.reduce((a, q) => a + q.closeValueTenths, 0n) / 10n;
            const fees = positions.reduce((a, q) => a + q.feesPosted, 0n);
            expect(await cashOf(t, f.c)).toBe(f.deposit - cost + proceeds - fees - share);
          }
          // The leader's cash: their own trade's result plus exactly what the followers paid.
          const own = await t.db.select().from(tradingPositions).where(eq(tradingPositions.id, bought.data.id));
          const o = own[0] as (typeof own)[number];
          expect(await cashOf(t, leader)).toBe(leaderCash - o.openValueTenths / 10n + o.closeValueTenths / 10n - o.feesPosted + paidToLeader);
          expect((await checkLedger(t.db)).balanced).toBe(true);
        },
      ),
      // A rise and a fall always among the runs, so both sides of the rule are met.
      {
        numRuns: 8,
        examples: [
          [10, 6, [1_500_000]],
          [10, -6, [1_500_000, 620_000]],
        ],
      },
    );
    expect(charged).toBeGreaterThan(0);
    expect(losses).toBeGreaterThan(0);
  });
});
