// The corporate-actions sweep (docs/dividends.md "Money"): on each business date, in order, the
// ex-date step of every entry whose ex-date has come (entitlement snapshot, receivables, margin
// adjustments reserved, perks), the splits effective that day, and the payment step of every entry
// whose payment date has come. Each step is idempotent by its rows' unique keys and runs under the
// funds locks of the customers it touches; a date missed (the server was down, a stepped clock
// passed it) is caught up because each run takes everything due up to today.
import { and, asc, eq, lte } from 'drizzle-orm';
import { jstDateKey, type DateKey } from '../../market';
import { lockFundsOf, postJournal } from '../../funds';
import type { CorporateActionsDeps } from '../deps';
import { entitlementsOf } from '../entitlement/entitlement';
import { fillFactsOf, interestFirstLent } from '../entitlement/facts';
import { adjustmentNotice, deliverNotices, paidNotice, receivableNotice, storeNotices, type PendingNotice } from '../notices';
import { caDividendAdjustments, caDividendEvents, caDividendPayments, caPerks, caSplits } from '../schema';
import { publishToVenue, seedSchedule } from '../schedule/store';
import { applyDueSplits } from '../splits/apply';
import { adjustmentOf, holderAmounts, lentAmounts } from './amounts';
import { adjustmentReserveJournal, adjustmentSettleJournal, paymentJournal, receivableJournal } from './journals';

/** A perk needs at least one trading unit at the record date. */
export const PERK_MIN_SHARES = 100;

export type DividendEventRow = typeof caDividendEvents.$inferSelect;

export const dpsText = (tenths: number) => `${Math.trunc(tenths / 10)}.${tenths % 10}`;

/** The ex-date step of one entry: snapshot, receivables, adjustments reserved, perks; the entry becomes `ex`. */
export async function exDateStep(deps: CorporateActionsDeps, event: DividendEventRow): Promise<void> {
  const fills = await fillFactsOf(deps.db, event.code, event.lastCumDate);
  const splits = await deps.db.select({ effectiveDate: caSplits.effectiveDate, ratio: caSplits.ratio }).from(caSplits).where(eq(caSplits.code, event.code));
  const { cash, margin } = entitlementsOf(fills, event.lastCumDate, splits);
  const lent = await interestFirstLent(deps.db, event.code);
  const userIds = [...new Set([...cash.keys(), ...margin.map((m) => m.userId)])];
  const stored = await deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(caDividendEvents).where(eq(caDividendEvents.id, event.id)).for('update');
    if (!current || current.state !== 'scheduled') return [];
    await lockFundsOf(tx, deps.clock, userIds);
    const now = deps.clock.now();
    const pending: PendingNotice[] = [];
    for (const [userId, shares] of cash) {
      const lentShares = Math.min(lent.get(userId) ?? 0, shares);
      const parts: ['holding' | 'lent', number][] = [
        ['holding', shares - lentShares],
        ['lent', lentShares],
      ];
      for (const [basis, n] of parts) {
        if (n <= 0) continue;
        const a = basis === 'holding' ? holderAmounts(deps.config, current.dpsTenths, n) : lentAmounts(deps.config, current.dpsTenths, n);
        if (a.gross <= 0n) continue;
        const [row] = await tx
          .insert(caDividendPayments)
          .values({
            eventId: current.id,
            userId,
            basis,
            shares: n,
            dpsTenths: current.dpsTenths,
            gross: a.gross,
            incomeTax: a.incomeTax,
            residentTax: a.residentTax,
            net: a.net,
            state: 'receivable',
            bookedAt: deps.businessClock.now(),
          })
          .onConflictDoNothing()
          .returning({ id: caDividendPayments.id });
        if (!row) continue;
        const journalId = await postJournal(
          tx,
          deps.clock,
          receivableJournal(row.id, userId, a.gross, `${current.code} ${current.kind} ${current.recordDate} ${n} × ${dpsText(current.dpsTenths)}`),
        );
        await tx.update(caDividendPayments).set({ receivableJournalId: journalId }).where(eq(caDividendPayments.id, row.id));
        pending.push({ userId, notice: await receivableNotice(current.code, n, dpsText(current.dpsTenths), a.gross, a.net, current.paymentDate) });
      }
      // Perks go to shares held in the customer's name on the record date: not to lent shares [LN1], not to margin longs [DV6].
      if (current.perk && shares - lentShares >= PERK_MIN_SHARES) {
        await tx
          .insert(caPerks)
          .values({ eventId: current.id, userId, shares: shares - lentShares, createdAt: now })
          .onConflictDoNothing();
      }
    }
    for (const m of margin) {
      const adj = adjustmentOf(deps.config, m.side, m.marginKind, current.dpsTenths, m.shares);
      if (adj.amount === 0n) continue;
      const [row] = await tx
        .insert(caDividendAdjustments)
        .values({
          eventId: current.id,
          userId: m.userId,
          positionId: m.positionId,
          side: m.side,
          marginKind: m.marginKind,
          shares: m.shares,
          dpsTenths: current.dpsTenths,
          ratePpht: adj.ratePpht,
          gross: adj.gross,
          amount: adj.amount,
          state: 'reserved',
          reservedAt: deps.businessClock.now(),
        })
        .onConflictDoNothing()
        .returning({ id: caDividendAdjustments.id });
      if (!row) continue;
      // A long is owed the adjustment from the ex-date; a short's is set aside from its cash (less buying power and withdrawable) [DV6].
      const journalId = await postJournal(tx, deps.clock, adjustmentReserveJournal(row.id, m.userId, adj.amount));
      await tx.update(caDividendAdjustments).set({ reserveJournalId: journalId }).where(eq(caDividendAdjustments.id, row.id));
      pending.push({ userId: m.userId, notice: await adjustmentNotice(current.code, 'reserved', adj.amount) });
    }
    await tx.update(caDividendEvents).set({ state: 'ex', updatedAt: now }).where(eq(caDividendEvents.id, current.id));
    return storeNotices(deps, tx, pending);
  });
  await deliverNotices(deps, stored);
}

