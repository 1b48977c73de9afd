// Dividends against the real app on PGlite: the seeded schedule is published; a holder who bought
// by the last cum date gets a receivable at the ex-date and the net in cash at the payment date
// with its postings; a buyer on the ex-date gets nothing; a 制度信用 short pays 84.685 % and a long
// receives it; operator edits with impossible values are refused with the rule and change nothing.
import { and, count, desc, eq } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type {
  DividendAdjustmentDetail,
  DividendCalendar,
  DividendCompany,
  DividendPaymentDetail,
  DividendPaymentsPage,
  OpsDividendScheduleItem,
  OpsDividendSchedulePage,
} from '@kabuto/shared-sdk/schemas';
import { checkLedger, ledgerJournal, userAccountBalance } from '../funds';
import { lendingEnrolments, lendingLoans } from '../credit';
import { auditLog } from '../ops';
import { siteMessages } from '../identity';
import { addDays, atJst, jstDateKey, previousBusinessDay, type MarketRuntime } from '../market';
import { recordOffExchangeBuy, tradingFills, tradingOrders, tradingPositions } from '../trading';
import { caDividendEvents, caDividendPayments } from './schema';
import { checkDividends, formatDividendCheck } from '../../ops-cli/dividends-check';
import { sweepCorporateActions } from './payments/sweep';
import { seedSchedule } from './schedule/store';
import {
  createTrader,
  dividend,
  giveHolding,
  opsDividend,
  startDividendTestApp,
  TEST_SCHEDULE_FOLLOW_MS,
  type DividendTestContext,
  type TestCustomer,
} from './testing/dividend-test-kit';

const CODE = '7203';
let t: DividendTestContext;

beforeAll(async () => {
  t = await startDividendTestApp();
}, 90_000);
afterAll(async () => t.close());

async function journals(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(ledgerJournal);
  return Number(row?.n ?? 0);
}

async function firstEvent(code: string) {
  const [e] = await t.db.select().from(caDividendEvents).where(eq(caDividendEvents.code, code)).orderBy(caDividendEvents.exDate).limit(1);
  if (!e) throw new Error(`no schedule for ${code}`);
  return e;
}

/** The furthest seeded dividend: nothing refers to it yet. */
async function lastEvent(code: string) {
  const [e] = await t.db.select().from(caDividendEvents).where(eq(caDividendEvents.code, code)).orderBy(desc(caDividendEvents.exDate)).limit(1);
  if (!e) throw new Error(`no schedule for ${code}`);
  return e;
}

/** The next dividend still open to operator edits. */
async function nextScheduled(code: string) {
  const [next] = await t.db
    .select()
    .from(caDividendEvents)
    .where(and(eq(caDividendEvents.code, code), eq(caDividendEvents.state, 'scheduled')))
    .orderBy(caDividendEvents.exDate)
    .limit(1);
  if (!next) throw new Error(`no scheduled entry of ${code}`);
  return next;
}

/** A margin position opened by one fill on `at` (test fixture: trading's own margin flow is tested in trading). */
async function marginPosition(c: TestCustomer, direction: 'long' | 'short', marginKind: 'standard' | 'general', shares: number, at: Date): Promise<number> {
  const [pos] = await t.db
    .insert(tradingPositions)
    .values({
      userId: c.user.id,
      code: CODE,
      product: 'margin',
      marginKind,
      direction,
      orderType: 'market',
      leverageTenths: 33,
      tab: 'competition',
      status: 'holding',
      orderedQuantity: shares,
      openQuantity: shares,
      openValueTenths: BigInt(shares) * 20_000n,
      createdAt: at,
      updatedAt: at,
      openedOn: '2025-01-06',
    })
    .returning({ id: tradingPositions.id });
  if (!pos) throw new Error('no position');
  const [order] = await t.db
    .insert(tradingOrders)
    .values({
      positionId: pos.id,
      userId: c.user.id,
      kind: 'open',
      code: CODE,
      side: direction === 'long' ? 'buy' : 'sell',
      orderType: 'market',
      quantity: shares,
      filledQuantity: shares,
      state: 'filled',
      clientOrderId: `k-test-${pos.id}`,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: tradingOrders.id });
  await t.db.insert(tradingFills).values({
    orderId: order?.id as number,
    positionId: pos.id,
    userId: c.user.id,
    tradeId: `test-margin:${pos.id}`,
    side: direction === 'long' ? 'buy' : 'sell',
    price: 20_000,
    quantity: shares,
    auction: false,
    at,
  });
  return pos.id;
}

