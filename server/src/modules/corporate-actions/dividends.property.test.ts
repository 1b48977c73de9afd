// Properties of dividends over random holdings, trades around the last cum date, splits and margin
// positions (docs/dividends.md): entitled shares equal the shares settled (T+2) by the record
// date, worked out day by day as an independent model; gross = DPS × shares; each tax floored to
// the yen and net to the yen; every step's journal balances and the whole run nets to zero with
// the receivables cleared; the ex-date base price is the cum close less the dividend.
import fc from 'fast-check';
import { assertBalanced, type JournalInput } from '../funds';
import {
  addDays,
  createUniverse,
  MarketSimulator,
  nextBusinessDay,
  previousBusinessDay,
  roundToTick,
  isBusinessDay,
  fixedClockForTests,
} from './testing/property-kit';
import { DEFAULT_CORPORATE_ACTIONS_CONFIG as CONFIG } from './config';
import { entitlementsOf, type FillFact, type SplitFact } from './entitlement/entitlement';
import { adjustmentOf, holderAmounts } from './payments/amounts';
import { adjustmentReserveJournal, adjustmentSettleJournal, paymentJournal, receivableJournal } from './payments/journals';
import { datesOf } from './schedule/generate';

const RECORD = '2025-09-30';
const { lastCumDate: LAST_CUM } = datesOf(RECORD, CONFIG.paymentBusinessDaysAfterRecord);

/** Business days from 6 before to 4 after the last cum date. */
const DAYS: string[] = (() => {
  let d = LAST_CUM;
  for (let i = 0; i < 6; i++) d = previousBusinessDay(d);
  const out: string[] = [];
  for (let i = 0; i < 11; i++) {
    out.push(d);
    d = nextBusinessDay(d);
  }
  return out;
})();

const settlesOn = (tradeDate: string) => nextBusinessDay(nextBusinessDay(tradeDate));

const tradeArb = fc.record({
  user: fc.integer({ min: 1, max: 4 }),
  day: fc.integer({ min: 0, max: DAYS.length - 1 }),
  side: fc.constantFrom('buy' as const, 'sell' as const),
  lots: fc.integer({ min: 1, max: 5 }),
});
const marginArb = fc.record({
  user: fc.integer({ min: 1, max: 4 }),
  direction: fc.constantFrom('long' as const, 'short' as const),
  kind: fc.constantFrom('standard' as const, 'general' as const),
  openDay: fc.integer({ min: 0, max: DAYS.length - 1 }),
  closeDay: fc.option(fc.integer({ min: 0, max: DAYS.length - 1 }), { nil: null }),
  lots: fc.integer({ min: 1, max: 5 }),
});
const splitArb = fc.option(fc.record({ day: fc.integer({ min: 1, max: DAYS.length - 1 }), ratio: fc.integer({ min: 2, max: 5 }) }), { nil: null });

