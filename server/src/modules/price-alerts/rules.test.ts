// The rule boundaries (docs/price-alerts.md §2): at the price counts, one tenth short does not;
// a % move counts from exactly the published percentage of the previous close, per direction.
import fc from 'fast-check';
import { movePercentToBp, priceAlertCreateFormSchema } from '@kabuto/shared-sdk/schemas';
import { MSG } from '@kabuto/shared-sdk/messages';
import { ruleMet, type AlertRule } from './rules';

const above = (price: number): AlertRule => ({ kind: 'above', price, moveBp: null, direction: null });
const below = (price: number): AlertRule => ({ kind: 'below', price, moveBp: null, direction: null });
const move = (bp: number, direction: 'both' | 'up' | 'down'): AlertRule => ({ kind: 'move', price: null, moveBp: bp, direction });

test('above and below: the alert price itself meets the rule, one tenth short does not', () => {
  expect(ruleMet(above(27_900), 27_900, 27_000)).toBe(true);
  expect(ruleMet(above(27_900), 27_899, 27_000)).toBe(false);
  expect(ruleMet(below(27_000), 27_000, 27_900)).toBe(true);
  expect(ruleMet(below(27_000), 27_001, 27_900)).toBe(false);
});

test('% move from the previous close: exactly the percentage counts, both ways or the chosen one', () => {
  // 5 % of ¥2,000.0 is ¥100.0.
  expect(ruleMet(move(500, 'both'), 21_000, 20_000)).toBe(true);
  expect(ruleMet(move(500, 'both'), 19_000, 20_000)).toBe(true);
  expect(ruleMet(move(500, 'both'), 20_999, 20_000)).toBe(false);
  expect(ruleMet(move(500, 'both'), 19_001, 20_000)).toBe(false);
  expect(ruleMet(move(500, 'up'), 19_000, 20_000)).toBe(false);
  expect(ruleMet(move(500, 'up'), 21_000, 20_000)).toBe(true);
  expect(ruleMet(move(500, 'down'), 21_000, 20_000)).toBe(false);
  expect(ruleMet(move(500, 'down'), 19_000, 20_000)).toBe(true);
});

test('% move agrees with exact rational arithmetic for any close, price and percentage', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 1_000_000 }),
      fc.integer({ min: 1, max: 2_000_000 }),
      fc.integer({ min: 1, max: 300 }),
      (close, price, tenthsOfPct) => {
        const bp = tenthsOfPct * 10;
        // BigInt cross-multiplication as the reference: |price − close| × 10 000 ≥ bp × close.
        const moved = BigInt(price - close) * 10_000n;
        const need = BigInt(bp) * BigInt(close);
        expect(ruleMet(move(bp, 'up'), price, close)).toBe(moved >= need);
        expect(ruleMet(move(bp, 'down'), price, close)).toBe(-moved >= need);
        expect(ruleMet(move(bp, 'both'), price, close)).toBe(moved >= need || -moved >= need);
      },
    ),
  );
});

test('the form: % outside the published 0.1–30 range or with two decimals is refused naming the range', () => {
  expect(movePercentToBp('2.5')).toBe(250);
  const parse = (movePercent: string) => priceAlertCreateFormSchema.safeParse({ code: '7203', kind: 'move', movePercent });
  for (const ok of ['0.1', '30', '2.5', '12']) expect(parse(ok).success).toBe(true);
  for (const bad of ['0', '0.05', '30.1', '31', '-1', '2.55', 'abc', '']) {
    const r = parse(bad);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(MSG.priceAlertMoveOutOfRange);
  }
  expect(MSG.priceAlertMoveOutOfRange).toContain('0.1%');
  expect(MSG.priceAlertMoveOutOfRange).toContain('30%');
  expect(MSG.priceAlertLimitReached).toContain('20');
});
