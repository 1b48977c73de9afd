// The independent check of a run's dividends (docs/dividends.md): every entry past its ex-date is
// recomputed from the published schedule and the customers' fills alone — not through the
// corporate-actions module's entitlement or amount code — and compared with what was booked and
// posted. Entitled = shares whose buy settles (trade date + 2 business days) on or before the record
// date, less those whose sale settles by then; a split in effect by the record date counts earlier
// shares × its ratio. gross = ⌊DPS × shares⌋; income tax ⌊gross × 15.315 %⌋; resident tax
// ⌊gross × 5 %⌋; net the rest; the ledger's postings of each payment must say the same.
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '../db/client';
import { caDividendAdjustments, caDividendEvents, caDividendPayments, caSplits } from '../modules/corporate-actions';
import { ledgerAccounts, ledgerPostings } from '../modules/funds';
import { isBusinessDay, jstDateKey, nextBusinessDay } from '../modules/market';
import { tradingFills, tradingPositions } from '../modules/trading';

export interface DividendCheckLine {
  eventId: number;
  code: string;
  userId: number;
  what: string;
  expected: string;
  found: string;
  match: boolean;
}

export interface DividendCheckResult {
  events: number;
  lines: DividendCheckLine[];
  match: boolean;
}

const settlement = (tradeDate: string) => nextBusinessDay(nextBusinessDay(tradeDate));
const onOrBeforeBusiness = (d: string) => {
  let x = d;
  while (!isBusinessDay(x)) x = new Date(Date.parse(`${x}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return x;
};

export async function checkDividends(db: Database): Promise<DividendCheckResult> {
  const events = await db.select().from(caDividendEvents).where(ne(caDividendEvents.state, 'scheduled')).orderBy(asc(caDividendEvents.exDate));
  const lines: DividendCheckLine[] = [];
  const line = (e: { id: number; code: string }, userId: number, what: string, expected: bigint | number, found: bigint | number | null) =>
    lines.push({
      eventId: e.id,
      code: e.code,
      userId,
      what,
      expected: String(expected),
      found: found === null ? 'none' : String(found),
      match: found !== null && BigInt(expected) === BigInt(found),
    });
  for (const e of events) {
    const record = onOrBeforeBusiness(e.recordDate);
    const splits = await db.select().from(caSplits).where(eq(caSplits.code, e.code));
    const fills = await db
      .select({
        userId: tradingFills.userId,
        positionId: tradingFills.positionId,
        side: tradingFills.side,
        quantity: tradingFills.quantity,
        at: tradingFills.at,
        product: tradingPositions.product,
        direction: tradingPositions.direction,
        marginKind: tradingPositions.marginKind,
      })
      .from(tradingFills)
      .innerJoin(tradingPositions, eq(tradingPositions.id, tradingFills.positionId))
      .where(eq(tradingPositions.code, e.code));
    const cash = new Map<number, number>();
    const margin = new Map<number, { userId: number; long: boolean; general: boolean; shares: number }>();
    for (const f of fills) {
      const tradeDate = jstDateKey(f.at);
      if (settlement(tradeDate) > record) continue;
      const ratio = splits.filter((s) => s.effectiveDate > tradeDate && s.effectiveDate <= e.lastCumDate).reduce((k, s) => k * s.ratio, 1);
      const opens = (f.direction === 'long') === (f.side === 'buy');
      const n = (opens ? 1 : -1) * f.quantity * ratio;
      if (f.product === 'cash' && f.direction === 'long') cash.set(f.userId, (cash.get(f.userId) ?? 0) + n);
      if (f.product === 'margin') {
        const m = margin.get(f.positionId) ?? { userId: f.userId, long: f.direction === 'long', general: f.marginKind === 'general', shares: 0 };
        m.shares += n;
        margin.set(f.positionId, m);
      }
    }
    const payments = await db.select().from(caDividendPayments).where(eq(caDividendPayments.eventId, e.id));
    for (const [userId, shares] of cash) {
      const mine = payments.filter((p) => p.userId === userId);
      const gross = (BigInt(e.dpsTenths) * BigInt(Math.max(0, shares))) / 10n;
      if (gross === 0n && mine.length === 0) continue;
      line(e, userId, 'entitled shares', shares, mine.length === 0 ? null : mine.reduce((s, p) => s + p.shares, 0));
      for (const p of mine) {
        const g = (BigInt(e.dpsTenths) * BigInt(p.shares)) / 10n;
        const it = (g * 15_315n) / 100_000n;
        const rt = p.basis === 'lent' ? 0n : (g * 5_000n) / 100_000n;
        line(e, userId, `${p.basis} gross`, g, p.gross);
        line(e, userId, `${p.basis} income tax`, it, p.incomeTax);
        line(e, userId, `${p.basis} resident tax`, rt, p.residentTax);
        line(e, userId, `${p.basis} net`, g - it - rt, p.net);
        if (p.state === 'paid' && p.paymentJournalId !== null) {
          const cashPosted = await db
            .select({ amount: ledgerPostings.amount })
            .from(ledgerPostings)
            .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
            .where(and(eq(ledgerPostings.journalId, p.paymentJournalId), eq(ledgerAccounts.kind, 'customer_cash')));
          line(e, userId, `${p.basis} net posted to cash`, g - it - rt, cashPosted[0]?.amount ?? null);
        }
      }
    }
    for (const p of payments) if (!cash.has(p.userId)) line(e, p.userId, 'paid without entitlement', 0, p.shares);
    const adjustments = await db
      .select()
      .from(caDividendAdjustments)
      .where(and(eq(caDividendAdjustments.eventId, e.id), inArray(caDividendAdjustments.positionId, [...margin.keys(), -1])));
    for (const [positionId, m] of margin) {
      if (m.shares <= 0) continue;
      const g = (BigInt(e.dpsTenths) * BigInt(m.shares)) / 10n;
      const net = g - (g * 15_315n) / 100_000n;
      const expected = m.long ? net : m.general ? -g : -net;
      if (expected === 0n) continue;
      const a = adjustments.find((x) => x.positionId === positionId);
      line(e, m.userId, `adjustment position ${positionId}`, expected, a?.amount ?? null);
    }
  }
  return { events: events.length, lines, match: lines.every((l) => l.match) };
}

export function formatDividendCheck(result: DividendCheckResult): string {
  const bad = result.lines.filter((l) => !l.match);
  const head = `${result.match ? 'match' : 'MISMATCH'}: ${result.events} dividend entries past their ex-date, ${result.lines.length} figures recomputed, ${bad.length} mismatched`;
  return [head, ...bad.map((l) => `  mismatch #${l.eventId} ${l.code} user ${l.userId} ${l.what}: expected ${l.expected}, found ${l.found}`)].join('\n');
}