describe('dividend properties', () => {
  it('entitled shares are the shares settled by the record date; amounts to the yen; the ledger nets to zero', () => {
    fc.assert(
      fc.property(
        fc.array(tradeArb, { maxLength: 25 }),
        fc.array(marginArb, { maxLength: 6 }),
        splitArb,
        fc.integer({ min: 1, max: 2_000 }),
        (trades, margins, split, dpsTenths) => {
          const splits: SplitFact[] = split ? [{ effectiveDate: DAYS[split.day] as string, ratio: split.ratio }] : [];
          // Cash: one position per customer; a sale never sells more than the customer holds that day (post-split shares).
          const fills: FillFact[] = [];
          const heldByDay = new Map<number, number>();
          const sorted = [...trades].sort((a, b) => a.day - b.day);
          const applied = new Set<number>();
          for (const tr of sorted) {
            const date = DAYS[tr.day] as string;
            // The split multiplies what each customer holds from its effective date.
            if (split && (DAYS[split.day] as string) <= date && !applied.has(tr.user)) {
              applied.add(tr.user);
              heldByDay.set(tr.user, (heldByDay.get(tr.user) ?? 0) * split.ratio);
            }
            const held = heldByDay.get(tr.user) ?? 0;
            let qty = tr.lots * 100;
            if (tr.side === 'sell') qty = Math.min(qty, held);
            if (qty === 0) continue;
            heldByDay.set(tr.user, held + (tr.side === 'buy' ? qty : -qty));
            fills.push({
              positionId: tr.user,
              userId: tr.user,
              product: 'cash',
              direction: 'long',
              marginKind: null,
              side: tr.side,
              quantity: qty,
              tradeDate: date,
            });
          }
          margins.forEach((m, i) => {
            const open = DAYS[m.openDay] as string;
            const positionId = 100 + i;
            const base = { positionId, userId: m.user, product: 'margin' as const, direction: m.direction, marginKind: m.kind };
            fills.push({ ...base, side: m.direction === 'long' ? 'buy' : 'sell', quantity: m.lots * 100, tradeDate: open });
            // Closed whole: after a split in between, in post-split shares.
            const splitBetween = split !== null && split.day > m.openDay && m.closeDay !== null && split.day <= m.closeDay;
            if (m.closeDay !== null && m.closeDay >= m.openDay)
              fills.push({
                ...base,
                side: m.direction === 'long' ? 'sell' : 'buy',
                quantity: m.lots * 100 * (splitBetween ? split.ratio : 1),
                tradeDate: DAYS[m.closeDay] as string,
              });
          });
          const { cash, margin } = entitlementsOf(fills, LAST_CUM, splits);
          for (const user of [1, 2, 3, 4]) {
            const splitOnDay = split ? (DAYS[split.day] as string) : null;
            // Shares bought before a split in effect by the last cum date count × ratio.
            const expected = fills
              .filter((f) => f.product === 'cash' && f.userId === user && settlesOn(f.tradeDate) <= RECORD)
              .reduce(
                (s, f) =>
                  s + (f.side === 'buy' ? 1 : -1) * f.quantity * (splitOnDay && f.tradeDate < splitOnDay && splitOnDay <= LAST_CUM ? (split?.ratio ?? 1) : 1),
                0,
              );
            expect(cash.get(user) ?? 0).toBe(Math.max(0, expected));
          }
          // Shorts are never entitled to the dividend; margin entries are positions open through the last cum date.
          for (const m of margin) {
            const spec = margins[m.positionId - 100];
            expect(spec).toBeDefined();
            expect(
              spec &&
                spec.openDay <= DAYS.indexOf(LAST_CUM) &&
                (spec.closeDay === null || spec.closeDay < spec.openDay || spec.closeDay > DAYS.indexOf(LAST_CUM)),
            ).toBe(true);
          }

          const journals: JournalInput[] = [];
          let id = 0;
          for (const [user, shares] of cash) {
            const a = holderAmounts(CONFIG, dpsTenths, shares);
            expect(a.gross * 10n).toBeLessThanOrEqual(BigInt(dpsTenths) * BigInt(shares));
            expect((a.gross + 1n) * 10n).toBeGreaterThan(BigInt(dpsTenths) * BigInt(shares));
            expect(a.incomeTax * 100_000n <= a.gross * 15_315n && a.gross * 15_315n < (a.incomeTax + 1n) * 100_000n).toBe(true);
            expect(a.residentTax * 100_000n <= a.gross * 5_000n && a.gross * 5_000n < (a.residentTax + 1n) * 100_000n).toBe(true);
            expect(a.net).toBe(a.gross - a.incomeTax - a.residentTax);
            if (a.gross === 0n) continue;
            id += 1;
            journals.push(receivableJournal(id, user, a.gross, 'p'), paymentJournal(id, user, 'holding', a));
          }
          for (const m of margin) {
            const adj = adjustmentOf(CONFIG, m.side, m.marginKind, dpsTenths, m.shares);
            const gross = (BigInt(dpsTenths) * BigInt(m.shares)) / 10n;
            const expected =
              m.side === 'short' && m.marginKind === 'general' ? -gross : (m.side === 'long' ? 1n : -1n) * (gross - (gross * 15_315n) / 100_000n);
            expect(adj.amount).toBe(expected);
            if (adj.amount === 0n) continue;
            id += 1;
            journals.push(adjustmentReserveJournal(id, m.userId, adj.amount), adjustmentSettleJournal(id, m.userId, adj.amount));
          }
          const sums = new Map<string, bigint>();
          for (const j of journals) {
            assertBalanced(j);
            for (const p of j.postings) {
              const key = `${p.account.kind}:${p.account.userId ?? ''}`;
              sums.set(key, (sums.get(key) ?? 0n) + p.amount);
            }
          }
          expect([...sums.values()].reduce((s, v) => s + v, 0n)).toBe(0n);
          // After payment nothing stays receivable or reserved.
          for (const [key, v] of sums) if (/^(dividend_receivable|dividend_adjustment_receivable|dividend_adjustment_reserved):/.test(key)) expect(v).toBe(0n);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('the ex-date base price is the cum close less the dividend (the tick at or below it)', () => {
    const universe = createUniverse();
    const codes = ['7203', '6758', '9984', '8306', '4063', '9432'];
    fc.assert(
      // Up to 5 % of the reference price, as real dividends are (the seeded forecasts stay below 2 %).
      fc.property(fc.constantFrom(...codes), fc.integer({ min: 0, max: 40 }), fc.integer({ min: 1, max: 500 }), (code, offset, permille) => {
        const dividend = Math.max(1, Math.round(((universe.byCode(code)?.referencePrice ?? 10_000) * permille) / 10_000));
        let exDate = addDays('2025-10-01', offset);
        while (!isBusinessDay(exDate)) exDate = addDays(exDate, 1);
        const withDividend = createUniverse();
        const sim = new MarketSimulator({ universe: withDividend, seed: 'prop', clock: fixedClockForTests() });
        sim.setScheduledActions(code, [...universe.actionsFor(code), { code, exDate, kind: 'dividend', amount: dividend, origin: 'simulated' }]);
        const path = sim.path(code);
        const cumClose = path.dailyBar(previousBusinessDay(exDate)).close;
        const base = path.basePrice(exDate);
        const expected = roundToTick(Math.max(1, cumClose - dividend), path.tickTableOn(exDate), 'down');
        expect(base).toBe(expected);
        expect(base).toBeLessThanOrEqual(cumClose - dividend);
      }),
      { numRuns: 25 },
    );
  });
});
