// The answers of the `dividend` calls (docs/api/dividends.md): the calendar, a company's history
// and schedule, and the customer's payments, adjustments, splits and perks with their postings.
import { and, asc, count, desc, eq, gte, inArray, type SQL } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type {
  CorporateActionDetail,
  CorporateActionItem,
  DividendAdjustmentDetail,
  DividendAdjustmentItem,
  DividendCalendar,
  DividendCalendarEntry,
  DividendCalendarScope,
  DividendCompany,
  DividendEvent,
  DividendPaymentDetail,
  DividendPaymentItem,
  DividendPosting,
  LocalisedNames,
  Page,
  PerkItem,
  PerkOffer,
  SplitEvent,
} from '@kabuto/shared-sdk/schemas';
import type { Database } from '../../db/client';
import { ledgerAccounts, ledgerJournal, ledgerPostings, refuse, toMoney } from '../funds';
import { fiscalYearEndMonth, jstDateKey, previousBusinessDay, watchlistEntries } from '../market';
import { tradingPositions } from '../trading';
import { dividendRules } from './config';
import type { CorporateActionsDeps } from './deps';
import { holderAmounts, percentText } from './payments/amounts';
import { dpsText, PERK_MIN_SHARES } from './payments/sweep';
import { caDividendAdjustments, caDividendEvents, caDividendPayments, caPerks, caSplitEffects, caSplits } from './schema';
import { perkDescription } from './schedule/perks';

type EventRow = typeof caDividendEvents.$inferSelect;
type SplitRow = typeof caSplits.$inferSelect;

const jpy = (minor: bigint) => toMoney('JPY', minor);
const priceText = (tenths: number | null) => (tenths === null ? null : `${Math.trunc(tenths / 10)}.${tenths % 10}`);

function nameOf(deps: CorporateActionsDeps, code: string): LocalisedNames {
  const i = deps.venue.instrument(code);
  return i ? { tw: i.name.tw, jp: i.name.jp, en: i.name.en } : { tw: code, jp: code, en: code };
}

export function eventView(deps: CorporateActionsDeps, e: EventRow): DividendEvent {
  return {
    id: String(e.id),
    code: e.code,
    name: nameOf(deps, e.code),
    kind: e.kind,
    recordDate: e.recordDate,
    lastCumDate: e.lastCumDate,
    exDate: e.exDate,
    paymentDate: e.paymentDate,
    dps: dpsText(e.dpsTenths),
    dpsSource: e.dpsSource,
    state: e.state,
    perks: e.perk,
    simulated: true,
  };
}

export function splitView(deps: CorporateActionsDeps, s: SplitRow): SplitEvent {
  return {
    id: String(s.id),
    code: s.code,
    name: nameOf(deps, s.code),
    kind: 'split',
    ratio: s.ratio,
    effectiveDate: s.effectiveDate,
    state: s.state,
    simulated: true,
  };
}

interface Shares {
  cash: number;
  marginLong: number;
  marginShort: number;
}

async function sharesNow(db: Database, userId: number): Promise<Map<string, Shares>> {
  const rows = await db
    .select({
      code: tradingPositions.code,
      product: tradingPositions.product,
      direction: tradingPositions.direction,
      open: tradingPositions.openQuantity,
      closed: tradingPositions.closedQuantity,
    })
    .from(tradingPositions)
    .where(and(eq(tradingPositions.userId, userId), inArray(tradingPositions.status, ['holding', 'closing'])));
  const out = new Map<string, Shares>();
  for (const r of rows) {
    const s = out.get(r.code) ?? { cash: 0, marginLong: 0, marginShort: 0 };
    const n = r.open - r.closed;
    if (r.product === 'cash') s.cash += n;
    else if (r.direction === 'long') s.marginLong += n;
    else s.marginShort += n;
    out.set(r.code, s);
  }
  return out;
}

