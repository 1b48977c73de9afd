// The stepped demo business clock: trading sessions at wall speed, the night passed at once
// with the due steps taken in order at their own instants, never backwards (wall clock going
// back, restarts), saved ahead so a restart never resumes earlier, and the operator's advance.
import { fixedClock, jstDate } from '../../clock';
import { SteppedBusinessClock, nextBusinessDayOpen } from './business-clock';
import { phaseAt } from './rules/calendar';
import { businessClockFromSettings, marketSettingsFromEnv } from './runtime';
import { ScheduledSteps, memoryClockStore } from './testing/clock-test-kit';

const MIN = 60_000;
const HOUR = 60 * MIN;

/** The clock after a wall jump: saves and night passes it asked for are done (the timer's job in the server). */
async function read(clock: SteppedBusinessClock): Promise<Date> {
  for (;;) {
    const before = clock.now().getTime();
    await clock.tick();
    await clock.settled();
    const after = clock.now();
    if (after.getTime() === before) return after;
  }
}

function sessionsClock(start: Date, wallStart = jstDate(2026, 1, 13, 0, 0)) {
  const wall = fixedClock(wallStart);
  const store = memoryClockStore();
  const clock = new SteppedBusinessClock({ progression: 'sessions', start, wall, store });
  return { wall, store, clock };
}

describe('the stepped demo business clock', () => {
  it('runs the sessions at wall speed, skips lunch, and passes the night to the next business day 09:00', async () => {
    // Friday 2026-01-09; Monday 2026-01-12 is Coming of Age Day: the next business day is Tuesday the 13th.
    const { wall, clock } = sessionsClock(jstDate(2026, 1, 9, 11, 0));
    await clock.open();
    expect(clock.now()).toEqual(jstDate(2026, 1, 9, 11, 0));
    wall.advance(20 * MIN);
    expect(await read(clock)).toEqual(jstDate(2026, 1, 9, 11, 20));
    wall.advance(20 * MIN);
    expect(await read(clock)).toEqual(jstDate(2026, 1, 9, 12, 40));
    // The day's end: the night is passed at once (the clock stands at 15:30 until it is).
    wall.advance(3 * HOUR);
    expect(await read(clock)).toEqual(jstDate(2026, 1, 13, 9, 0));
    wall.advance(MIN);
    expect(await read(clock)).toEqual(jstDate(2026, 1, 13, 9, 1));
    expect(nextBusinessDayOpen(jstDate(2026, 1, 9, 15, 30))).toEqual(jstDate(2026, 1, 13, 9, 0));
  });

  it('stands at each step due in the night, in business-time order, once', async () => {
    const { wall, clock } = sessionsClock(jstDate(2026, 1, 13, 15, 0));
    const instants = [jstDate(2026, 1, 14, 8, 0), jstDate(2026, 1, 13, 17, 0), jstDate(2026, 1, 13, 15, 30), jstDate(2026, 1, 14, 10, 0)].map((d) =>
      d.getTime(),
    );
    const steps = new ScheduledSteps(instants);
    steps.clock = clock;
    clock.registerSteps(steps);
    await clock.open();
    await clock.begin();
    wall.advance(HOUR);
    expect(await read(clock)).toEqual(jstDate(2026, 1, 14, 9, 0));
    expect(steps.taken).toEqual([
      { at: jstDate(2026, 1, 13, 15, 30).getTime(), takenAt: jstDate(2026, 1, 13, 15, 30).getTime() },
      { at: jstDate(2026, 1, 13, 17, 0).getTime(), takenAt: jstDate(2026, 1, 13, 17, 0).getTime() },
      { at: jstDate(2026, 1, 14, 8, 0).getTime(), takenAt: jstDate(2026, 1, 14, 8, 0).getTime() },
    ]);
    // The one due tomorrow 10:00 is taken by a tick once the clock gets there, not before.
    wall.advance(59 * MIN);
    await clock.tick();
    expect(steps.taken).toHaveLength(3);
    wall.advance(MIN);
    await clock.tick();
    expect(steps.taken.map((s) => s.at)).toEqual([...instants].sort((a, b) => a - b));
  });

  it('is trading nearly all the time and moves on a business day every 5 h 30 min of wall time', async () => {
    const { wall, clock } = sessionsClock(jstDate(2026, 1, 13, 9, 0));
    await clock.open();
    let trading = 0;
    let previous = 0;
    const steps = 24 * 60;
    for (let i = 0; i < steps; i++) {
      const now = await read(clock);
      expect(now.getTime()).toBeGreaterThanOrEqual(previous);
      previous = now.getTime();
      if (['zaraba', 'closing-auction'].includes(phaseAt(now))) trading++;
      wall.advance(MIN);
    }
    expect(trading / steps).toBeGreaterThan(0.99);
    // 24 h of wall time = 4 whole days of sessions and part of a fifth: Tue 13 → Mon 19.
    expect(clock.now().getTime()).toBeGreaterThan(jstDate(2026, 1, 19, 9, 0).getTime());
  });

  it('does not go back when the wall clock does, and runs on from where it stood', async () => {
    const { wall, clock } = sessionsClock(jstDate(2026, 1, 13, 10, 0));
    await clock.open();
    wall.advance(30 * MIN);
    expect(await read(clock)).toEqual(jstDate(2026, 1, 13, 10, 30));
    wall.advance(-2 * HOUR);
    expect(await read(clock)).toEqual(jstDate(2026, 1, 13, 10, 30));
    wall.advance(5 * MIN);
    expect(await read(clock)).toEqual(jstDate(2026, 1, 13, 10, 35));
  });

  it('never passes what it saved; a restart resumes there, even when the wall clock went back meanwhile', async () => {
    const { wall, store, clock } = sessionsClock(jstDate(2026, 1, 13, 10, 0));
    await clock.open();
    // Saved one minute ahead: reads between saves never write.
    const saves = store.saves;
    wall.advance(30_000);
    expect(clock.now()).toEqual(new Date(jstDate(2026, 1, 13, 10, 0).getTime() + 30_000));
    expect(store.saves).toBe(saves);
    expect(store.state?.floor).toEqual(jstDate(2026, 1, 13, 10, 1));
    // The process stops without a word (no close): the next one starts from the saved floor.
    const wall2 = fixedClock(new Date(wall.now().getTime() - 3 * HOUR));
    const restarted = new SteppedBusinessClock({ progression: 'sessions', start: jstDate(2026, 1, 6, 9, 0), wall: wall2, store });
    await restarted.open();
    expect(restarted.now()).toEqual(jstDate(2026, 1, 13, 10, 1));
    wall2.advance(MIN);
    expect(restarted.now()).toEqual(jstDate(2026, 1, 13, 10, 2));
  });

  it('an operator advance takes the due steps in order and refuses to go back', async () => {
    const { clock } = sessionsClock(jstDate(2026, 1, 13, 10, 0));
    const steps = new ScheduledSteps([jstDate(2026, 1, 14, 9, 0).getTime(), jstDate(2026, 1, 13, 20, 0).getTime()]);
    steps.clock = clock;
    clock.registerSteps(steps);
    await clock.open();
    await clock.begin();
    expect(await clock.advance()).toEqual(jstDate(2026, 1, 14, 9, 0));
    expect(steps.taken.map((s) => s.takenAt)).toEqual([jstDate(2026, 1, 13, 20, 0).getTime(), jstDate(2026, 1, 14, 9, 0).getTime()]);
    await expect(clock.advance(jstDate(2026, 1, 13, 12, 0))).rejects.toThrow(/cannot go back/);
    expect(await clock.advance(jstDate(2026, 1, 15, 8, 59))).toEqual(jstDate(2026, 1, 15, 8, 59));
  });
});

