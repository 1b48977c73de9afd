import { fixedClock, jstDate, jstParts, jstSecondOfDay } from './clock';

describe('clock', () => {
  it('fixedClock stays put until set or advanced', () => {
    const clock = fixedClock(new Date('2025-01-06T00:00:00Z'));
    expect(clock.now().toISOString()).toBe('2025-01-06T00:00:00.000Z');
    clock.advance(90_000);
    expect(clock.now().toISOString()).toBe('2025-01-06T00:01:30.000Z');
    clock.set(new Date('2030-05-05T12:00:00Z'));
    expect(clock.now().toISOString()).toBe('2030-05-05T12:00:00.000Z');
  });

  it('now() hands out a copy the caller cannot use to move the clock', () => {
    const clock = fixedClock(new Date('2025-01-06T00:00:00Z'));
    clock.now().setUTCFullYear(1999);
    expect(clock.now().getUTCFullYear()).toBe(2025);
  });

  it('jstParts reads Tokyo wall time, crossing the date line at 15:00 UTC', () => {
    // Sunday 2025-01-05 15:30 UTC is Monday 2025-01-06 00:30 in Tokyo.
    expect(jstParts(new Date('2025-01-05T15:30:45Z'))).toEqual({
      year: 2025,
      month: 1,
      day: 6,
      hour: 0,
      minute: 30,
      second: 45,
      weekday: 1,
    });
  });

  it('jstDate is the inverse of jstParts', () => {
    const date = jstDate(2024, 12, 31, 23, 59, 59);
    expect(date.toISOString()).toBe('2024-12-31T14:59:59.000Z');
    expect(jstParts(date)).toMatchObject({ year: 2024, month: 12, day: 31, hour: 23, weekday: 2 });
    expect(jstSecondOfDay(jstDate(2025, 1, 6, 15, 30))).toBe(15 * 3600 + 30 * 60);
  });
});
