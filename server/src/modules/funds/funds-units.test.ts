import { jstDate } from '../../clock';
import { inWindow, parseWindow, windowText } from './config';
import { ANCHOR_JPY_PER_UNIT, RATE_SCALE, convertMinor, createSimulatedRatesProvider, crossRate } from './exchange/rates';
import { assertBalanced, UnbalancedJournalError } from './ledger/post';
import { groupedAmount } from './money';
import { expectedBy } from './withdrawals/arrival';

describe('simulated rates', () => {
  const provider = createSimulatedRatesProvider(7);
  it('stay near the anchor, move over time, and replay exactly for the same instant', () => {
    const at = new Date('2026-03-02T03:04:05Z');
    const a = provider.ratesAt(at);
    expect(provider.ratesAt(at)).toEqual(a);
    const later = provider.ratesAt(new Date(at.getTime() + 10 * 60_000));
    expect(later.jpyPerUnit.USD).not.toBe(a.jpyPerUnit.USD);
    const usd = Number(a.jpyPerUnit.USD) / 1e10;
    expect(Math.abs(usd / ANCHOR_JPY_PER_UNIT.USD - 1)).toBeLessThan(0.03);
    expect(a.jpyPerUnit.JPY).toBe(RATE_SCALE);
  });
  it('answer the same whatever was asked before (walks remembered per minute mark)', () => {
    const start = Date.parse('2026-03-02T03:04:05Z');
    const instants = Array.from({ length: 40 }, (_, i) => new Date(start + ((i * 7919) % 13) * 47_000 + i * 1_000));
    const asked = createSimulatedRatesProvider(7);
    for (const at of instants) expect(asked.ratesAt(at)).toEqual(createSimulatedRatesProvider(7).ratesAt(at));
  });
  it('converts exactly and rounds down', () => {
    const snapshot = {
      provider: 't',
      asOf: new Date(0),
      jpyPerUnit: { ...createSimulatedRatesProvider().ratesAt(new Date(0)).jpyPerUnit, USD: 150n * RATE_SCALE },
    };
    const jpyToUsd = crossRate(snapshot, 'JPY', 'USD'); // 0.0066666666
    expect(convertMinor(15000n, 0, 2, jpyToUsd)).toBe(9999n); // 99.99 USD, never 100.00
    expect(convertMinor(100n, 2, 0, crossRate(snapshot, 'USD', 'JPY'))).toBe(150n);
  });
});

describe('windows and arrival', () => {
  it('checks JST windows and weekdays', () => {
    const w = parseWindow('09:00-15:30');
    expect(inWindow(jstDate(2025, 1, 6, 9, 0), w, 'mon-fri')).toBe(true);
    expect(inWindow(jstDate(2025, 1, 6, 15, 30), w, 'mon-fri')).toBe(false);
    expect(inWindow(jstDate(2025, 1, 4, 10, 0), w, 'mon-fri')).toBe(false); // Saturday
    expect(inWindow(jstDate(2025, 1, 4, 10, 0), w, 'mon-sun')).toBe(true);
    expect(inWindow(jstDate(2025, 1, 4, 23, 59), parseWindow('00:00-24:00'), 'mon-sun')).toBe(true);
    expect(windowText(w, 'mon-fri')).toBe('Mon-Fri 09:00-15:30');
    expect(() => parseWindow('17:00-09:00')).toThrow();
  });
  it('expects the money by 24:00 JST of the next weekday', () => {
    expect(expectedBy(jstDate(2025, 1, 6, 10, 0))).toEqual(jstDate(2025, 1, 8, 0, 0)); // Mon → Tue 24:00
    expect(expectedBy(jstDate(2025, 1, 10, 14, 0))).toEqual(jstDate(2025, 1, 14, 0, 0)); // Fri → Mon 24:00
  });
});

describe('journal balance check', () => {
  it('refuses zero postings, single postings and unbalanced currencies', () => {
    const cash = { kind: 'customer_cash', currency: 'JPY' as const, userId: 1 };
    const bank = { kind: 'broker_bank', currency: 'JPY' as const };
    const usd = { kind: 'broker_bank', currency: 'USD' as const };
    expect(() => assertBalanced({ type: 'adjustment', reference: 'r', postings: [{ account: cash, amount: 1n }] })).toThrow(UnbalancedJournalError);
    expect(() =>
      assertBalanced({
        type: 'adjustment',
        reference: 'r',
        postings: [
          { account: cash, amount: 0n },
          { account: bank, amount: 0n },
        ],
      }),
    ).toThrow(UnbalancedJournalError);
    expect(() =>
      assertBalanced({
        type: 'adjustment',
        reference: 'r',
        postings: [
          { account: cash, amount: 5n },
          { account: usd, amount: -5n },
        ],
      }),
    ).toThrow(UnbalancedJournalError);
    expect(() =>
      assertBalanced({
        type: 'adjustment',
        reference: 'r',
        postings: [
          { account: cash, amount: 5n },
          { account: bank, amount: -5n },
        ],
      }),
    ).not.toThrow();
  });
  it('groups amounts for the special messages', () => {
    expect(groupedAmount('JPY', 10_000_000n)).toBe('10,000,000');
    expect(groupedAmount('USD', 123456n)).toBe('1,234.56');
  });
});