describe('dividends', () => {
  it('publishes a seeded schedule on the TSE dates: last cum 2 business days before the record date, ex-date the next', async () => {
    const e = await firstEvent(CODE);
    expect(e.exDate > '2025-06-30').toBe(true);
    expect(e.lastCumDate < e.exDate && e.exDate <= e.recordDate && e.paymentDate > e.recordDate).toBe(true);
    let d = e.recordDate;
    while (atJst(d, 0).getUTCDay() === 6 || atJst(d, 0).getUTCDay() === 0) d = previousBusinessDay(d);
    expect(previousBusinessDay(previousBusinessDay(d === e.recordDate ? e.recordDate : d))).toBe(e.lastCumDate);
  });

  it('seeds the schedule once: a process starting again writes nothing, and an entry gone is written back as generated', async () => {
    const today = jstDateKey(t.clock.now());
    const rows = async () => (await t.db.select({ n: count() }).from(caDividendEvents))[0]?.n ?? 0;
    const before = await rows();
    expect(before).toBeGreaterThan(0);
    expect(await seedSchedule(t.deps, today)).toBe(false);
    expect(await rows()).toBe(before);
    const gone = await lastEvent(CODE);
    await t.db.delete(caDividendEvents).where(eq(caDividendEvents.id, gone.id));
    expect(await seedSchedule(t.deps, today)).toBe(true);
    expect(await rows()).toBe(before);
    const back = await lastEvent(CODE);
    expect({ ...back, id: gone.id, createdAt: gone.createdAt, updatedAt: gone.updatedAt }).toEqual(gone);
  });

  it('lists the operator schedule of one issue within a range of record dates, inclusive', async () => {
    const e = await firstEvent(CODE);
    const page = (query: string) => opsDividend<OpsDividendSchedulePage>(t, 'GET', `/schedule?${query}`);
    const exact = await page(`code=${CODE}&from=${e.recordDate}&to=${e.recordDate}`);
    expect(exact.data.list.map((x) => x.id)).toEqual([String(e.id)]);
    expect(exact.data.total).toBe(1);
    const after = await page(`code=${CODE}&from=${addDays(e.recordDate, 1)}`);
    expect(after.data.list.every((x) => x.recordDate > e.recordDate)).toBe(true);
    expect(after.data.list.map((x) => x.id)).not.toContain(String(e.id));
    expect(await page('from=next-week')).toMatchObject({ status: 0, msg: MSG.dividendDateInvalid });
  });

  it('pays the holder by the last cum date, not the buyer on the ex-date; margin long receives and short pays 84.685 %', async () => {
    const e = await firstEvent(CODE);
    const holder = await createTrader(t, 0n);
    await giveHolding(t, holder, CODE, 300, 20_000);
    const long = await createTrader(t, 0n);
    await marginPosition(long, 'long', 'standard', 200, t.clock.now());
    const short = await createTrader(t, 1_000_000n);
    await marginPosition(short, 'short', 'standard', 200, t.clock.now());
    const general = await createTrader(t, 1_000_000n);
    await marginPosition(general, 'short', 'general', 100, t.clock.now());

    const calendar = await dividend<DividendCalendar>(t.app, 'calendar', {}, holder);
    const entry = calendar.data.entries.find((x) => x.id === String(e.id));
    expect(entry).toMatchObject({ code: CODE, sharesHeld: 300, inHoldings: true, simulated: true });
    expect(calendar.data.rules).toMatchObject({ withholdingPercent: '20.315', incomeTaxPercent: '15.315', residentTaxPercent: '5', nisa: false });

    // Buys on the ex-date are not entitled.
    t.clock.set(atJst(e.exDate, 8 * 3600 + 600));
    const late = await createTrader(t, 0n);
    await t.db.transaction((tx) =>
      recordOffExchangeBuy(tx, {
        userId: late.user.id,
        code: CODE,
        shares: 500,
        priceTenths: 20_000,
        at: t.clock.now(),
        tradeDate: e.exDate,
        tradeId: `late:${late.user.id}`,
        lockUpUntil: null,
      }),
    );
    t.clock.set(atJst(e.exDate, 7 * 3600 + 59 * 60));
    await sweepCorporateActions(t.deps);
    await sweepCorporateActions(t.deps); // a second pass writes nothing more

    const gross = (BigInt(e.dpsTenths) * 300n) / 10n;
    const incomeTax = (gross * 15_315n) / 100_000n;
    const residentTax = (gross * 5_000n) / 100_000n;
    const received = await dividend<DividendPaymentsPage>(t.app, 'received', {}, holder);
    expect(received.data.list).toEqual([
      expect.objectContaining({
        state: 'receivable',
        shares: 300,
        gross: expect.objectContaining({ minor: String(gross) }),
        net: expect.objectContaining({ minor: String(gross - incomeTax - residentTax) }),
      }),
    ]);
    expect((await dividend<DividendPaymentsPage>(t.app, 'received', {}, late)).data.list).toEqual([]);
    expect(await userAccountBalance(t.db, short.user.id, 'customer_cash', 'JPY')).toBe(
      1_000_000n - ((BigInt(e.dpsTenths) * 200n) / 10n - (((BigInt(e.dpsTenths) * 200n) / 10n) * 15_315n) / 100_000n),
    );
    expect(await userAccountBalance(t.db, general.user.id, 'customer_cash', 'JPY')).toBe(1_000_000n - (BigInt(e.dpsTenths) * 100n) / 10n);

    // Payment date: the net in cash, each tax to its own account, postings shown.
    t.clock.set(atJst(e.paymentDate, 7 * 3600 + 59 * 60));
    await sweepCorporateActions(t.deps);
    const id = received.data.list[0]?.id as string;
    const detail = await dividend<DividendPaymentDetail>(t.app, 'payment', { id }, holder);
    expect(detail.data).toMatchObject({ state: 'paid', incomeTax: { minor: String(incomeTax) }, residentTax: { minor: String(residentTax) } });
    expect(detail.data.postings.map((p) => [p.step, p.account.split(':')[0], p.amount.minor])).toEqual(
      expect.arrayContaining([
        ['receivable', 'dividend_receivable', String(gross)],
        ['payment', 'customer_cash', String(gross - incomeTax - residentTax)],
        ['payment', 'tax_payable_income', String(incomeTax)],
        ['payment', 'tax_payable_resident', String(residentTax)],
      ]),
    );
    expect(await userAccountBalance(t.db, holder.user.id, 'customer_cash', 'JPY')).toBe(gross - incomeTax - residentTax);
    const longAdj = (await dividend<{ list: DividendAdjustmentDetail[] }>(t.app, 'adjustments', {}, long)).data.list[0];
    expect(longAdj).toMatchObject({ side: 'long', ratePercent: '84.685', state: 'settled' });
    const generalAdj = (await dividend<{ list: DividendAdjustmentDetail[] }>(t.app, 'adjustments', {}, general)).data.list[0];
    expect(generalAdj).toMatchObject({
      side: 'short',
      marginKind: 'general',
      ratePercent: '100',
      amount: { minor: String(-(BigInt(e.dpsTenths) * 100n) / 10n) },
    });
    // Another customer's payment is not found.
    expect(await dividend(t.app, 'payment', { id }, late)).toMatchObject({ status: 0, msg: MSG.dividendPaymentNotFound });
    const notices = await t.db.select().from(siteMessages).where(eq(siteMessages.userId, holder.user.id));
    expect(notices.map((n) => n.kind)).toEqual(expect.arrayContaining(['dividend_receivable', 'dividend_paid']));
    expect(await checkLedger(t.db)).toMatchObject({ balanced: true, cacheMismatches: [] });

    // The independent check recomputes every payment from the schedule and the fills: match; a
    // tampered net is found.
    const checked = await checkDividends(t.db);
    expect(formatDividendCheck(checked)).toMatch(/^match: /);
    expect(checked.lines.filter((l) => l.userId === holder.user.id).map((l) => l.what)).toEqual(
      expect.arrayContaining(['entitled shares', 'holding net posted to cash']),
    );
    await t.db
      .update(caDividendPayments)
      .set({ net: gross })
      .where(eq(caDividendPayments.id, Number(id)));
    const tampered = await checkDividends(t.db);
    expect(tampered.match).toBe(false);
    expect(formatDividendCheck(tampered)).toContain(`user ${holder.user.id} holding net: expected ${gross - incomeTax - residentTax}, found ${gross}`);
    await t.db
      .update(caDividendPayments)
      .set({ net: gross - incomeTax - residentTax })
      .where(eq(caDividendPayments.id, Number(id)));

    const company = await dividend<DividendCompany>(t.app, 'company', { code: CODE }, holder);
    const past = company.data.history.find((h) => h.eventId === String(e.id));
    expect(past?.paymentId).toBe(id);
    // The ex-date base is the cum close less the dividend (on the tick at or below it).
    expect(Number(past?.exBasePrice)).toBeLessThanOrEqual(Number(past?.cumClose) - e.dpsTenths / 10);
    expect(Number(past?.exBasePrice)).toBeGreaterThan(Number(past?.cumClose) - e.dpsTenths / 10 - 10);
  });

  it('refuses impossible operator edits with the rule, writing nothing and no audit', async () => {
    t.clock.set(atJst('2025-07-01', 10 * 3600));
    const next = await nextScheduled('6758');
    const before = await journals();
    const audits = async () => Number((await t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'dividend.schedule.edit')))[0]?.n ?? 0);
    const cases: [Record<string, unknown>, string][] = [
      [{ recordDate: '2025-06-30', reason: 'x' }, MSG.dividendRecordDateInPast],
      [{ dps: '-5', reason: 'x' }, MSG.dividendPerShareNegative],
      [{ dps: '1.25', reason: 'x' }, MSG.dividendPerShareInvalid],
      [{ paymentDate: next.recordDate, reason: 'x' }, MSG.dividendPaymentBeforeRecord],
      [{ recordDate: '2025-02-30', reason: 'x' }, MSG.dividendDateInvalid],
    ];
    for (const [body, msg] of cases) {
      expect(await opsDividend(t, 'POST', `/events/${next.id}`, body)).toMatchObject({ status: 0, msg });
    }
    expect(await opsDividend(t, 'POST', '/splits', { code: '6758', ratio: '0', effectiveDate: '2025-08-01', reason: 'x' })).toMatchObject({
      status: 0,
      msg: MSG.splitRatioBelowOne,
    });
    expect(await opsDividend(t, 'POST', '/splits', { code: '6758', ratio: '2', effectiveDate: '2025-06-02', reason: 'x' })).toMatchObject({
      status: 0,
      msg: MSG.splitEffectiveDateInPast,
    });
    const [unchanged] = await t.db.select().from(caDividendEvents).where(eq(caDividendEvents.id, next.id));
    expect(unchanged).toMatchObject({ dpsTenths: next.dpsTenths, recordDate: next.recordDate, paymentDate: next.paymentDate, editedBy: null });
    expect(await audits()).toBe(0);
    expect(await journals()).toBe(before);

    const edited = await opsDividend<OpsDividendScheduleItem>(t, 'POST', `/events/${next.id}`, { dps: '42.5', reason: 'revised forecast' });
    expect(edited).toMatchObject({ status: 1, msg: MSG.dividendScheduleUpdated, data: { dps: '42.5', dpsSource: 'operator', editedBy: 'dividend-ops' } });
    expect(await audits()).toBe(1);
  });

  it('an edit on the home partition reaches the price paths of a cluster’s other processes', async () => {
    t.clock.set(atJst('2025-07-01', 10 * 3600));
    const other = await t.otherProcess();
    const dividendsIn = (runtime: MarketRuntime) => runtime.market.simulator.actionsFor('6758').filter((a) => a.kind === 'dividend');
    expect(dividendsIn(other.runtime)).toEqual(dividendsIn(t.runtime));
    const next = await nextScheduled('6758');
    expect(await opsDividend(t, 'POST', `/events/${next.id}`, { dps: '61.5', reason: 'followed by every process' })).toMatchObject({ status: 1 });
    const edited = (runtime: MarketRuntime) => dividendsIn(runtime).some((a) => a.kind === 'dividend' && a.exDate === next.exDate && a.amount === 615);
    expect(edited(t.runtime)).toBe(true);
    const deadline = Date.now() + 100 * TEST_SCHEDULE_FOLLOW_MS;
    while (!edited(other.runtime) && Date.now() < deadline) await new Promise((r) => setTimeout(r, TEST_SCHEDULE_FOLLOW_MS));
    expect(dividendsIn(other.runtime)).toEqual(dividendsIn(t.runtime));
  });

  it('a split multiplies the shares on its effective date and divides the base price', async () => {
    // After the payment date above: no entry already booked predates this holder.
    t.clock.set(atJst('2026-01-06', 10 * 3600));
    const c = await createTrader(t, 0n);
    const positionId = await giveHolding(t, c, '6758', 200, 30_000);
    const scheduled = await opsDividend<{ id: string; ratio: number; state: string }>(t, 'POST', '/splits', {
      code: '6758',
      ratio: '3',
      effectiveDate: '2026-01-07',
      reason: 'board resolution',
    });
    expect(scheduled).toMatchObject({ status: 1, msg: MSG.splitScheduled, data: { ratio: 3, state: 'scheduled' } });
    expect(await opsDividend(t, 'POST', '/splits', { code: '6758', ratio: '2', effectiveDate: '2026-01-07', reason: 'again' })).toMatchObject({
      status: 0,
      msg: MSG.splitAlreadyScheduled,
    });
    t.clock.set(atJst('2026-01-07', 7 * 3600 + 59 * 60));
    await sweepCorporateActions(t.deps);
    await sweepCorporateActions(t.deps);
    const [pos] = await t.db.select().from(tradingPositions).where(eq(tradingPositions.id, positionId));
    expect(pos?.openQuantity).toBe(600);
    const action = await dividend<{ sharesBefore: number; sharesAfter: number; priceBefore: string; priceAfter: string; state: string }>(
      t.app,
      'action',
      { id: scheduled.data.id },
      c,
    );
    expect(action.data).toMatchObject({ state: 'done', sharesBefore: 200, sharesAfter: 600 });
    expect(Math.abs(Number(action.data.priceAfter) * 3 - Number(action.data.priceBefore))).toBeLessThan(Number(action.data.priceBefore) * 0.01);
    const notices = await t.db.select().from(siteMessages).where(eq(siteMessages.userId, c.user.id));
    expect(notices.map((n) => n.kind)).toContain('stock_split');
  });

  it('shares lent in interest-first mode get the dividend-equivalent: income tax only, no perk', async () => {
    const [e] = await t.db
      .select()
      .from(caDividendEvents)
      .where(and(eq(caDividendEvents.code, '8306'), eq(caDividendEvents.state, 'scheduled')))
      .orderBy(caDividendEvents.exDate)
      .limit(1);
    if (!e) throw new Error('no scheduled 8306 entry');
    t.clock.set(atJst(previousBusinessDay(e.lastCumDate), 10 * 3600));
    const c = await createTrader(t, 0n);
    const positionId = await giveHolding(t, c, '8306', 500, 20_000);
    const now = t.clock.now();
    await t.db.insert(lendingEnrolments).values({ userId: c.user.id, mode: 'interest-first', risksVersion: 'test', optedInAt: now, updatedAt: now });
    await t.db.insert(lendingLoans).values({ positionId, userId: c.user.id, code: '8306', quantity: 300, updatedAt: now });
    t.clock.set(atJst(e.exDate, 7 * 3600 + 59 * 60));
    await sweepCorporateActions(t.deps);
    t.clock.set(atJst(e.paymentDate, 7 * 3600 + 59 * 60));
    await sweepCorporateActions(t.deps);
    const list = (await dividend<DividendPaymentsPage>(t.app, 'received', {}, c)).data.list;
    const lent = list.find((p) => p.basis === 'lent');
    const held = list.find((p) => p.basis === 'holding');
    const gross = (BigInt(e.dpsTenths) * 300n) / 10n;
    expect(lent).toMatchObject({ shares: 300, state: 'paid', residentTax: { minor: '0' }, incomeTax: { minor: String((gross * 15_315n) / 100_000n) } });
    expect(held).toMatchObject({ shares: 200, state: 'paid' });
    const detail = await dividend<DividendPaymentDetail>(t.app, 'payment', { id: lent?.id }, c);
    expect(detail.data.postings.some((p) => p.account.startsWith('tax_payable_resident'))).toBe(false);
    const [journal] = await t.db
      .select()
      .from(ledgerJournal)
      .where(eq(ledgerJournal.reference, `dividend:${lent?.id}`))
      .orderBy(ledgerJournal.id);
    expect(journal?.type).toBe('dividend_receivable');
    const check = await checkDividends(t.db);
    expect(formatDividendCheck(check)).toMatch(/^match: /);
  });
});
