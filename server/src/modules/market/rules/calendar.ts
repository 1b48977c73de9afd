// TSE trading calendar and session phases, mission-anchors §2.1 (hours since 2024-11-05).
// Business days: Monday–Friday, minus Japanese public holidays (@holiday-jp/holiday_jp) and
// the exchange's year-end/new-year closure, 31 December – 3 January.
import holidayJp from '@holiday-jp/holiday_jp';
import { jstDate, jstParts, jstSecondOfDay } from '../../../clock';

/** A JST calendar date, 'YYYY-MM-DD'. */
export type DateKey = string;

const HOUR = 3600;
const MINUTE = 60;

/** Session times as seconds after JST midnight (§2.1). */
export const SESSION_TIMES = {
  /** Pre-open order acceptance starts (orders rest, book shown, no matching) [J3][A10]. */
  preOpen: 8 * HOUR,
  /** Morning session opens with an Itayose [J1]. */
  morningOpen: 9 * HOUR,
  /** Morning session closes with an Itayose (no 5-minute window: inferred, §2.1). */
  morningClose: 11 * HOUR + 30 * MINUTE,
  /** Afternoon order acceptance restarts [J3][A10]. */
  afternoonPreOpen: 12 * HOUR + 5 * MINUTE,
  /** Afternoon session opens with an Itayose [J2]. */
  afternoonOpen: 12 * HOUR + 30 * MINUTE,
  /** Closing auction: orders in and out, no executions [J1][J2]. */
  closingAuction: 15 * HOUR + 25 * MINUTE,
  /** The close, set by Itayose [J1][J2]. */
  close: 15 * HOUR + 30 * MINUTE,
} as const;

/**
 * - closed: no order acceptance (night, weekends, holidays)
 * - pre-open: 08:00–09:00 and 12:05–12:30, orders accepted and shown, no matching
 * - zaraba: continuous matching, 09:00–11:30 and 12:30–15:25
 * - lunch: 11:30–12:05, no order acceptance
 * - closing-auction: 15:25–15:30, orders accepted and cancellable, no executions
 */
export type MarketPhase = 'closed' | 'pre-open' | 'zaraba' | 'lunch' | 'closing-auction';

/** The Itayose moments of a business day. */
export type AuctionKind = 'morning-open' | 'morning-close' | 'afternoon-open' | 'close';

export interface SessionEvent {
  kind: AuctionKind;
  at: Date;
}

