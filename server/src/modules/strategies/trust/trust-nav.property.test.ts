// Properties of the trust's pricing over random holdings, close prices, cash, units, fees and the
// day's requests: NAV equals holdings + cash − fees (per 10,000 units, floor); the fee is the
// published rate for the days; subscriptions never get units worth more than they paid and get
// the rest back; redemptions are paid units × NAV; every yen and unit is accounted for.
import fc from 'fast-check';
import { TRUST_NAV_UNITS } from '@kabuto/shared-sdk/schemas';
import { holdingsValueOf, priceDay, trustFee, type NavRequest } from './nav';

const holding = fc.record({
  code: fc.constantFrom('7203', '8306', '9984', '6758'),
  shares: fc.integer({ min: 0, max: 50 }).map((l) => l * 100),
  priceTenths: fc.integer({ min: 10, max: 500_000 }),
});
const request = fc.oneof(
  fc.record({ kind: fc.constant('subscribe' as const), amount: fc.bigInt({ min: 1n, max: 50_000_000n }), units: fc.constant(0n) }),
  fc.record({ kind: fc.constant('redeem' as const), amount: fc.constant(0n), units: fc.bigInt({ min: 1n, max: 20_000_000n }) }),
);

test('NAV = holdings at the close + cash − fees, per 10,000 units; the flows conserve yen and units', () => {
  fc.assert(
    fc.property(
      fc.array(holding, { maxLength: 4 }),
      fc.bigInt({ min: 0n, max: 100_000_000n }),
      fc.bigInt({ min: 0n, max: 100_000_000n }),
      fc.integer({ min: 0, max: 300 }),
      fc.integer({ min: 1, max: 10 }),
      fc.array(request, { maxLength: 8 }),
      (holdings, cash, units, bp, days, raw) => {
        const requests: NavRequest[] = raw.map((r, i) => ({ id: i + 1, ...r }));
        const r = priceDay({ holdings, cash, units, feeBpPerYear: bp, days, requests });
        const value = holdingsValueOf(holdings);
        const per = BigInt(TRUST_NAV_UNITS);
        // The published identity.
        expect(r.holdingsValue).toBe(value);
        const accrued = ((value + cash) * BigInt(bp) * BigInt(days)) / (10_000n * 365n);
        expect(trustFee(value + cash, bp, days)).toBe(accrued);
        // The published rate, or the whole cash when the cash does not cover it.
        expect(r.fee).toBe(accrued <= cash ? accrued : cash);
        expect(r.netAssets).toBe(value + cash - r.fee);
        if (units > 0n) expect(r.nav).toBe(r.netAssets > 0n ? (r.netAssets * per) / units : 0n);
        else expect(r.nav).toBe(10_000n);
        // Each request is filled once or deferred.
        expect([...r.fills.map((f) => f.id), ...r.deferred].sort((x, y) => x - y)).toEqual(requests.map((q) => q.id));
        let cashAfter = cash - r.fee;
        let unitsAfter = units;
        for (const f of r.fills) {
          const q = requests.find((x) => x.id === f.id);
          if (!q) throw new Error('unknown fill');
          if (f.kind === 'subscribe') {
            // Whole units at the NAV, never worth more than paid; the rest returned.
            expect(f.units).toBe((q.amount * per) / r.nav);
            expect(f.cash + f.refund).toBe(q.amount);
            expect(f.cash * per).toBeGreaterThanOrEqual(f.units * r.nav);
            expect((f.cash - 1n) * per).toBeLessThan(f.units * r.nav);
            cashAfter += f.cash;
            unitsAfter += f.units;
          } else {
            expect(f.units).toBe(q.units);
            expect(f.cash).toBe((q.units * r.nav) / per);
            cashAfter -= f.cash;
            unitsAfter -= f.units;
          }
          expect(cashAfter).toBeGreaterThanOrEqual(0n);
        }
        expect(r.cashAfter).toBe(cashAfter);
        expect(r.unitsAfter).toBe(unitsAfter);
        expect(r.netAssetsAfter).toBe(value + cashAfter);
      },
    ),
    { numRuns: 500 },
  );
});
