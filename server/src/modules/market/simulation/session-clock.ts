// The minute slots of a trading day, shared by the price path, the volume curve and the
// k-lines: 09:00–11:30 (the 11:30 minute holds the morning closing Itayose print),
// 12:30–15:24, and 15:30 for the closing Itayose (15:25–15:29 is the closing auction,
// when nothing trades, §2.1).
import { SESSION_TIMES } from '../rules/calendar';

const MINUTE = 60;

function buildSlots(): number[] {
  const t = SESSION_TIMES;
  const out: number[] = [];
  for (let s = t.morningOpen; s <= t.morningClose; s += MINUTE) out.push(s);
  for (let s = t.afternoonOpen; s < t.closingAuction; s += MINUTE) out.push(s);
  out.push(t.close);
  return out;
}

/** Seconds of day (JST) at the start of each minute slot. */
export const MINUTE_SLOTS: readonly number[] = buildSlots();

/** The slot index for a JST second of day, or -1 outside trading minutes. */
export function slotIndexOf(secondOfDay: number): number {
  const minuteStart = secondOfDay - (secondOfDay % MINUTE);
  let lo = 0;
  let hi = MINUTE_SLOTS.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = MINUTE_SLOTS[mid] as number;
    if (v === minuteStart) return mid;
    if (v < minuteStart) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** Which session a slot belongs to: 0 morning, 1 afternoon. */
export function sessionOfSlot(secondOfDay: number): 0 | 1 {
  return secondOfDay <= SESSION_TIMES.morningClose ? 0 : 1;
}