/** The payment step of one entry: receivables paid net of tax, adjustments settled; the entry becomes `paid`. */
export async function paymentStep(deps: CorporateActionsDeps, event: DividendEventRow): Promise<void> {
  const stored = await deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(caDividendEvents).where(eq(caDividendEvents.id, event.id)).for('update');
    if (!current || current.state !== 'ex') return [];
    const payments = await tx
      .select()
      .from(caDividendPayments)
      .where(and(eq(caDividendPayments.eventId, current.id), eq(caDividendPayments.state, 'receivable')));
    const adjustments = await tx
      .select()
      .from(caDividendAdjustments)
      .where(and(eq(caDividendAdjustments.eventId, current.id), eq(caDividendAdjustments.state, 'reserved')));
    await lockFundsOf(tx, deps.clock, [...payments.map((p) => p.userId), ...adjustments.map((a) => a.userId)]);
    const pending: PendingNotice[] = [];
    const at = deps.businessClock.now();
    for (const p of payments) {
      const journalId = await postJournal(tx, deps.clock, paymentJournal(p.id, p.userId, p.basis, p));
      await tx.update(caDividendPayments).set({ state: 'paid', paymentJournalId: journalId, paidAt: at }).where(eq(caDividendPayments.id, p.id));
      pending.push({ userId: p.userId, notice: await paidNotice(current.code, p.gross, p.incomeTax, p.residentTax, p.net) });
    }
    for (const a of adjustments) {
      const journalId = await postJournal(tx, deps.clock, adjustmentSettleJournal(a.id, a.userId, a.amount));
      await tx.update(caDividendAdjustments).set({ state: 'settled', settleJournalId: journalId, settledAt: at }).where(eq(caDividendAdjustments.id, a.id));
      pending.push({ userId: a.userId, notice: await adjustmentNotice(current.code, 'settled', a.amount) });
    }
    await tx.update(caDividendEvents).set({ state: 'paid', updatedAt: deps.clock.now() }).where(eq(caDividendEvents.id, current.id));
    return storeNotices(deps, tx, pending);
  });
  await deliverNotices(deps, stored);
}

/** The last business date each deps' schedule was extended on (one server, one deps). */
const seededThrough = new WeakMap<CorporateActionsDeps, DateKey>();

/** One pass: the schedule extended to the horizon, then every step due up to `today`, oldest first. */
export async function sweepCorporateActions(deps: CorporateActionsDeps, today: DateKey = jstDateKey(deps.businessClock.now())): Promise<void> {
  const seeded = seededThrough.get(deps);
  if (seeded === undefined || seeded < today) {
    if ((await seedSchedule(deps, today)) || seeded === undefined) await publishToVenue(deps);
    seededThrough.set(deps, today);
  }
  const dueEx = await deps.db
    .select()
    .from(caDividendEvents)
    .where(and(eq(caDividendEvents.state, 'scheduled'), lte(caDividendEvents.exDate, today)))
    .orderBy(asc(caDividendEvents.exDate), asc(caDividendEvents.id));
  for (const e of dueEx) await exDateStep(deps, e);
  await applyDueSplits(deps, today);
  const duePay = await deps.db
    .select()
    .from(caDividendEvents)
    .where(and(eq(caDividendEvents.state, 'ex'), lte(caDividendEvents.paymentDate, today)))
    .orderBy(asc(caDividendEvents.paymentDate), asc(caDividendEvents.id));
  for (const e of duePay) await paymentStep(deps, e);
}
