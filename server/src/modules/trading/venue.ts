// What the trading module needs from the venue: the market module's order-entry seam plus
// the quote, instrument and tick rules an order is validated against. SimulatedMarket
// implements it in process; with N API servers a bus client would (docs/trading.md).
import type { Instrument, OrderEntry, Quote, ResolvedTickTable } from '../market';

export interface TradingVenue extends OrderEntry {
  quote(code: string): Quote;
  instrument(code: string): Instrument | undefined;
  /** Today's tick table of `code` (TOPIX500 or other). */
  tickTable(code: string): ResolvedTickTable;
  /** Is the order still open in today's book? (false once filled, cancelled, expired or its day ended) */
  isOpenOrder(orderId: string): boolean;
  /** An announced IPO that has not listed yet (docs/ipo.md): its orders answer notYetListed. */
  isUpcomingListing?(code: string): boolean;
  /** Drops today's books, to be rebuilt from the venue's input log (MarketSimulator.restartDay). */
  restartDay?(): void;
}

/** The venue owner id of a customer. */
export const ownerOf = (userId: number): string => `u${userId}`;
export const userOfOwner = (ownerId: string): number | null => (/^u\d+$/.test(ownerId) ? Number(ownerId.slice(1)) : null);
/** The venue client order id of one of our orders. */
export const clientIdOf = (orderId: number): string => `k${orderId}`;
export const orderOfClientId = (clientOrderId: string): number | null => (/^k\d+$/.test(clientOrderId) ? Number(clientOrderId.slice(1)) : null);