export function dateKeyOf(year: number, month: number, day: number): DateKey {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The JST date of an instant. */
export function jstDateKey(at: Date): DateKey {
  const p = jstParts(at);
  return dateKeyOf(p.year, p.month, p.day);
}

export function parseDateKey(key: DateKey): { year: number; month: number; day: number } {
  const [y, m, d] = key.split('-').map(Number);
  return { year: y as number, month: m as number, day: d as number };
}

/** `key` moved by `days` calendar days. */
export function addDays(key: DateKey, days: number): DateKey {
  const { year, month, day } = parseDateKey(key);
  const t = new Date(Date.UTC(year, month - 1, day + days));
  return dateKeyOf(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

/** `key` moved by `months` calendar months; a day the target month lacks becomes its last (31 Jan + 1 = 28 or 29 Feb). */
export function addMonths(key: DateKey, months: number): DateKey {
  const { year, month, day } = parseDateKey(key);
  const m = month - 1 + months;
  const y = year + Math.floor(m / 12);
  // ((m % 12) + 12) % 12: JavaScript's % keeps the sign, so months back would give month 0 or -1.
  const mm = (((m % 12) + 12) % 12) + 1;
  const last = new Date(Date.UTC(y, mm, 0)).getUTCDate();
  return dateKeyOf(y, mm, Math.min(day, last));
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: DateKey, to: DateKey): number {
  const a = parseDateKey(from);
  const b = parseDateKey(to);
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(key: DateKey): number {
  const { year, month, day } = parseDateKey(key);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

const JST_OFFSET_MS = 9 * 3600 * 1000;
const DAY_MS = 86_400_000;

/**
 * jstSecondOfDay for an epoch-ms instant without allocating a Date: the simulator asks
 * this for every participant event and every trade.
 */
export function jstSecondOfDayMs(at: number): number {
  return Math.floor(((((at + JST_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS) / 1000);
}

/** The instant of a JST wall time on a date. */
export function atJst(key: DateKey, secondOfDay: number): Date {
  const { year, month, day } = parseDateKey(key);
  return jstDate(year, month, day, 0, 0, secondOfDay);
}

export function isJapaneseHoliday(key: DateKey): boolean {
  // holiday_jp looks string dates up in its table directly, so the host time zone never matters.
  return holidayJp.isHoliday(key);
}

/** Exchange closure for the new year: 31 December to 3 January. */
export function isYearEndClosure(key: DateKey): boolean {
  const { month, day } = parseDateKey(key);
  return (month === 12 && day === 31) || (month === 1 && day <= 3);
}

const businessDayMemo = new Map<DateKey, boolean>();

export function isBusinessDay(key: DateKey): boolean {
  const known = businessDayMemo.get(key);
  if (known !== undefined) return known;
  const wd = weekdayOf(key);
  const open = wd !== 0 && wd !== 6 && !isJapaneseHoliday(key) && !isYearEndClosure(key);
  // Bounded: a few thousand dates at most in practice; drop everything if it ever grows.
  if (businessDayMemo.size > 20_000) businessDayMemo.clear();
  businessDayMemo.set(key, open);
  return open;
}

const nextBusinessDayMemo = new Map<DateKey, DateKey>();

/** The first business day strictly after `key`. */
export function nextBusinessDay(key: DateKey): DateKey {
  const known = nextBusinessDayMemo.get(key);
  if (known !== undefined) return known;
  let d = addDays(key, 1);
  while (!isBusinessDay(d)) d = addDays(d, 1);
  if (nextBusinessDayMemo.size > 20_000) nextBusinessDayMemo.clear();
  nextBusinessDayMemo.set(key, d);
  return d;
}

/** The last business day strictly before `key`. */
export function previousBusinessDay(key: DateKey): DateKey {
  let d = addDays(key, -1);
  while (!isBusinessDay(d)) d = addDays(d, -1);
  return d;
}

/** `key` itself when it is a business day, else the previous one. */
export function businessDayOnOrBefore(key: DateKey): DateKey {
  return isBusinessDay(key) ? key : previousBusinessDay(key);
}

/** The phase of the market at a wall-clock phase, by JST seconds of day on a business day. */
export function phaseAtSecond(secondOfDay: number): MarketPhase {
  const t = SESSION_TIMES;
  if (secondOfDay < t.preOpen) return 'closed';
  if (secondOfDay < t.morningOpen) return 'pre-open';
  if (secondOfDay < t.morningClose) return 'zaraba';
  if (secondOfDay < t.afternoonPreOpen) return 'lunch';
  if (secondOfDay < t.afternoonOpen) return 'pre-open';
  if (secondOfDay < t.closingAuction) return 'zaraba';
  if (secondOfDay < t.close) return 'closing-auction';
  return 'closed';
}

/** The market phase at an instant. */
export function phaseAt(at: Date): MarketPhase {
  if (!isBusinessDay(jstDateKey(at))) return 'closed';
  return phaseAtSecond(jstSecondOfDay(at));
}

/** True while orders are accepted (pre-open, Zaraba and the closing auction). */
export function acceptsOrders(phase: MarketPhase): boolean {
  return phase === 'pre-open' || phase === 'zaraba' || phase === 'closing-auction';
}

/** The four Itayose moments of a business day, in order. */
export function sessionEvents(key: DateKey): SessionEvent[] {
  const t = SESSION_TIMES;
  return [
    { kind: 'morning-open', at: atJst(key, t.morningOpen) },
    { kind: 'morning-close', at: atJst(key, t.morningClose) },
    { kind: 'afternoon-open', at: atJst(key, t.afternoonOpen) },
    { kind: 'close', at: atJst(key, t.close) },
  ];
}

/**
 * The next session opening (09:00 or 12:30 Itayose) strictly after `at`. During the
 * morning session this is the same day's 12:30.
 */
export function nextOpen(at: Date): Date {
  let key = jstDateKey(at);
  for (;;) {
    if (isBusinessDay(key)) {
      for (const s of [SESSION_TIMES.morningOpen, SESSION_TIMES.afternoonOpen]) {
        const open = atJst(key, s);
        if (open.getTime() > at.getTime()) return open;
      }
    }
    key = addDays(key, 1);
  }
}
