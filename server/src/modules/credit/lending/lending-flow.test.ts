// Stock lending end to end on the real app: a customer buys 8306 on the venue, opts in, the daily
// step lends the settled shares within the 1 % quota, fees accrue on the closing value and are
// paid on the 2nd business day of the next month through the ledger, a short-demand day earns
// 0 %, a sale recalls the shares sold in the fill's transaction, rights-first recalls before the
// last cum date and lends again after it; bad input is refused with the catalogue message.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import { LENDING_RISKS_VERSION, type LendingRatesPage, type LendingRecordsPage, type LendingSummary, type TradePosition } from '@kabuto/shared-sdk/schemas';
import { jstDate } from '../../../clock';
import { checkLedger, ledgerJournal, ledgerPostings, userAccountBalance } from '../../funds';
import { atJst, nextBusinessDay, type DateKey } from '../../market';
import {
  closeAtMarket,
  createMarginTrader,
  createTrader,
  FUND_PASSWORD,
  idemKey,
  placeOrder,
  startTradingTestApp,
  trade,
  type Answer,
  type TestCustomer,
  type TradingTestContext,
} from '../../trading/testing/trading-test-kit';
import { checkLendingFees, formatLendingCheck } from '../../../ops-cli/lending-check';
import type { LendingConfig } from './config';
import { lentSharesByCode } from './lent-shares';
import { demandOn } from './rates';
import { lendingAccruals, lendingLoans } from './schema';
import { dayUnitsOf, runLendingStep, type LendingDeps } from './service';

const CODE = '8306';
const CHECK_SCRIPT = join(__dirname, '../../../../scripts/check-lending.mjs');
// 20,000 shares outstanding: 1 % per customer = 200 shares, 8 % in total = 1,600 [LN7].
// Every issue at 1.5 % p.a., so a day's fee is more than a yen and the rounding shows.
const CONFIG: Partial<LendingConfig> = {
  sharesOutstanding: { [CODE]: 20_000 },
  demand: {
    seed: 'kabuto-lending-v1',
    rateBands: [{ perMille: 1000, rateBp: 150 }],
    shortPerMille: 150,
    highPerMille: 100,
    highMultiplier: 2,
    sharesOutstandingMin: 100_000_000,
    sharesOutstandingMax: 3_000_000_000,
  },
};

let t: TradingTestContext;
let deps: LendingDeps;
let street: TestCustomer;
let a: TestCustomer;
let first: TradePosition;
let second: TradePosition;

async function lending<T = unknown>(action: string, form: Record<string, string | number | undefined>, c: TestCustomer): Promise<Answer<T>> {
  return post<T>(`lending/${action}`, form, c);
}