export async function calendarOf(deps: CorporateActionsDeps, userId: number, scope: DividendCalendarScope): Promise<DividendCalendar> {
  const today = jstDateKey(deps.businessClock.now());
  const held = await sharesNow(deps.db, userId);
  const watched = new Set(
    (await deps.db.select({ code: watchlistEntries.code }).from(watchlistEntries).where(eq(watchlistEntries.userId, userId))).map((r) => r.code),
  );
  const codes = new Set<string>();
  if (scope !== 'watchlist') for (const [code, s] of held) if (s.cash + s.marginLong + s.marginShort > 0) codes.add(code);
  if (scope !== 'holdings') for (const code of watched) codes.add(code);
  const rows =
    codes.size === 0
      ? []
      : await deps.db
          .select()
          .from(caDividendEvents)
          .where(and(inArray(caDividendEvents.code, [...codes]), gte(caDividendEvents.paymentDate, today)))
          .orderBy(asc(caDividendEvents.exDate), asc(caDividendEvents.code));
  const entries: DividendCalendarEntry[] = rows.map((e) => {
    const s = held.get(e.code) ?? { cash: 0, marginLong: 0, marginShort: 0 };
    const a = holderAmounts(deps.config, e.dpsTenths, Math.max(0, s.cash));
    return {
      ...eventView(deps, e),
      inHoldings: s.cash + s.marginLong + s.marginShort > 0,
      inWatchlist: watched.has(e.code),
      sharesHeld: s.cash,
      marginLongShares: s.marginLong,
      marginShortShares: s.marginShort,
      projected: { gross: jpy(a.gross), incomeTax: jpy(a.incomeTax), residentTax: jpy(a.residentTax), net: jpy(a.net) },
    };
  });
  return { businessDate: today, scope, entries, rules: dividendRules(deps.config) };
}

export async function companyOf(deps: CorporateActionsDeps, userId: number, code: string): Promise<DividendCompany> {
  const instrument = deps.venue.instrument(code);
  if (!instrument) refuse(MSG.unknownStockCode);
  const today = jstDateKey(deps.businessClock.now());
  const [events, splits, mine, held] = await Promise.all([
    deps.db.select().from(caDividendEvents).where(eq(caDividendEvents.code, code)).orderBy(desc(caDividendEvents.exDate)),
    deps.db.select().from(caSplits).where(eq(caSplits.code, code)).orderBy(desc(caSplits.effectiveDate)),
    deps.db
      .select({ id: caDividendPayments.id, eventId: caDividendPayments.eventId })
      .from(caDividendPayments)
      .innerJoin(caDividendEvents, eq(caDividendEvents.id, caDividendPayments.eventId))
      .where(and(eq(caDividendPayments.userId, userId), eq(caDividendEvents.code, code))),
    sharesNow(deps.db, userId),
  ]);
  const paymentOf = new Map(mine.map((m) => [m.eventId, String(m.id)]));
  const history = events
    .filter((e) => e.exDate <= today)
    .map((e) => {
      const cumClose = deps.venue.closeOn(code, previousBusinessDay(e.exDate));
      const exBase = deps.venue.basePriceOn(code, e.exDate);
      return {
        eventId: String(e.id),
        kind: e.kind,
        recordDate: e.recordDate,
        exDate: e.exDate,
        paymentDate: e.paymentDate,
        dps: dpsText(e.dpsTenths),
        cumClose: priceText(cumClose),
        exBasePrice: priceText(exBase),
        paymentId: paymentOf.get(e.id) ?? null,
      };
    });
  const ahead = events
    .filter((e) => e.exDate > today)
    .reverse()
    .map((e) => eventView(deps, e));
  const s = held.get(code) ?? { cash: 0, marginLong: 0, marginShort: 0 };
  const perkEvent = events.find((e) => e.perk);
  const perk: PerkOffer | null = perkEvent
    ? { code, description: perkDescription(deps.venue.seed, code), minShares: PERK_MIN_SHARES, kind: 'year-end', cashValue: null, simulated: true }
    : null;
  return {
    code,
    name: nameOf(deps, code),
    fiscalYearEndMonth: fiscalYearEndMonth(code),
    history,
    ahead,
    splits: splits.map((x) => splitView(deps, x)),
    perk,
    sharesHeld: s.cash,
    marginLongShares: s.marginLong,
    marginShortShares: s.marginShort,
    rules: dividendRules(deps.config),
  };
}

