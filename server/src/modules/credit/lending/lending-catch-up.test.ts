// Stock lending on a real (non-demo) clock after the server was down: the timer's run takes every
// business day's step missed since the last one, oldest first, each accrued on that day's close;
// a second run posts nothing. A split applied before the lending steps catch up (the sweeps run on
// their own timers) leaves the missed days counted in their own shares at their own close.
import { count, eq, like } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import { LENDING_RISKS_VERSION } from '@kabuto/shared-sdk/schemas';
import { ledgerJournal } from '../../funds';
import { alwaysInDemandLending, giveHolding } from '../testing/credit-test-kit';
import { sweepCorporateActions, type CorporateActionsDeps } from '../../corporate-actions';
import { createOperator, opsJson, vueCall } from '../../funds/testing/funds-test-kit';
import { atJst } from '../../market';
import { createTrader, startTradingTestApp, type TradingTestContext } from '../../trading/testing/trading-test-kit';
import { accrualFee } from './rates';
import { lendingAccruals, lendingSteps } from './schema';
import { runDueLendingSteps, type LendingDeps } from './service';

const CODE = '7203';
let t: TradingTestContext;
let deps: LendingDeps;
let corporate: CorporateActionsDeps;

beforeAll(async () => {
  t = await startTradingTestApp({
    lending: {
      stepMs: 0,
      config: alwaysInDemandLending('lending-catch-up', { [CODE]: 100_000 }),
      onDeps: (d) => {
        deps = d;
      },
    },
    corporateActions: { config: { sweepMs: 0 }, onDeps: (d) => (corporate = d) },
  });
});

afterAll(async () => {
  await t.close();
});

async function accrualJournals(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(ledgerJournal).where(like(ledgerJournal.reference, 'lending-accrual:%'));
  return row?.n ?? 0;
}

test('three business days missed while down are each accrued on their own close, once', async () => {
  const c = await createTrader(t, 0n);
  await giveHolding(t, c, CODE, 300, 25_000);
  expect((await vueCall(t.app, 'lending/optIn', { acceptRisks: 'true', risksVersion: LENDING_RISKS_VERSION }, c)).msg).toBe(MSG.lendingOptedIn);

  // Monday 2025-01-06 after the step time: the first run takes that day only (it lends the shares).
  t.clock.set(atJst('2025-01-06', deps.config.stepSecondOfDay + 60));
  expect((await runDueLendingSteps(deps, t.clock.now())).map((f) => f.date)).toEqual(['2025-01-06']);

  // Down from Monday evening to Thursday evening: Tuesday, Wednesday and Thursday are due at once.
  t.clock.set(atJst('2025-01-09', 17 * 3600));
  const figures = await runDueLendingSteps(deps, t.clock.now());
  expect(figures.map((f) => [f.date, f.ran, f.accruals])).toEqual([
    ['2025-01-07', true, 1],
    ['2025-01-08', true, 1],
    ['2025-01-09', true, 1],
  ]);
  const rows = await t.db.select().from(lendingAccruals).where(eq(lendingAccruals.userId, c.user.id)).orderBy(lendingAccruals.businessDate);
  expect(rows.map((r) => r.businessDate)).toEqual(['2025-01-07', '2025-01-08', '2025-01-09']);
  const path = t.runtime.market.simulator.path(CODE);
  const q = t.runtime.market.quote(CODE);
  expect(q.tradingDate).toBe('2025-01-09');
  for (const r of rows) {
    // Each missed day's own simulated close; today's, the venue's last price as on any day.
    expect(r.closeTenths).toBe(r.businessDate === q.tradingDate ? (q.last ?? q.previousClose) : path.dailyBar(r.businessDate).close);
    expect(r.quantity).toBe(300);
    expect(r.amount).toBe(accrualFee(r.closeTenths, 300, 150, r.dayUnits, 365));
  }
  expect(new Set(rows.map((r) => r.closeTenths)).size).toBeGreaterThan(1);
  const journals = await accrualJournals();
  expect(journals).toBe(rows.filter((r) => r.amount > 0n).length);

  // A second run (the next timer tick) takes nothing more and posts nothing.
  expect(await runDueLendingSteps(deps, t.clock.now())).toEqual([]);
  expect(await accrualJournals()).toBe(journals);
  const steps = await t.db.select().from(lendingSteps).orderBy(lendingSteps.businessDate);
  expect(steps.map((s) => s.businessDate)).toEqual(['2025-01-06', '2025-01-07', '2025-01-08', '2025-01-09']);
});

test('a split applied while the lending steps were behind: the missed day counts its own shares at its own close', async () => {
  const [c] = await t.db.select({ userId: lendingAccruals.userId }).from(lendingAccruals).limit(1);
  if (!c) throw new Error('no lender from the test above');
  const operator = await createOperator(t.db, 'catch-up-ops');
  // Last step Thursday 01-09. A 1:2 split effective Tuesday 01-14 (Monday 01-13 is a holiday).
  const split = await opsJson(t.app, operator.token, 'POST', '/dividends/splits', {
    code: CODE,
    ratio: '2',
    effectiveDate: '2025-01-14',
    reason: 'board resolution',
  });
  expect(split.msg).toBe(MSG.splitScheduled);
  // Down over Friday's step; on Tuesday the corporate-actions sweep runs first (before the pre-open).
  t.clock.set(atJst('2025-01-14', 7 * 3600 + 59 * 60));
  await sweepCorporateActions(corporate);
  t.clock.set(atJst('2025-01-14', 17 * 3600));
  expect((await runDueLendingSteps(deps, t.clock.now())).map((f) => f.date)).toEqual(['2025-01-10', '2025-01-14']);
  const rows = await t.db.select().from(lendingAccruals).where(eq(lendingAccruals.userId, c.userId)).orderBy(lendingAccruals.businessDate);
  const [friday, tuesday] = rows.slice(-2);
  const path = t.runtime.market.simulator.path(CODE);
  const q = t.runtime.market.quote(CODE);
  // Friday: 300 shares (600 now ÷ 2) at Friday's pre-split close, over 4 calendar days (to Tuesday).
  expect(friday).toMatchObject({ businessDate: '2025-01-10', quantity: 300, closeTenths: path.dailyBar('2025-01-10').close, days: 4 });
  expect(friday?.amount).toBe(accrualFee(path.dailyBar('2025-01-10').close, 300, 150, 4, 365));
  // Tuesday: 600 shares at the post-split price.
  expect(tuesday).toMatchObject({ businessDate: '2025-01-14', quantity: 600, closeTenths: q.last ?? q.previousClose });
});
