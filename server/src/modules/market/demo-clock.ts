// The demo clock keeps a session open for first-time visitors: it maps wall time onto the
// latest business day's trading hours, running at real speed through 09:00–11:30 and then
// 12:30–15:30 (lunch skipped, the closing auction kept), over and over. A cycle lasts 5 h
// 30 min of wall time, so a day is replayed a few times; with one seed every replay is the
// same day (orders are day orders, so nothing carries over). The real JST calendar is the
// other choice: pass the system clock instead.
import { systemClock, type Clock } from '../../clock';
import { SESSION_TIMES, atJst, businessDayOnOrBefore, jstDateKey } from './rules/calendar';

const MORNING_MS = (SESSION_TIMES.morningClose - SESSION_TIMES.morningOpen) * 1000;
const AFTERNOON_MS = (SESSION_TIMES.close - SESSION_TIMES.afternoonOpen) * 1000;
/** Wall time one replay of the trading day takes. */
export const DEMO_CYCLE_MS = MORNING_MS + AFTERNOON_MS;

const JST_OFFSET_MS = 9 * 3600 * 1000;
const DAY_MS = 86_400_000;

/**
 * The replayed business day's JST midnight for one wall-clock JST day, remembered: the clock
 * is read on most calls and the calendar walk is the costly part.
 */
let lastDay: { wallDay: number; midnightMs: number } | null = null;

function replayedMidnightMs(real: Date): number {
  const wallDay = Math.floor((real.getTime() + JST_OFFSET_MS) / DAY_MS);
  if (lastDay?.wallDay !== wallDay) lastDay = { wallDay, midnightMs: atJst(businessDayOnOrBefore(jstDateKey(real)), 0).getTime() };
  return lastDay.midnightMs;
}

/** The simulated instant shown at wall time `real`. */
export function demoTimeAt(real: Date): Date {
  const msOfDay = (((real.getTime() + JST_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS;
  const offset = msOfDay % DEMO_CYCLE_MS;
  const sessionMs = offset < MORNING_MS ? SESSION_TIMES.morningOpen * 1000 + offset : SESSION_TIMES.afternoonOpen * 1000 + (offset - MORNING_MS);
  return new Date(replayedMidnightMs(real) + sessionMs);
}

export function demoClock(real: Clock = systemClock): Clock {
  return { now: () => demoTimeAt(real.now()) };
}