async function post<T = unknown>(route: string, form: Record<string, string | number | undefined>, c: TestCustomer): Promise<Answer<T>> {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(form)) if (v !== undefined) body.append(k, String(v));
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/vue/${route}`,
    payload: body.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', token: c.session.token, account: c.session.account },
  });
  return res.json<Answer<T>>();
}

/** Moves the business clock to the step time of `date` and takes that day's step. */
async function stepOn(date: DateKey) {
  t.clock.set(atJst(date, deps.config.stepSecondOfDay));
  return runLendingStep(deps, date);
}

async function stepThrough(from: DateKey, to: DateKey) {
  for (let d = from; d <= to; d = nextBusinessDay(d)) await stepOn(d);
}

async function summary(c: TestCustomer): Promise<LendingSummary> {
  return (await lending<LendingSummary>('summary', {}, c)).data;
}

async function journalSum(journalId: string): Promise<bigint> {
  const rows = await t.db
    .select({ amount: ledgerPostings.amount })
    .from(ledgerPostings)
    .where(eq(ledgerPostings.journalId, BigInt(journalId)));
  return rows.reduce((s, r) => s + r.amount, 0n);
}

beforeAll(async () => {
  t = await startTradingTestApp({
    lending: {
      config: CONFIG,
      stepMs: 0,
      onDeps: (d) => {
        deps = d;
      },
    },
  });
  street = await createMarginTrader(t, 10_000_000n);
  a = await createTrader(t, 2_000_000n);
  // The street rests a short sell of 3 lots at 2030; A buys 1 lot, then 2 lots: two positions.
  const ask = await placeOrder(t, street, { code: CODE, product: 'margin', side: 'sell', price: '2030', lots: 3, leverage: '1' });
  expect(ask.msg).toBe(MSG.orderPlaced);
  first = (await placeOrder(t, a, { code: CODE, price: '2030', lots: 1 })).data;
  second = (await placeOrder(t, a, { code: CODE, price: '2030', lots: 2 })).data;
  expect([first.holdingQuantity, second.holdingQuantity]).toEqual([100, 200]);
});

afterAll(async () => {
  await t.close();
});

describe('stock lending', () => {
  test('opt in once with the risks accepted; bad mode, unaccepted risks and a second opt-in are refused and write nothing', async () => {
    const before = await summary(a);
    expect(before).toMatchObject({ enrolled: false, mode: 'rights-first', optedInAt: null, risksVersionAccepted: null });
    expect(before.risks.version).toBe(LENDING_RISKS_VERSION);
    expect(before.rules).toMatchObject({
      minRateBp: 10,
      perCustomerQuotaBp: 100,
      totalQuotaBp: 800,
      dayCount: 365,
      paymentBusinessDay: 2,
      recordDayMultiplier: 5,
      simulated: true,
    });

    expect((await lending('optIn', { mode: 'greedy', acceptRisks: 'true', risksVersion: LENDING_RISKS_VERSION }, a)).msg).toBe(MSG.lendingModeInvalid);
    expect((await lending('optIn', { risksVersion: LENDING_RISKS_VERSION }, a)).msg).toBe(MSG.lendingRisksNotAccepted);
    expect((await lending('optIn', { acceptRisks: 'false', risksVersion: LENDING_RISKS_VERSION }, a)).msg).toBe(MSG.lendingRisksNotAccepted);
    expect((await lending('optIn', { acceptRisks: 'true', risksVersion: 'lending-risks-1999' }, a)).msg).toBe(MSG.lendingRisksNotAccepted);
    expect((await lending('setMode', { mode: 'interest-first' }, a)).msg).toBe(MSG.lendingNotEnrolled);
    expect((await summary(a)).enrolled).toBe(false);

    const joined = await lending<LendingSummary>('optIn', { acceptRisks: 'true', risksVersion: LENDING_RISKS_VERSION }, a);
    expect(joined).toMatchObject({ status: 1, msg: MSG.lendingOptedIn });
    expect(joined.data).toMatchObject({ enrolled: true, mode: 'rights-first', risksVersionAccepted: LENDING_RISKS_VERSION });
    expect((await lending('optIn', { acceptRisks: 'true', risksVersion: LENDING_RISKS_VERSION }, a)).msg).toBe(MSG.lendingAlreadyEnrolled);
    expect((await lending('setMode', { mode: 'both' }, a)).msg).toBe(MSG.lendingModeInvalid);
  });

  test('two opt-ins at once end in one enrolment and one refusal', async () => {
    const c = await createTrader(t, 0n);
    const form = { acceptRisks: 'true', risksVersion: LENDING_RISKS_VERSION };
    const answers = await Promise.all([lending('optIn', form, c), lending('optIn', { ...form, mode: 'interest-first' }, c)]);
    expect(answers.map((x) => x.msg).sort()).toEqual([MSG.lendingAlreadyEnrolled, MSG.lendingOptedIn].sort());
    expect((await summary(c)).enrolled).toBe(true);
  });

  test('a closed channel refuses new opt-ins with the catalogue message', async () => {
    const b = await createTrader(t, 0n);
    deps.config.channelOpen = false;
    try {
      expect((await lending('optIn', { acceptRisks: 'true', risksVersion: LENDING_RISKS_VERSION }, b)).msg).toBe(MSG.lendingChannelClosed);
    } finally {
      deps.config.channelOpen = true;
    }
  });

  test('the daily step lends nothing before settlement (T+2), then the settled shares up to the 1 % quota', async () => {
    await stepOn('2025-01-06');
    await stepOn('2025-01-07');
    let s = await summary(a);
    expect(s.holdings).toEqual([expect.objectContaining({ code: CODE, heldQuantity: 300, lentQuantity: 0, status: 'excluded', excludedReason: 'unsettled' })]);

    await stepOn('2025-01-08');
    s = await summary(a);
    // 300 held, the customer's quota 1 % of 20,000 = 200: the rest stays with the quota message.
    expect(s.holdings[0]).toMatchObject({
      heldQuantity: 300,
      lentQuantity: 200,
      status: 'lent',
      excludedReason: 'quota-full',
      excludedMessage: MSG.lendingQuotaFull,
    });
    expect(await lentSharesByCode(t.db, a.user.id)).toEqual(new Map([[CODE, 200]]));
    // The positions show the lent shares, oldest position first.
    const p1 = await trade<TradePosition>(t.app, 'detail', { id: first.id }, a);
    const p2 = await trade<TradePosition>(t.app, 'detail', { id: second.id }, a);
    expect([p1.data.lentQuantity, p2.data.lentQuantity]).toEqual([100, 100]);
    const rates = await lending<LendingRatesPage>('rates', { code: CODE }, a);
    expect(rates.data.list[0]).toMatchObject({
      code: CODE,
      sharesOutstanding: 20_000,
      perCustomerQuota: 200,
      totalQuota: 1_600,
      lentTotal: 200,
      simulated: true,
    });
  });

  test('a short-demand day earns 0 % truthfully: an accrual of 0 with no posting', async () => {
    // At the published seed 8306 has no borrower on 2025-01-09.
    expect(demandOn(deps.config, CODE, '2025-01-09')).toBe('short');
    await stepOn('2025-01-09');
    const rates = await lending<LendingRatesPage>('rates', { code: CODE }, a);
    expect(rates.data.list[0]).toMatchObject({ demand: 'short', effectiveRateBp: 0, publishedRateBp: 150 });
    const [row] = await t.db
      .select()
      .from(lendingAccruals)
      .where(and(eq(lendingAccruals.userId, a.user.id), eq(lendingAccruals.businessDate, '2025-01-09')));
    expect(row).toMatchObject({ quantity: 200, rateBp: 0, amount: 0n, journalId: null });
  });

  test('fees over two business days equal rate × closing value × days ÷ 365, rounded down, each posted zero-sum', async () => {
    await stepOn('2025-01-10');
    // The closing value is the venue's close of the day (its simulated daily path moves it).
    const closes = new Map<string, string>();
    for (const d of ['2025-01-14', '2025-01-15']) {
      await stepOn(d);
      const q = t.runtime.market.quote(CODE);
      closes.set(d, String((q.last ?? q.previousClose) / 10));
    }
    const records = await lending<LendingRecordsPage>('records', { kind: 'accrual', page: 1, size: 20 }, a);
    const two = records.data.list.filter((r) => closes.has(r.businessDate));
    expect(two).toHaveLength(2);
    for (const r of two) {
      expect(r.rateBp).toBe(150);
      expect(r.closePrice).toBe(closes.get(r.businessDate));
      expect(r.days).toBe(1);
      // 200 shares × close × 1.5 % × 1 day ÷ 365, rounded down to the yen (close in tenths of a yen).
      const closeTenths = BigInt(Math.round(Number(r.closePrice) * 10));
      expect(BigInt(r.amount.minor)).toBe((closeTenths * 200n * 150n * 1n) / (10n * 365n * 10_000n));
      expect(BigInt(r.amount.minor)).toBeGreaterThan(0n);
      expect(r.journalId).not.toBeNull();
      expect(await journalSum(r.journalId ?? '0')).toBe(0n);
    }
    // Friday 2025-01-10 covers Sat, Sun and Mon 13 (Coming of Age Day): 4 days, but demand was short.
    const friday = records.data.list.find((r) => r.businessDate === '2025-01-10');
    expect(friday).toMatchObject({ days: 4 });
    expect(demandOn(deps.config, CODE, '2025-01-10')).toBe('short');
    expect(friday?.amount.minor).toBe('0');
    const s = await summary(a);
    const accrued = records.data.list.reduce((sum, r) => sum + BigInt(r.amount.minor), 0n);
    expect(s.totals.accrued.minor).toBe(String(accrued));
    expect(await userAccountBalance(t.db, a.user.id, 'lending_fee_receivable', 'JPY')).toBe(accrued);
  });

  test("the month's fees are paid on the 2nd business day of the next month from the simulated borrower, zero-sum", async () => {
    const cashBefore = await userAccountBalance(t.db, a.user.id, 'customer_cash', 'JPY');
    await stepThrough('2025-01-16', '2025-02-03');
    const accruals = await lending<LendingRecordsPage>('records', { kind: 'accrual', page: 1, size: 50 }, a);
    const januaryAccrued = accruals.data.list.filter((r) => r.businessDate < '2025-02-01').reduce((sum, r) => sum + BigInt(r.amount.minor), 0n);
    expect(januaryAccrued).toBeGreaterThan(0n);
    expect(await userAccountBalance(t.db, a.user.id, 'customer_cash', 'JPY')).toBe(cashBefore);
    // 2025-02-04 (Tue) is February's 2nd business day.
    const figures = await stepOn('2025-02-04');
    expect(figures).toMatchObject({ payments: 1, paidYen: januaryAccrued });
    expect(await userAccountBalance(t.db, a.user.id, 'customer_cash', 'JPY')).toBe(cashBefore + januaryAccrued);
    const payments = await lending<LendingRecordsPage>('records', { kind: 'payment' }, a);
    expect(payments.data.list).toEqual([
      expect.objectContaining({
        kind: 'payment',
        businessDate: '2025-02-04',
        month: '2025-01',
        amount: expect.objectContaining({ minor: String(januaryAccrued) }),
      }),
    ]);
    const journalId = payments.data.list[0]?.journalId ?? '0';
    expect(await journalSum(journalId)).toBe(0n);
    const [journal] = await t.db
      .select()
      .from(ledgerJournal)
      .where(eq(ledgerJournal.id, BigInt(journalId)));
    expect(journal?.type).toBe('lending_fee_payment');
    const s = await summary(a);
    // What accrued in January is paid; February 3 and 4 accrue toward the next payment.
    expect(BigInt(s.totals.paid.minor)).toBe(januaryAccrued);
    expect((await checkLedger(t.db)).balanced).toBe(true);
  });

  test('selling a lent holding recalls the shares sold in the same transaction', async () => {
    t.clock.set(jstDate(2025, 2, 5, 10, 0));
    // The street bids just under the day's last price (the simulated path has moved it), so A's market sale fills.
    const q = t.runtime.market.quote(CODE);
    const bidPrice = String(((q.last ?? q.previousClose) - 5) / 10);
    const bid = await placeOrder(t, street, { code: CODE, product: 'margin', side: 'buy', price: bidPrice, lots: 1, leverage: '1' });
    expect(bid.msg).toBe(MSG.orderPlaced);
    const sold = await closeAtMarket(t.app, a, first.id);
    expect(sold.msg).toBe(MSG.closeOrderPlaced);
    await t.service.engine.idle();
    expect((await trade<TradePosition>(t.app, 'detail', { id: first.id }, a)).data).toMatchObject({ status: 'closed', lentQuantity: 0 });
    const loans = await t.db.select().from(lendingLoans).where(eq(lendingLoans.userId, a.user.id));
    expect(new Map(loans.map((l) => [l.positionId, l.quantity]))).toEqual(
      new Map([
        [first.id, 0],
        [second.id, 100],
      ]),
    );
    expect(await lentSharesByCode(t.db, a.user.id)).toEqual(new Map([[CODE, 100]]));
    // The next step lends the remaining holding up to the quota again.
    await stepOn('2025-02-05');
    expect((await summary(a)).holdings[0]).toMatchObject({ heldQuantity: 200, lentQuantity: 200 });
  });

  test('rights-first recalls before the last cum date and lends again after it', async () => {
    // 8306 closes its year in March: record 2025-03-31, last cum 03-27, ex-date 03-28 [DV2].
    await stepThrough('2025-02-06', '2025-03-25');
    expect((await summary(a)).holdings[0]).toMatchObject({ lentQuantity: 200, nextLastCumDate: '2025-03-27', nextRecordDate: '2025-03-31' });
    await stepOn('2025-03-26');
    expect((await summary(a)).holdings[0]).toMatchObject({ lentQuantity: 0, status: 'recalled', excludedReason: 'rights-date' });
    // Held, not lent, on the last cum date: no fee for it.
    await stepOn('2025-03-27');
    const onLastCum = await t.db
      .select()
      .from(lendingAccruals)
      .where(and(eq(lendingAccruals.userId, a.user.id), eq(lendingAccruals.businessDate, '2025-03-27')));
    expect(onLastCum).toEqual([]);
    expect((await summary(a)).holdings[0]).toMatchObject({ lentQuantity: 200, status: 'lent' });
  });

  test('interest-first keeps the shares lent and charges the record day ×5', async () => {
    expect((await lending('setMode', { mode: 'interest-first' }, a)).msg).toBe(MSG.lendingModeChanged);
    // 2025-03-31 is the record date (a Monday): one day, charged as five.
    expect(dayUnitsOf(deps.config, CODE, '2025-03-31', 'interest-first')).toEqual({ days: 1, dayUnits: 5 });
    expect(dayUnitsOf(deps.config, CODE, '2025-03-31', 'rights-first')).toEqual({ days: 1, dayUnits: 1 });
    // Interest-first does not recall: the step before the next last cum date (09-26) keeps them lent.
    await stepThrough('2025-03-28', '2025-04-01');
    expect((await summary(a)).holdings[0]).toMatchObject({ lentQuantity: 200, status: 'lent' });
    const [recordDay] = await t.db
      .select()
      .from(lendingAccruals)
      .where(and(eq(lendingAccruals.userId, a.user.id), eq(lendingAccruals.businessDate, '2025-03-31')));
    expect(recordDay?.dayUnits).toBe(5);
    expect(recordDay?.amount).toBe((BigInt(recordDay?.closeTenths ?? 0) * 200n * BigInt(recordDay?.rateBp ?? 0) * 5n) / (10n * 365n * 10_000n));
  });

  test('opting out recalls every lent share; accrued fees stay to be paid', async () => {
    const accrued = (await summary(a)).totals.accrued.minor;
    const out = await lending<LendingSummary>('optOut', {}, a);
    expect(out).toMatchObject({ status: 1, msg: MSG.lendingOptedOut });
    expect(out.data).toMatchObject({ enrolled: false });
    expect(out.data.totals.accrued.minor).toBe(accrued);
    expect(await lentSharesByCode(t.db, a.user.id)).toEqual(new Map());
    expect((await lending('optOut', {}, a)).msg).toBe(MSG.lendingNotEnrolled);
    expect((await checkLedger(t.db)).balanced).toBe(true);
  });

  test('the independent check recomputes every fee and payment from the published answers and postings: match', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    // Asynchronously: the app answering the script runs in this process.
    const run = await promisify(execFile)(process.execPath, [CHECK_SCRIPT, '--base', address, '--account', a.session.account, '--token', a.session.token], {
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^accruals \d+ \(\d+ yen\), payments 2 \(\d+ yen\)/);
    expect(run.stdout.trim().split('\n').at(-1)).toBe('match');
    // The operators' check from the database: rates from the seed, day units from the calendar.
    const fromDb = await checkLendingFees(t.db, a.user.id, deps.config);
    expect(fromDb.lines.length).toBeGreaterThan(50);
    expect(fromDb.lines.filter((l) => !l.match)).toEqual([]);
    expect(formatLendingCheck(fromDb).split('\n').at(-1)).toMatch(/^match: \d+ lending figures/);
  });

  test('while a loan is pending nothing is lent (loan-collateral), and lent shares are not collateral', async () => {
    // Opted out above: nothing lent, so the 200 shares back a loan application.
    t.clock.set(jstDate(2025, 4, 2, 10, 0));
    const applied = await post(`credit/apply`, { amount: '100000', fundPassword: FUND_PASSWORD, idempotencyKey: idemKey() }, a);
    expect(applied.status).toBe(1);
    expect((await lending('optIn', { acceptRisks: 'on', risksVersion: LENDING_RISKS_VERSION }, a)).msg).toBe(MSG.lendingOptedIn);
    await stepOn('2025-04-02');
    expect((await summary(a)).holdings[0]).toMatchObject({ heldQuantity: 200, lentQuantity: 0, status: 'excluded', excludedReason: 'loan-collateral' });
    expect(await lentSharesByCode(t.db, a.user.id)).toEqual(new Map());
  });

  test('the 8 % total quota: when all customers together would pass it, the largest lenders are served first', async () => {
    const b = await createTrader(t, 2_000_000n);
    const c = await createTrader(t, 2_000_000n);
    t.clock.set(jstDate(2025, 4, 3, 10, 0));
    const q = t.runtime.market.quote(CODE);
    // Just above the last price, so the street's ask is not taken by a resting bid first.
    const price = String((q.last ?? q.previousClose) / 10 + 1);
    expect((await placeOrder(t, street, { code: CODE, product: 'margin', side: 'sell', price, lots: 3, leverage: '1' })).msg).toBe(MSG.orderPlaced);
    expect((await placeOrder(t, b, { code: CODE, price, lots: 2 })).data.holdingQuantity).toBe(200);
    expect((await placeOrder(t, c, { code: CODE, price, lots: 1 })).data.holdingQuantity).toBe(100);
    for (const x of [b, c]) expect((await lending('optIn', { acceptRisks: 'true', risksVersion: LENDING_RISKS_VERSION }, x)).msg).toBe(MSG.lendingOptedIn);
    // A total quota of 1 % of 20,000 = 200 shares (A has a loan pending, so lends nothing).
    deps.config.totalQuotaBp = 100;
    try {
      // Bought Thursday 04-03, settled Monday 04-07 (T+2).
      await stepOn('2025-04-07');
    } finally {
      deps.config.totalQuotaBp = 800;
    }
    expect((await summary(b)).holdings[0]).toMatchObject({ heldQuantity: 200, lentQuantity: 200, status: 'lent', excludedReason: null });
    expect((await summary(c)).holdings[0]).toMatchObject({
      heldQuantity: 100,
      lentQuantity: 0,
      status: 'not-lent',
      excludedReason: 'quota-full',
      excludedMessage: MSG.lendingQuotaFull,
    });
  });
});
