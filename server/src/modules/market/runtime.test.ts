// KABUTO_MARKET_CLOCK_START: a business clock that starts at a chosen instant and runs at
// real speed, labelled simulated (browser tests of the pre-open and the PTS night session).
import { fixedClock } from '../../clock';
import { businessClockFromSettings, marketSettingsFromEnv } from './runtime';

describe('KABUTO_MARKET_CLOCK_START', () => {
  it('starts the business clock at the instant and moves it with the wall clock', () => {
    const wall = fixedClock(new Date('2026-11-26T03:00:00Z'));
    const settings = marketSettingsFromEnv({ KABUTO_MARKET_CLOCK_START: '2026-11-25T08:57:30+09:00' });
    const clock = businessClockFromSettings(settings, wall);
    expect(clock.now().toISOString()).toBe('2026-11-24T23:57:30.000Z');
    expect(clock.mode).toBe('demo');
    wall.advance(90_000);
    expect(clock.now().toISOString()).toBe('2026-11-24T23:59:00.000Z');
  });

  it('refuses a value that is not an instant, and is absent by default', () => {
    expect(() => marketSettingsFromEnv({ KABUTO_MARKET_CLOCK_START: 'tomorrow' })).toThrow(/ISO instant/);
    expect(marketSettingsFromEnv({}).start).toBeUndefined();
  });
});
