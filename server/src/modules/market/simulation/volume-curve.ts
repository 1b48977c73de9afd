// A plausible intraday volume shape for the TSE: busy at the open, quiet at midday, busier
// into the close (the U shape), with the closing auction print carrying a large share, as
// it does since the 2024 closing-auction change. Used both for the pace of simulated
// participants and for the volume of generated minute bars.
import { SESSION_TIMES } from '../rules/calendar';
import { MINUTE_SLOTS } from './session-clock';

/** Relative activity at a JST second of day (1 = the midday level); 0 outside Zaraba. */
export function activityAt(secondOfDay: number): number {
  const t = SESSION_TIMES;
  if (secondOfDay >= t.morningOpen && secondOfDay < t.morningClose) {
    const x = (secondOfDay - t.morningOpen) / (t.morningClose - t.morningOpen);
    return 1 + 2.2 * Math.exp(-x / 0.08) + 0.5 * Math.exp(-(1 - x) / 0.08);
  }
  if (secondOfDay >= t.afternoonOpen && secondOfDay < t.closingAuction) {
    const x = (secondOfDay - t.afternoonOpen) / (t.closingAuction - t.afternoonOpen);
    return 1 + 0.8 * Math.exp(-x / 0.08) + 2.0 * Math.exp(-(1 - x) / 0.08);
  }
  return 0;
}

/** Share of the day's volume traded in the closing Itayose print. */
export const CLOSING_PRINT_SHARE = 0.07;
/** Share of the day's volume in each opening Itayose print (morning; the afternoon takes half). */
export const OPENING_PRINT_SHARE = 0.03;

/** Volume weights of the minute slots (sum 1), for generated minute bars. */
export const SLOT_VOLUME_WEIGHTS: readonly number[] = (() => {
  const t = SESSION_TIMES;
  const raw = MINUTE_SLOTS.map((s) => (s === t.close ? 0 : activityAt(s + 30)));
  const zaraba = raw.reduce((a, b) => a + b, 0);
  const continuousShare = 1 - CLOSING_PRINT_SHARE - OPENING_PRINT_SHARE * 1.5;
  return MINUTE_SLOTS.map((s, i) => {
    let w = ((raw[i] as number) / zaraba) * continuousShare;
    if (s === t.close) w = CLOSING_PRINT_SHARE;
    if (s === t.morningOpen) w += OPENING_PRINT_SHARE;
    if (s === t.afternoonOpen) w += OPENING_PRINT_SHARE / 2;
    return w;
  });
})();