async function postingsOf(db: Database, journals: { id: bigint | null; step: string }[]): Promise<DividendPosting[]> {
  const ids = journals.filter((j) => j.id !== null).map((j) => j.id as bigint);
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      journalId: ledgerPostings.journalId,
      account: ledgerAccounts.key,
      amount: ledgerPostings.amount,
      currency: ledgerPostings.currency,
      at: ledgerJournal.createdAt,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .innerJoin(ledgerJournal, eq(ledgerJournal.id, ledgerPostings.journalId))
    .where(inArray(ledgerPostings.journalId, ids))
    .orderBy(asc(ledgerPostings.id));
  const stepOf = new Map(journals.filter((j) => j.id !== null).map((j) => [String(j.id), j.step]));
  return rows.map((r) => ({
    journalId: String(r.journalId),
    account: r.account,
    amount: jpy(r.amount),
    at: r.at.toISOString(),
    step: stepOf.get(String(r.journalId)) ?? '',
  }));
}

function pageOf<T>(list: T[], page: number, size: number, total: number): Page<T> {
  return { list, page, size, total, hasMore: page * size < total };
}

type PaymentJoin = { p: typeof caDividendPayments.$inferSelect; e: EventRow };

function paymentItem(deps: CorporateActionsDeps, { p, e }: PaymentJoin): DividendPaymentItem {
  return {
    id: String(p.id),
    eventId: String(e.id),
    code: e.code,
    name: nameOf(deps, e.code),
    kind: e.kind,
    basis: p.basis,
    state: p.state,
    shares: p.shares,
    dps: dpsText(p.dpsTenths),
    recordDate: e.recordDate,
    exDate: e.exDate,
    paymentDate: e.paymentDate,
    gross: jpy(p.gross),
    incomeTax: jpy(p.incomeTax),
    residentTax: jpy(p.residentTax),
    net: jpy(p.net),
    bookedAt: p.bookedAt.toISOString(),
    paidAt: p.paidAt?.toISOString() ?? null,
  };
}

export async function paymentsOf(
  deps: CorporateActionsDeps,
  userId: number,
  form: { page: number; size: number; status?: 'receivable' | 'paid' | undefined; code?: string | undefined },
): Promise<Page<DividendPaymentItem>> {
  const where: SQL[] = [eq(caDividendPayments.userId, userId)];
  if (form.status) where.push(eq(caDividendPayments.state, form.status));
  if (form.code) where.push(eq(caDividendEvents.code, form.code));
  const [rows, total] = await Promise.all([
    deps.db
      .select({ p: caDividendPayments, e: caDividendEvents })
      .from(caDividendPayments)
      .innerJoin(caDividendEvents, eq(caDividendEvents.id, caDividendPayments.eventId))
      .where(and(...where))
      .orderBy(desc(caDividendPayments.id))
      .limit(form.size)
      .offset((form.page - 1) * form.size),
    deps.db
      .select({ n: count() })
      .from(caDividendPayments)
      .innerJoin(caDividendEvents, eq(caDividendEvents.id, caDividendPayments.eventId))
      .where(and(...where)),
  ]);
  return pageOf(
    rows.map((r) => paymentItem(deps, r)),
    form.page,
    form.size,
    Number(total[0]?.n ?? 0),
  );
}