describe('KABUTO_MARKET_CLOCK_START', () => {
  it('starts the business clock at the instant and moves it with the wall clock, through the night', async () => {
    const wall = fixedClock(new Date('2026-11-26T03:00:00Z'));
    const settings = marketSettingsFromEnv({ KABUTO_MARKET_CLOCK_START: '2026-11-25T08:57:30+09:00' });
    const clock = businessClockFromSettings(settings, wall, { store: memoryClockStore() });
    if (!(clock instanceof SteppedBusinessClock)) throw new Error('expected the stepped clock');
    await clock.open();
    expect(clock.now().toISOString()).toBe('2026-11-24T23:57:30.000Z');
    expect(clock.mode).toBe('demo');
    wall.advance(90_000);
    expect((await read(clock)).toISOString()).toBe('2026-11-24T23:59:00.000Z');
    wall.advance(12 * HOUR);
    expect((await read(clock)).toISOString()).toBe('2026-11-25T11:59:00.000Z');
  });

  it('starts later than a saved state, never earlier', async () => {
    const store = memoryClockStore();
    const wall = fixedClock(new Date('2026-11-26T03:00:00Z'));
    const first = new SteppedBusinessClock({ progression: 'continuous', start: new Date('2026-11-25T00:00:00Z'), wall, store });
    await first.open();
    await first.close();
    const earlier = new SteppedBusinessClock({ progression: 'continuous', start: new Date('2026-11-20T00:00:00Z'), wall, store });
    await earlier.open();
    expect(earlier.now().toISOString()).toBe('2026-11-25T00:00:00.000Z');
    const later = new SteppedBusinessClock({ progression: 'continuous', start: new Date('2026-11-27T00:00:00Z'), wall, store });
    await later.open();
    expect(later.now().toISOString()).toBe('2026-11-27T00:00:00.000Z');
  });

  it('refuses a value that is not an instant, and is absent by default', () => {
    expect(() => marketSettingsFromEnv({ KABUTO_MARKET_CLOCK_START: 'tomorrow' })).toThrow(/ISO instant/);
    expect(marketSettingsFromEnv({}).start).toBeUndefined();
  });

  it('the real calendar does not go back with the wall clock either', () => {
    const wall = fixedClock(new Date('2026-11-26T03:00:00Z'));
    const clock = businessClockFromSettings(marketSettingsFromEnv({ KABUTO_MARKET_CLOCK: 'real' }), wall);
    expect(clock.mode).toBe('real');
    expect(clock.now().toISOString()).toBe('2026-11-26T03:00:00.000Z');
    wall.advance(-HOUR);
    expect(clock.now().toISOString()).toBe('2026-11-26T03:00:00.000Z');
  });
});
