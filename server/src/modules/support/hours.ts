// Whether support is open at an instant of the business clock, and when it next opens.
import type { SupportHours } from '@kabuto/shared-sdk/schemas';
import { atJst, isBusinessDay, jstDateKey, jstSecondOfDayMs, nextBusinessDay } from '../market';
import { SUPPORT_HOURS } from './config';

export interface HoursNow {
  open: boolean;
  /** The next opening when closed, else null. */
  nextOpenAt: Date | null;
  /** The end of the current opening when open, else null. */
  closesAt: Date | null;
}

export function supportHoursAt(at: Date): HoursNow {
  const day = jstDateKey(at);
  const second = jstSecondOfDayMs(at.getTime());
  const businessDay = isBusinessDay(day);
  if (businessDay && second >= SUPPORT_HOURS.opensSecond && second < SUPPORT_HOURS.closesSecond) {
    return { open: true, nextOpenAt: null, closesAt: atJst(day, SUPPORT_HOURS.closesSecond) };
  }
  const openingDay = businessDay && second < SUPPORT_HOURS.opensSecond ? day : nextBusinessDay(day);
  return { open: false, nextOpenAt: atJst(openingDay, SUPPORT_HOURS.opensSecond), closesAt: null };
}

export function hoursView(now: HoursNow): SupportHours {
  return {
    open: now.open,
    nextOpenAt: now.nextOpenAt?.toISOString() ?? null,
    closesAt: now.closesAt?.toISOString() ?? null,
    timeZone: 'Asia/Tokyo',
    opens: SUPPORT_HOURS.opens,
    closes: SUPPORT_HOURS.closes,
    holidaysClosed: true,
  };
}