export async function paymentOf(deps: CorporateActionsDeps, userId: number, id: number): Promise<DividendPaymentDetail> {
  const [row] = await deps.db
    .select({ p: caDividendPayments, e: caDividendEvents })
    .from(caDividendPayments)
    .innerJoin(caDividendEvents, eq(caDividendEvents.id, caDividendPayments.eventId))
    .where(and(eq(caDividendPayments.id, id), eq(caDividendPayments.userId, userId)));
  if (!row) refuse(MSG.dividendPaymentNotFound);
  const postings = await postingsOf(deps.db, [
    { id: row.p.receivableJournalId, step: 'receivable' },
    { id: row.p.paymentJournalId, step: 'payment' },
  ]);
  return { ...paymentItem(deps, row), postings, rules: dividendRules(deps.config) };
}

type AdjustmentJoin = { a: typeof caDividendAdjustments.$inferSelect; e: EventRow };

function adjustmentItem(deps: CorporateActionsDeps, { a, e }: AdjustmentJoin): DividendAdjustmentItem {
  return {
    id: String(a.id),
    eventId: String(e.id),
    code: e.code,
    name: nameOf(deps, e.code),
    side: a.side,
    marginKind: a.marginKind,
    positionId: String(a.positionId),
    shares: a.shares,
    dps: dpsText(a.dpsTenths),
    ratePercent: percentText(a.ratePpht),
    gross: jpy(a.gross),
    amount: jpy(a.amount),
    state: a.state,
    exDate: e.exDate,
    paymentDate: e.paymentDate,
    reservedAt: a.reservedAt.toISOString(),
    settledAt: a.settledAt?.toISOString() ?? null,
  };
}

export async function adjustmentsOf(
  deps: CorporateActionsDeps,
  userId: number,
  form: { page: number; size: number; side?: 'long' | 'short' | undefined },
): Promise<Page<DividendAdjustmentItem>> {
  const where: SQL[] = [eq(caDividendAdjustments.userId, userId)];
  if (form.side) where.push(eq(caDividendAdjustments.side, form.side));
  const [rows, total] = await Promise.all([
    deps.db
      .select({ a: caDividendAdjustments, e: caDividendEvents })
      .from(caDividendAdjustments)
      .innerJoin(caDividendEvents, eq(caDividendEvents.id, caDividendAdjustments.eventId))
      .where(and(...where))
      .orderBy(desc(caDividendAdjustments.id))
      .limit(form.size)
      .offset((form.page - 1) * form.size),
    deps.db
      .select({ n: count() })
      .from(caDividendAdjustments)
      .where(and(...where)),
  ]);
  return pageOf(
    rows.map((r) => adjustmentItem(deps, r)),
    form.page,
    form.size,
    Number(total[0]?.n ?? 0),
  );
}

export async function adjustmentOf(deps: CorporateActionsDeps, userId: number, id: number): Promise<DividendAdjustmentDetail> {
  const [row] = await deps.db
    .select({ a: caDividendAdjustments, e: caDividendEvents })
    .from(caDividendAdjustments)
    .innerJoin(caDividendEvents, eq(caDividendEvents.id, caDividendAdjustments.eventId))
    .where(and(eq(caDividendAdjustments.id, id), eq(caDividendAdjustments.userId, userId)));
  if (!row) refuse(MSG.dividendAdjustmentNotFound);
  const postings = await postingsOf(deps.db, [
    { id: row.a.reserveJournalId, step: 'reserve' },
    { id: row.a.settleJournalId, step: 'settle' },
  ]);
  return { ...adjustmentItem(deps, row), postings, rules: dividendRules(deps.config) };
}

function actionItem(deps: CorporateActionsDeps, s: SplitRow, effect: typeof caSplitEffects.$inferSelect | undefined): CorporateActionItem {
  return {
    ...splitView(deps, s),
    sharesBefore: effect?.sharesBefore ?? null,
    sharesAfter: effect?.sharesAfter ?? null,
    marginSharesBefore: effect?.marginSharesBefore ?? null,
    marginSharesAfter: effect?.marginSharesAfter ?? null,
    priceBefore: priceText(s.priceBeforeTenths),
    priceAfter: priceText(s.priceAfterTenths),
    ordersCancelled: effect?.cancelledOrders.length ?? 0,
  };
}

