// The one source of "now" for the server. App code asks an injected Clock instead of
// calling Date.now(), so tests can pin or advance time (policy expiry, trading windows).

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = {
  now: () => new Date(),
};

/**
 * The clock every business rule reads (market sessions, deposit/withdrawal windows,
 * settlement dates, deadlines; docs/operations.md "Business clock"). In demo mode it is the
 * demo clock, so it can differ from real time (and replays the trading day); security timers
 * (sessions, codes, passkey challenges) and record time stamps stay on the real Clock.
 */
export interface BusinessClock extends Clock {
  /** 'demo': simulated time (the header says "simulated time hh:mm JST"); 'real': the JST calendar. */
  readonly mode: 'demo' | 'real';
}

/** A business clock that simply is `clock` (real JST calendar, or a test clock). */
export function realBusinessClock(clock: Clock): BusinessClock {
  return { now: () => clock.now(), mode: 'real' };
}

/** A clock that tests can set and move forward; starts at `start`. */
export interface TestClock extends Clock {
  set(date: Date): void;
  advance(ms: number): void;
}

export function fixedClock(start: Date): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (date) => {
      current = date.getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

/** Japan has no daylight saving time, so JST is always UTC+9. */
const JST_OFFSET_MS = 9 * 60 * 60 * 1000;

/** 0 = Sunday … 6 = Saturday, as Date#getDay. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export interface JstParts {
  year: number;
  /** 1–12 */
  month: number;
  /** 1–31 */
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: Weekday;
}

/** Calendar fields of `date` as seen in Tokyo, whatever the host's time zone. */
export function jstParts(date: Date): JstParts {
  const shifted = new Date(date.getTime() + JST_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
    weekday: shifted.getUTCDay() as Weekday,
  };
}

/** Seconds since JST midnight; handy for comparing against windows such as 09:00–15:30. */
export function jstSecondOfDay(date: Date): number {
  const p = jstParts(date);
  return p.hour * 3600 + p.minute * 60 + p.second;
}

/** The instant of a JST wall-clock time, e.g. jstDate(2025, 1, 6, 9, 0) = 2025-01-06T00:00Z. */
export function jstDate(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): Date {
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second) - JST_OFFSET_MS);
}
