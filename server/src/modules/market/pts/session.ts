// The hours of the simulated PTS night session, modelled on Japannext's: 16:30 to 06:00 the
// next calendar day, on the evening of every TSE business day (night session extended to
// 06:00 on 2023-08-14; mission-anchors §2, [J18][J18b]). The day session (08:20–16:00) is
// not simulated. Each session is named by the TSE business day whose evening it opens on.
import { addDays, atJst, isBusinessDay, jstDateKey, nextBusinessDay, type DateKey } from '../rules/calendar';
import { jstSecondOfDay } from '../../../clock';

const HOUR = 3600;
const MINUTE = 60;

/** Seconds after JST midnight: opens on the business day, closes the next calendar day. */
export const PTS_NIGHT_TIMES = {
  open: 16 * HOUR + 30 * MINUTE,
  close: 6 * HOUR,
} as const;

export interface PtsSession {
  /** The TSE business day whose evening the session opens on. */
  date: DateKey;
  /** Epoch ms. */
  opensAt: number;
  closesAt: number;
}

export function ptsSessionOf(date: DateKey): PtsSession {
  return {
    date,
    opensAt: atJst(date, PTS_NIGHT_TIMES.open).getTime(),
    closesAt: atJst(addDays(date, 1), PTS_NIGHT_TIMES.close).getTime(),
  };
}

/** The night session open at `now`, or null between sessions. */
export function openPtsSession(now: Date): PtsSession | null {
  const today = jstDateKey(now);
  const second = jstSecondOfDay(now);
  if (second >= PTS_NIGHT_TIMES.open && isBusinessDay(today)) return ptsSessionOf(today);
  const yesterday = addDays(today, -1);
  if (second < PTS_NIGHT_TIMES.close && isBusinessDay(yesterday)) return ptsSessionOf(yesterday);
  return null;
}

/** The session open at `now`, else the next one to open. */
export function currentOrNextPtsSession(now: Date): { open: boolean; session: PtsSession } {
  const open = openPtsSession(now);
  if (open) return { open: true, session: open };
  const today = jstDateKey(now);
  const date = isBusinessDay(today) && jstSecondOfDay(now) < PTS_NIGHT_TIMES.open ? today : nextBusinessDay(today);
  return { open: false, session: ptsSessionOf(date) };
}

/**
 * The lot on the PTS: never smaller than the primary market's; unit-1 instruments (some
 * ETFs) trade in 10s, as Japannext may raise them ([J18c]).
 */
export function ptsLot(primaryLot: number): number {
  return primaryLot === 1 ? 10 : primaryLot;
}
