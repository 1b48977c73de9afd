// Where a fresh demo business clock starts: wall time mapped onto the latest business day's
// trading hours (09:00–11:30, 12:30–15:30), so a first visitor finds the market open. From
// there the clock runs on by itself and never goes back (business-clock.ts).
import { SESSION_TIMES, atJst, businessDayOnOrBefore, jstDateKey } from './rules/calendar';

const MORNING_MS = (SESSION_TIMES.morningClose - SESSION_TIMES.morningOpen) * 1000;
const AFTERNOON_MS = (SESSION_TIMES.close - SESSION_TIMES.afternoonOpen) * 1000;
/** Wall time one business day's sessions take. */
export const DEMO_CYCLE_MS = MORNING_MS + AFTERNOON_MS;

const JST_OFFSET_MS = 9 * 3600 * 1000;
const DAY_MS = 86_400_000;

/**
 * The latest business day's JST midnight for one wall-clock JST day, remembered: the calendar
 * walk is the costly part.
 */
let lastDay: { wallDay: number; midnightMs: number } | null = null;

function replayedMidnightMs(real: Date): number {
  const wallDay = Math.floor((real.getTime() + JST_OFFSET_MS) / DAY_MS);
  if (lastDay?.wallDay !== wallDay) lastDay = { wallDay, midnightMs: atJst(businessDayOnOrBefore(jstDateKey(real)), 0).getTime() };
  return lastDay.midnightMs;
}

/** Where a fresh demo clock starts at wall time `real`: inside the latest business day's sessions. */
export function demoTimeAt(real: Date): Date {
  const msOfDay = (((real.getTime() + JST_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS;
  const offset = msOfDay % DEMO_CYCLE_MS;
  const sessionMs = offset < MORNING_MS ? SESSION_TIMES.morningOpen * 1000 + offset : SESSION_TIMES.afternoonOpen * 1000 + (offset - MORNING_MS);
  return new Date(replayedMidnightMs(real) + sessionMs);
}
