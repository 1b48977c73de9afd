// Properties of the trust's pricing over random holdings, close prices, cash, units, fees and the
// day's requests and the yen owed to earlier redemptions: NAV equals holdings + cash − payable − fees (per 10,000 units, floor); the fee is the
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

test('NAV = holdings at the close + cash − payable − fees, per 10,000 units; no redemption deferred; the flows conserve yen and units', () => {
  fc.assert(
    fc.property(
      fc.array(holding, { maxLength: 4 }),
      fc.bigInt({ min: 0n, max: 100_000_000n }),
      fc.bigInt({ min: 0n, max: 100_000_000n }),
      fc.integer({ min: 0, max: 300 }),
      fc.integer({ min: 1, max: 10 }),
      fc.array(request, { maxLength: 8 }),
      fc.bigInt({ min: 0n, max: 50_000_000n }),
      (holdings, cash, units, bp, days, raw, payable) => {
        const requests: NavRequest[] = raw.map((r, i) => ({ id: i + 1, ...r }));
        const r = priceDay({ holdings, cash, units, feeBpPerYear: bp, days, requests, payable });
        const value = holdingsValueOf(holdings);
        const per = BigInt(TRUST_NAV_UNITS);
        // The published identity.
        expect(r.holdingsValue).toBe(value);
        const base = value + cash - payable;
        const accrued = base > 0n ? (base * BigInt(bp) * BigInt(days)) / (10_000n * 365n) : 0n;
        expect(trustFee(base, bp, days)).toBe(accrued);
        // The published rate, or the whole cash when the cash does not cover it.
        expect(r.fee).toBe(accrued <= cash ? accrued : cash);
        expect(r.netAssets).toBe(value + cash - payable - r.fee);
        if (units > 0n) expect(r.nav).toBe(r.netAssets > 0n ? (r.netAssets * per) / units : 0n);
        else expect(r.nav).toBe(10_000n);
        // Each request is filled once or deferred; only a subscription at a NAV of 0 is deferred.
        expect([...r.fills.map((f) => f.id), ...r.deferred].sort((x, y) => x - y)).toEqual(requests.map((q) => q.id));
        for (const id of r.deferred) expect(requests.find((q) => q.id === id)?.kind).toBe('subscribe');
        if (r.nav > 0n) expect(r.deferred).toEqual([]);
        let cashAfter = cash - r.fee;
        let unitsAfter = units;
        let owed = 0n;
        let queueing = false;
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
            // Priced at this NAV, every unit gone now; paid now only while the cash after what is
            // already owed covers it, and from the first owed one every later one is owed too.
            expect(f.units).toBe(q.units);
            expect(f.cash).toBe((q.units * r.nav) / per);
            if (queueing) expect(f.owed).toBe(true);
            expect(f.owed).toBe(f.cash > cashAfter - payable || queueing);
            queueing = f.owed;
            if (f.owed) owed += f.cash;
            else cashAfter -= f.cash;
            unitsAfter -= f.units;
          }
          expect(cashAfter).toBeGreaterThanOrEqual(0n);
        }
        expect(r.cashAfter).toBe(cashAfter);
        expect(r.unitsAfter).toBe(unitsAfter);
        expect(r.payableAfter).toBe(payable + owed);
        // Every yen: what leaves the cash now plus what is owed is exactly the redemptions' price.
        const priced = r.fills.filter((f) => f.kind === 'redeem').reduce((s, f) => s + f.cash, 0n);
        const subscribed = r.fills.filter((f) => f.kind === 'subscribe').reduce((s, f) => s + f.cash, 0n);
        expect(cash - r.fee + subscribed - r.cashAfter + (r.payableAfter - payable)).toBe(priced);
        expect(r.netAssetsAfter).toBe(value + cashAfter - payable - owed);
        // When nothing was owed before and the cash covers the day, nothing is owed after.
        if (payable === 0n && owed === 0n) expect(r.payableAfter).toBe(0n);
      },
    ),
    { numRuns: 500 },
  );
});
