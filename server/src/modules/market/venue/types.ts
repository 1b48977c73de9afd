// Shared shapes of the venue: orders, fills, trades and book snapshots. Prices are tenths
// of a yen (see ../price.ts); quantities are shares.
import type { Tenths } from '../price';
import type { AuctionKind } from '../rules/calendar';

export type Side = 'buy' | 'sell';
export type OrderType = 'limit' | 'market';
/**
 * Session conditions (執行条件, docs/trading.md "Conditional orders"): at-open (寄付) takes part
 * only in an opening Itayose, at-close (引け) only in the day's closing Itayose, funari (不成)
 * is a limit order in Zaraba that becomes a market order at the day's closing Itayose.
 */
export type SessionCondition = 'at-open' | 'at-close' | 'funari';

/** What the order-entry interface accepts, for simulated participants and customers alike. */
export interface OrderRequest {
  code: string;
  side: Side;
  type: OrderType;
  /** Limit price in tenths of a yen; required for limit orders, absent for market orders. */
  price?: Tenths;
  /** Shares; a positive multiple of the instrument's trading unit. */
  quantity: number;
  ownerId: string;
  /** The owner's own id for the order; unique per owner within a trading day. */
  clientOrderId: string;
  /** Absent = a plain day order. */
  session?: SessionCondition;
  /** Which venue a router sends it to (trading/venue-router.ts); absent = the TSE. Books ignore it. */
  venue?: 'tse' | 'pts';
}

/** Owner ids starting with this belong to the simulated participants; customers cannot use it. */
export const SIMULATED_OWNER_PREFIX = 'sim:';

export type RejectReason =
  | 'unknown-instrument'
  | 'reserved-owner'
  | 'market-closed'
  | 'invalid-quantity'
  | 'price-required'
  | 'price-not-allowed'
  | 'invalid-tick'
  | 'outside-daily-limit'
  | 'duplicate-client-order-id'
  /** at-open outside a pre-open (Zaraba or the closing auction), or funari on a market order. */
  | 'session-condition-not-allowed'
  /** The simulated PTS takes limit orders only (pts/pts-venue.ts). */
  | 'limit-orders-only';

export type SubmitResult = { status: 'accepted'; orderId: string } | { status: 'rejected'; reason: RejectReason };

export type CancelResult = { status: 'cancelled'; orderId: string; cancelledQuantity: number } | { status: 'rejected'; reason: CancelRejectReason };

/** 'not-open': unknown, or already filled, cancelled or expired. */
export type CancelRejectReason = 'not-open' | 'not-owner' | 'market-closed';

/** An order that left the book unfilled at the close (orders are valid for one day, §2.1). */
export interface ExpiredOrder {
  orderId: string;
  clientOrderId: string;
  ownerId: string;
  code: string;
  side: Side;
  remaining: number;
  at: number;
}

/** An order resting in (or passing through) a book. */
export interface BookOrder {
  readonly id: string;
  readonly clientOrderId: string;
  readonly ownerId: string;
  readonly side: Side;
  readonly type: OrderType;
  /** null for market orders. */
  readonly price: Tenths | null;
  readonly quantity: number;
  remaining: number;
  /** Arrival sequence within the book: the time in price-time priority. */
  readonly seq: number;
  readonly enteredAt: number;
  /** Set once cancelled or expired; a done order never trades again. */
  done: boolean;
  readonly session?: SessionCondition;
}

/** One execution between a buyer and a seller. */
export interface Trade {
  /** `${code}-${session}-T${n}`, numbered per instrument and session. */
  id: string;
  code: string;
  price: Tenths;
  quantity: number;
  /** Epoch milliseconds. */
  at: number;
  buyOrderId: string;
  sellOrderId: string;
  /** The incoming side in Zaraba; null for trades made by an Itayose. */
  aggressor: Side | null;
}

/** One side's share of a trade, as reported to the order's owner. */
export interface Fill {
  tradeId: string;
  orderId: string;
  clientOrderId: string;
  ownerId: string;
  code: string;
  side: Side;
  price: Tenths;
  quantity: number;
  /** Shares still open on the order after this fill. */
  remaining: number;
  at: number;
  /** True when the fill came from an Itayose (open, close, special-quote resolution). */
  auction: boolean;
}

export interface DepthLevel {
  price: Tenths;
  quantity: number;
  orders: number;
}

/** A special quote (特別気配) shown instead of a trade, §2.4. */
export interface SpecialQuote {
  /** 'buy' = special bid above the last price; 'sell' = special offer below it. */
  side: Side;
  price: Tenths;
  /** Epoch ms when this quote price was set; it is renewed 3 minutes later. */
  since: number;
}

export interface BookSnapshot {
  code: string;
  /** Best five bid levels, best first. */
  bids: DepthLevel[];
  /** Best five ask levels, best first. */
  asks: DepthLevel[];
  marketBuyQuantity: number;
  marketSellQuantity: number;
  specialQuote: SpecialQuote | null;
  /** The Itayose price the book would match at now, while orders only accumulate. */
  indicativePrice: Tenths | null;
  at: number;
}

/** What one Itayose moment of the day did (the opening-auction tab shows it after the fact). */
export interface AuctionResult {
  kind: AuctionKind;
  at: number;
  /** The match price, or null when nothing traded (no cross, or a special quote instead). */
  price: Tenths | null;
  /** Shares matched on each side. */
  volume: number;
  /** The special quote shown instead of a match, if any. */
  specialQuote: Tenths | null;
}

/** Per-instrument session statistics for the trading day. */
export interface SessionStats {
  code: string;
  tradingDate: string;
  /** The day's base price: the previous close (or final special quote), §2.3. */
  previousClose: Tenths;
  open: Tenths | null;
  high: Tenths | null;
  low: Tenths | null;
  last: Tenths | null;
  /** Shares traded today. */
  volume: number;
  /** Value traded today, integer yen. */
  turnover: number;
  trades: number;
  upperLimit: Tenths;
  lowerLimit: Tenths;
  /** Epoch ms of the last trade, or null. */
  lastTradeAt: number | null;
}