export async function actionsOfCustomer(
  deps: CorporateActionsDeps,
  userId: number,
  form: { page: number; size: number; scope: 'mine' | 'all' },
): Promise<Page<CorporateActionItem>> {
  const held = await sharesNow(deps.db, userId);
  const watched = (await deps.db.select({ code: watchlistEntries.code }).from(watchlistEntries).where(eq(watchlistEntries.userId, userId))).map((r) => r.code);
  const effects = await deps.db.select().from(caSplitEffects).where(eq(caSplitEffects.userId, userId));
  const effectOf = new Map(effects.map((x) => [x.splitId, x]));
  const splits = await deps.db.select().from(caSplits).orderBy(desc(caSplits.effectiveDate), desc(caSplits.id));
  const mine = new Set([...held.keys(), ...watched]);
  const list = form.scope === 'all' ? splits : splits.filter((s) => mine.has(s.code) || effectOf.has(s.id));
  return pageOf(
    list.slice((form.page - 1) * form.size, form.page * form.size).map((s) => actionItem(deps, s, effectOf.get(s.id))),
    form.page,
    form.size,
    list.length,
  );
}

export async function actionOfCustomer(deps: CorporateActionsDeps, userId: number, id: number): Promise<CorporateActionDetail> {
  const [split] = await deps.db.select().from(caSplits).where(eq(caSplits.id, id));
  if (!split) refuse(MSG.corporateActionNotFound);
  const [effect] = await deps.db
    .select()
    .from(caSplitEffects)
    .where(and(eq(caSplitEffects.splitId, id), eq(caSplitEffects.userId, userId)));
  return {
    ...actionItem(deps, split, effect),
    cancelledOrders: (effect?.cancelledOrders ?? []).map((o) => ({
      orderId: String(o.orderId),
      side: o.side,
      quantity: o.quantity,
      price: priceText(o.priceTenths),
    })),
  };
}

function perkItem(deps: CorporateActionsDeps, p: typeof caPerks.$inferSelect, e: EventRow): PerkItem {
  return {
    id: String(p.id),
    eventId: String(e.id),
    code: e.code,
    name: nameOf(deps, e.code),
    description: perkDescription(deps.venue.seed, e.code),
    recordDate: e.recordDate,
    shares: p.shares,
    minShares: PERK_MIN_SHARES,
    cashValue: null,
    simulated: true,
  };
}

export async function perksOf(deps: CorporateActionsDeps, userId: number, form: { page: number; size: number }): Promise<Page<PerkItem>> {
  const [rows, total] = await Promise.all([
    deps.db
      .select({ p: caPerks, e: caDividendEvents })
      .from(caPerks)
      .innerJoin(caDividendEvents, eq(caDividendEvents.id, caPerks.eventId))
      .where(eq(caPerks.userId, userId))
      .orderBy(desc(caPerks.id))
      .limit(form.size)
      .offset((form.page - 1) * form.size),
    deps.db.select({ n: count() }).from(caPerks).where(eq(caPerks.userId, userId)),
  ]);
  return pageOf(
    rows.map((r) => perkItem(deps, r.p, r.e)),
    form.page,
    form.size,
    Number(total[0]?.n ?? 0),
  );
}

export async function perkOf(deps: CorporateActionsDeps, userId: number, id: number): Promise<PerkItem> {
  const [row] = await deps.db
    .select({ p: caPerks, e: caDividendEvents })
    .from(caPerks)
    .innerJoin(caDividendEvents, eq(caDividendEvents.id, caPerks.eventId))
    .where(and(eq(caPerks.id, id), eq(caPerks.userId, userId)));
  if (!row) refuse(MSG.perkNotFound);
  return perkItem(deps, row.p, row.e);
}
