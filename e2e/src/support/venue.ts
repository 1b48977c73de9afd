// The simulated venue as the trading journeys meet it: the stock they trade, the phase it
// is in, its quote, prices in tenths of a yen as the forms and the screens write them, and
// a position's detail page followed until its status changes.
import type { Page } from 'playwright-core';
import { routeTo } from '@kabuto/shared-sdk/routes';
import { callApi, mustCall } from './api';
import { openAt } from './session';

/** Toyota: liquid all day on the simulated venue, and loan-eligible. */
export const TOYOTA = '7203';

export interface TicketInfo {
  toAuction: boolean;
  phase: string;
  tick: string;
}

/** Prices in tenths of a yen, as the API answers them. */
export interface Quote {
  bestAsk: number | null;
  last: number | null;
  previousClose: number;
  /** What a market buy holds per share. */
  upperLimit: number;
}

/**
 * The demo clock replays the trading day over and over (docs/operations.md "Business clock"),
 * closing auction (15:25–15:30) included: an order entered then waits for the auction. The
 * journeys are about continuous trading, so they wait (at most one closing auction) until a
 * new order would trade at once.
 */
export async function waitForContinuousTrading(page: Page, code = TOYOTA): Promise<TicketInfo> {
  const deadline = Date.now() + 8 * 60_000;
  for (;;) {
    const info = (await callApi(page, 'trade/ticket', { code })).data as TicketInfo;
    if (!info.toAuction) return info;
    if (Date.now() > deadline) throw new Error(`the venue stayed in ${info.phase} for 8 minutes`);
    await page.waitForTimeout(5000);
  }
}

export function quote(page: Page, code = TOYOTA): Promise<Quote> {
  return mustCall<Quote>(page, 'market/quote', { code });
}

/** Tenths → the yen text the forms take (27905 → '2790.5'). */
export function yenText(tenths: number): string {
  return tenths % 10 === 0 ? String(tenths / 10) : `${Math.trunc(tenths / 10)}.${tenths % 10}`;
}

/** '2790.5' → '2,790.5', as the screens show a yen text. */
export function groupedYen(yen: string): string {
  const [int = '', frac] = yen.split('.');
  const g = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac ? `${g}.${frac}` : g;
}

/** The position's detail page until its status is `status` (live events refresh it; a reload every 10 s covers a missed one). */
export async function detailUntil(page: Page, id: number, status: string, withinMs: number, waitMs = 20000): Promise<void> {
  await openAt(page, routeTo('positionDetail', { id }));
  const detail = page.locator(`[data-testid="position-detail"][data-id="${id}"]`);
  await detail.waitFor({ timeout: waitMs });
  const deadline = Date.now() + withinMs;
  for (let tick = 1; (await detail.getAttribute('data-status')) !== status; tick++) {
    if (Date.now() > deadline) throw new Error(`position ${id} is ${await detail.getAttribute('data-status')}, not ${status}`);
    await page.waitForTimeout(1000);
    if (tick % 10 === 0) await page.reload();
    await detail.waitFor({ timeout: waitMs });
  }
}
