// The business clock in the header. In demo mode the whole app runs on the demo clock (market
// sessions, deposit and withdrawal windows, settlement dates…), which can be days away from
// the real time; the header then says "simulated time YYYY-MM-DD hh:mm JST" so nobody reads a
// trading session at 02:25 as real. The server answers `common/clock` (docs/api/market.md §3); the
// header ticks locally from it and asks again every minute, on each page change, on focus and on
// reconnect.
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { BUSINESS_CLOCK_CALL, api } from '@kabuto/shared-sdk';
import type { BusinessClockInfo } from '@kabuto/shared-sdk/schemas';

/** The demo clock jumps (11:30 → 12:30, 15:30 → 09:00): ask again this often. */
export const CLOCK_REFRESH_MS = 60_000;
/** Below this the business clock is real time: nothing to label. */
export const SAME_AS_REAL_MS = 60_000;

export const businessClockApi = api.injectEndpoints({
  endpoints: (builder) => ({
    getBusinessClock: builder.query<BusinessClockInfo & { receivedAt: number }, void>({
      // Also sent by index.html's boot script before the app loads (FRAME_FIRST_CALLS): this takes that answer.
      query: () => ({ ...BUSINESS_CLOCK_CALL, silent: true }),
      // Where the page's clock stood when the answer came: the offset survives a wrong device clock.
      transformResponse: (info: BusinessClockInfo) => ({ ...info, receivedAt: Date.now() }),
    }),
  }),
});

/** Japan Standard Time is UTC+9 all year (no daylight saving since 1951). */
const JST_OFFSET_MS = 9 * 60 * 60 * 1000;

/**
 * 'YYYY-MM-DD' and 'hh:mm' in JST of an instant. Plain arithmetic, not Intl.DateTimeFormat
 * with a time zone: the first such formatter loads the zone data, a long task on a phone
 * while the header renders.
 */
export function jstDateTime(epochMs: number): SimulatedDateTime {
  const jst = new Date(epochMs + JST_OFFSET_MS);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return {
    date: `${jst.getUTCFullYear()}-${pad(jst.getUTCMonth() + 1)}-${pad(jst.getUTCDate())}`,
    time: `${pad(jst.getUTCHours())}:${pad(jst.getUTCMinutes())}`,
  };
}

export interface SimulatedDateTime {
  /** 'YYYY-MM-DD' JST: the simulated business date moves on a day every replay of the sessions. */
  date: string;
  /** 'hh:mm' JST. */
  time: string;
}

/**
 * The business date and time to show now, or null when there is nothing to label: the real
 * calendar, or a demo clock that happens to equal real time. Never earlier than `shownMs`
 * (the last one shown): the server's clock never runs backwards, so neither does the header.
 */
export function simulatedTimeAt(
  info: (BusinessClockInfo & { receivedAt: number }) | undefined,
  pageNow: number,
  shownMs = 0,
): (SimulatedDateTime & { at: number }) | null {
  if (!info || !info.simulated) return null;
  if (Math.abs(info.now - info.realNow) < SAME_AS_REAL_MS) return null;
  const at = Math.max(shownMs, info.now + Math.max(0, pageNow - info.receivedAt));
  return { ...jstDateTime(at), at };
}

/** The header's simulated date and time (JST), ticking every second; null when there is nothing to label. */
export function useSimulatedTime(): SimulatedDateTime | null {
  const { data, refetch } = businessClockApi.useGetBusinessClockQuery(undefined, {
    pollingInterval: CLOCK_REFRESH_MS,
    refetchOnFocus: true,
    refetchOnReconnect: true,
  });
  // And on every page change: an operator may have moved the demo clock days on since the last
  // answer, and the page about to show (an order's date, a NAV date) reads the new one. The page
  // is its path and query: a typed or linked URL (no history entry of the app's) has no key.
  const { pathname, search } = useLocation();
  const page = `${pathname}${search}`;
  const firstPage = useRef(page);
  useEffect(() => {
    if (page !== firstPage.current) void refetch();
  }, [page, refetch]);
  // The answer the ticking reads; `shown` is the latest instant shown, so a tick never shows less.
  const latest = useRef(data);
  useEffect(() => {
    latest.current = data;
  }, [data]);
  const [view, setView] = useState(() => ({ pageNow: Date.now(), shown: 0 }));
  useEffect(() => {
    const timer = setInterval(
      () =>
        setView((previous) => {
          const pageNow = Date.now();
          return { pageNow, shown: simulatedTimeAt(latest.current, pageNow, previous.shown)?.at ?? previous.shown };
        }),
      1000,
    );
    return () => clearInterval(timer);
  }, []);
  return simulatedTimeAt(data, view.pageNow, view.shown);
}
