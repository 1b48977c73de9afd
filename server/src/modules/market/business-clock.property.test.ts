// Across random wall-clock moves (forwards, backwards), restarts (graceful, or a crash that
// loses nothing but the process) and operator advances, the business clock never shows an
// earlier instant than it has shown, and every scheduled step is taken exactly once, in
// business-time order, never before it is due.
import fc from 'fast-check';
import { fixedClock, jstDate, type TestClock } from '../../clock';
import { SteppedBusinessClock, type Progression } from './business-clock';
import { ScheduledSteps, memoryClockStore, type MemoryClockStore } from './testing/clock-test-kit';

const MIN = 60_000;
const HOUR = 60 * MIN;
const START = jstDate(2026, 3, 10, 10, 0).getTime();

type Op = { kind: 'wall'; ms: number } | { kind: 'restart'; graceful: boolean; wallMs: number } | { kind: 'advance'; byMs: number | null } | { kind: 'read' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('wall' as const), ms: fc.integer({ min: -3 * HOUR, max: 4 * HOUR }) }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('restart' as const), graceful: fc.boolean(), wallMs: fc.integer({ min: -6 * HOUR, max: 30 * HOUR }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('advance' as const), byMs: fc.option(fc.integer({ min: 1, max: 30 * HOUR }), { nil: null }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('read' as const) }) },
);

const scenario = fc.record({
  progression: fc.constantFrom<Progression>('sessions', 'continuous'),
  // Steps over the next week or so of business time, some on the same instant.
  steps: fc.uniqueArray(
    fc.integer({ min: 0, max: 7 * 24 * 4 }).map((quarter) => START + quarter * 15 * MIN),
    { minLength: 1, maxLength: 25 },
  ),
  ops: fc.array(opArb, { minLength: 1, maxLength: 30 }),
});

async function settle(clock: SteppedBusinessClock): Promise<number> {
  for (;;) {
    const before = clock.now().getTime();
    await clock.tick();
    await clock.settled();
    const after = clock.now().getTime();
    if (after === before) return after;
  }
}

describe('business clock across restarts and wall-clock jumps', () => {
  it('never goes back, and takes every scheduled step exactly once, in order, when due', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ progression, steps: instants, ops }) => {
        const store: MemoryClockStore = memoryClockStore();
        const steps = new ScheduledSteps(instants);
        let wall: TestClock = fixedClock(jstDate(2026, 3, 10, 1, 0));
        const open = async (): Promise<SteppedBusinessClock> => {
          const clock = new SteppedBusinessClock({ progression, start: new Date(START), wall, store });
          steps.clock = clock;
          clock.registerSteps(steps);
          await clock.open();
          await clock.begin();
          return clock;
        };
        let clock = await open();
        let shown = clock.now().getTime();
        const see = (at: number): void => {
          expect(at).toBeGreaterThanOrEqual(shown);
          shown = at;
        };
        for (const op of ops) {
          if (op.kind === 'wall') wall.advance(op.ms);
          else if (op.kind === 'restart') {
            if (op.graceful) await clock.close();
            else await clock.settled();
            // A new process, perhaps on a host whose clock is behind or ahead.
            wall = fixedClock(new Date(wall.now().getTime() + op.wallMs));
            clock = await open();
          } else if (op.kind === 'advance') {
            const now = clock.now().getTime();
            see(now);
            see((await clock.advance(op.byMs === null ? undefined : new Date(now + op.byMs))).getTime());
          }
          see(clock.now().getTime());
          see(await settle(clock));
        }
        // Past every step: each was taken once, in business-time order, never early.
        while (clock.now().getTime() < Math.max(...instants)) see((await clock.advance()).getTime());
        see(await settle(clock));
        const sorted = [...instants].sort((a, b) => a - b);
        expect(steps.taken.map((s) => s.at)).toEqual(sorted);
        for (const [, count] of steps.counts) expect(count).toBe(1);
        // The clock ran each instant's steps once: it was told of each instant once, across restarts.
        expect([...steps.offered.keys()].sort((a, b) => a - b)).toEqual(sorted);
        for (const [, count] of steps.offered) expect(count).toBe(1);
        for (const s of steps.taken) expect(s.takenAt).toBeGreaterThanOrEqual(s.at);
        const takenAts = steps.taken.map((s) => s.takenAt);
        expect(takenAts).toEqual([...takenAts].sort((a, b) => a - b));
        await clock.close();
      }),
      { numRuns: 150 },
    );
  }, 120_000);
});
