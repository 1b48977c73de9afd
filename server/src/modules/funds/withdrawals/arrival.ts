// The arrival note of spec §9: withdrawals usually arrive within 2 hours, at the latest by
// 24:00 on T+1 (T = the request day, +1 business day); review within 24 hours.
import { jstDate, jstParts } from '../../../clock';

export const ARRIVAL = { typicalHours: 2, latest: 'T+1 24:00', reviewHours: 24 } as const;

/** 24:00 JST of the first weekday after the request's JST date (= 00:00 of the day after). */
export function expectedBy(requestedAt: Date): Date {
  const p = jstParts(requestedAt);
  let day = new Date(Date.UTC(p.year, p.month - 1, p.day));
  do {
    day = new Date(day.getTime() + 86_400_000);
  } while (day.getUTCDay() === 0 || day.getUTCDay() === 6);
  const end = new Date(day.getTime() + 86_400_000);
  return jstDate(end.getUTCFullYear(), end.getUTCMonth() + 1, end.getUTCDate());
}

export function reviewBy(requestedAt: Date): Date {
  return new Date(requestedAt.getTime() + ARRIVAL.reviewHours * 3_600_000);
}
