// The one source of "now" for the server. App code asks an injected Clock instead of
// calling Date.now(), so tests can pin or advance time (policy expiry, trading windows).

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = {
  now: () => new Date(),
};

/**
 * Something the business clock must do at business instants (settlement and expiry sweeps,
 * deadlines, IPO steps). When the clock passes time faster than the wall (the night between
 * sessions, an operator's advance, a restart's catch-up) it stands at each due instant in
 * order and calls `run`, so every step sees the time it was due at.
 */
export interface BusinessStepSource {
  readonly name: string;
  /** Instants in (from, to] at which this source has something due. */
  dueBetween(from: Date, to: Date): Promise<Date[]>;
  /** Take the steps due now (the business clock reads the due instant). Must be idempotent. */
  run(): Promise<void>;
}

/**
 * The clock every business rule reads (market sessions, deposit/withdrawal windows,
 * settlement dates, deadlines, customer-facing record times; docs/operations.md "Business
 * clock"). In demo mode it is simulated and can differ from real time, but it never runs
 * backwards; security timers (sessions, codes, passkey challenges) stay on the real Clock.
 */
export interface BusinessClock extends Clock {
  /** 'demo': simulated time (the header says "simulated"); 'real': the JST calendar. */
  readonly mode: 'demo' | 'real';
  /** Stepped clocks only (demo mode): modules register what is due at business instants. */
  registerSteps?(source: BusinessStepSource): void;
  /** Stepped clocks only: move to `to` (default: the next business day 09:00), taking the due steps on the way. */
  advance?(to?: Date): Promise<Date>;
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
