// Properties of the trigger rules (docs/trading.md §11) on random price paths: a trigger fires
// exactly at the first trade the rule names and never again; an OCO pair fires one leg at
// most; the trailing stop equals the published formula at every step.
import fc from 'fast-check';
import { roundToTick, tickSize } from '../../market';
import { ocoLegsApart, onTrade, stopOnRightSide, trailingStop, type ArmedTrigger, type Side } from './rules';

const TABLE = '01' as const;
/** Random walk of trades around 2,000 yen in whole ticks (tenths: 1 yen = 10). */
const pathArb = fc.array(fc.integer({ min: -8, max: 8 }), { minLength: 1, maxLength: 200 }).map((steps) => {
  let p = 20_000;
  return steps.map((s) => (p = Math.max(10, p + s * 10)));
});
const sideArb = fc.constantFrom<Side>('buy', 'sell');

/** Drive a trigger like the runner: evaluate each trade until it fires, then disarm. Returns the firing indexes. */
function drive(t: ArmedTrigger, path: number[]): { fired: number[]; extremes: (number | null)[] } {
  const fired: number[] = [];
  const extremes: (number | null)[] = [];
  let armed: ArmedTrigger | null = { ...t };
  path.forEach((price, i) => {
    if (!armed) return;
    const o = onTrade(armed, price, TABLE);
    extremes.push(o.trailExtreme);
    if (o.fire) {
      fired.push(i);
      armed = null;
    } else armed = { ...armed, trailExtreme: o.trailExtreme };
  });
  return { fired, extremes };
}

describe('stop (逆指値)', () => {
  it('fires once, at the first trade at or beyond the stop price, and never before', () => {
    fc.assert(
      fc.property(sideArb, pathArb, fc.integer({ min: -30, max: 30 }), (side, path, offset) => {
        const stop = 20_000 + offset * 10;
        const { fired } = drive({ trigger: 'stop', side, triggerPrice: stop, trailWidth: null, trailExtreme: null }, path);
        const expected = path.findIndex((p) => (side === 'sell' ? p <= stop : p >= stop));
        expect(fired).toEqual(expected === -1 ? [] : [expected]);
      }),
      { numRuns: 500 },
    );
  });

  it('the wrong side of the market is refused: a sell stop at or above the last price, a buy stop at or below it', () => {
    fc.assert(
      fc.property(sideArb, fc.integer({ min: 100, max: 100_000 }), fc.integer({ min: -50, max: 50 }), (side, last, d) => {
        const stop = last + d;
        expect(stopOnRightSide(side, stop, last)).toBe(side === 'sell' ? d < 0 : d > 0);
      }),
    );
  });
});

describe('OCO', () => {
  it('legs set apart around the last price never both fire: the first to fire wins, the other is cancelled with it', () => {
    fc.assert(
      fc.property(sideArb, pathArb, fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 30 }), (side, path, up, down) => {
        const last = 20_000;
        const limit = side === 'sell' ? last + up * 10 : last - up * 10;
        const stop = side === 'sell' ? last - down * 10 : last + down * 10;
        expect(ocoLegsApart(side, limit, stop, last)).toBe(true);
        const legs: ArmedTrigger[] = [
          { trigger: 'touch', side, triggerPrice: limit, trailWidth: null, trailExtreme: null },
          { trigger: 'stop', side, triggerPrice: stop, trailWidth: null, trailExtreme: null },
        ];
        // The runner: on each trade, the legs still armed are checked; a firing leg disarms both.
        let armed = [0, 1];
        const fired: number[] = [];
        for (const price of path) {
          const now = armed.filter((i) => onTrade(legs[i] as ArmedTrigger, price, TABLE).fire);
          // Both legs firing on the same trade would mean overlapping legs: never, by ocoLegsApart.
          expect(now.length).toBeLessThanOrEqual(1);
          if (now.length === 1) {
            fired.push(now[0] as number);
            armed = [];
          }
        }
        expect(fired.length).toBeLessThanOrEqual(1);
      }),
      { numRuns: 500 },
    );
  });

  it('overlapping legs (both could fire on one price) are refused', () => {
    fc.assert(
      fc.property(sideArb, fc.integer({ min: -30, max: 30 }), fc.integer({ min: -30, max: 30 }), (side, a, b) => {
        const last = 20_000;
        const limit = last + a * 10;
        const stop = last + b * 10;
        const someone = [limit, stop, last, limit - 10, stop + 10].some(
          (p) =>
            onTrade({ trigger: 'touch', side, triggerPrice: limit, trailWidth: null, trailExtreme: null }, p, TABLE).fire &&
            onTrade({ trigger: 'stop', side, triggerPrice: stop, trailWidth: null, trailExtreme: null }, p, TABLE).fire,
        );
        if (someone) expect(ocoLegsApart(side, limit, stop, last)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});

describe('trailing stop', () => {
  it('follows the published formula: stop = best trade since arming ∓ width, rounded to a tick, and fires once', () => {
    fc.assert(
      fc.property(sideArb, pathArb, fc.integer({ min: 1, max: 20 }), (side, path, ticks) => {
        const start = 20_000;
        const width = ticks * tickSize(start, TABLE);
        const { fired, extremes } = drive({ trigger: 'trailing', side, triggerPrice: null, trailWidth: width, trailExtreme: start }, path);
        let best = start;
        let expectedFire = -1;
        for (let i = 0; i < path.length; i++) {
          const p = path[i] as number;
          best = side === 'sell' ? Math.max(best, p) : Math.min(best, p);
          if (i < extremes.length) expect(extremes[i]).toBe(best);
          const stop = side === 'sell' ? roundToTick(best - width, TABLE, 'down') : roundToTick(best + width, TABLE, 'up');
          expect(trailingStop(side, best, width, TABLE)).toBe(stop);
          if (side === 'sell' ? p <= stop : p >= stop) {
            expectedFire = i;
            break;
          }
        }
        expect(fired).toEqual(expectedFire === -1 ? [] : [expectedFire]);
      }),
      { numRuns: 500 },
    );
  });
});
