import { fixedClock, jstDate } from '../../clock';
import { DEMO_CYCLE_MS, demoClock, demoTimeAt } from './demo-clock';
import { phaseAt } from './rules/calendar';

describe('demo clock', () => {
  it('maps wall time onto the trading day: midnight opens the morning session', () => {
    expect(demoTimeAt(jstDate(2026, 1, 13, 0, 0)).toISOString()).toBe(jstDate(2026, 1, 13, 9, 0).toISOString());
    expect(demoTimeAt(jstDate(2026, 1, 13, 1, 0)).toISOString()).toBe(jstDate(2026, 1, 13, 10, 0).toISOString());
  });

  it('skips lunch: 2 h 30 min after a cycle starts it is 12:30', () => {
    expect(demoTimeAt(jstDate(2026, 1, 13, 2, 30)).toISOString()).toBe(jstDate(2026, 1, 13, 12, 30).toISOString());
  });

  it('uses the latest business day on weekends and holidays', () => {
    expect(demoTimeAt(jstDate(2026, 1, 10, 0, 30)).toISOString()).toBe(jstDate(2026, 1, 9, 9, 30).toISOString());
    expect(demoTimeAt(jstDate(2026, 1, 12, 0, 30)).toISOString()).toBe(jstDate(2026, 1, 9, 9, 30).toISOString());
  });

  it('is in Zaraba nearly all the time, at any wall time', () => {
    const real = fixedClock(jstDate(2026, 1, 13, 0, 0));
    const clock = demoClock(real);
    let zaraba = 0;
    const steps = 24 * 60;
    for (let i = 0; i < steps; i++) {
      if (phaseAt(clock.now()) === 'zaraba') zaraba++;
      real.advance(60_000);
    }
    // Only the 5-minute closing auction and the cycle's last instant are not Zaraba.
    expect(zaraba / steps).toBeGreaterThan(0.97);
  });

  it('replays the day every cycle', () => {
    const a = demoTimeAt(jstDate(2026, 1, 13, 1, 0));
    const b = demoTimeAt(new Date(jstDate(2026, 1, 13, 1, 0).getTime() + DEMO_CYCLE_MS));
    expect(b.toISOString()).toBe(a.toISOString());
  });
});
