// Payloads pushed live on `/ws` (docs/api/market.md §3 market/indices, §6.1, §6.2): index values
// and the signed-in user's events. Node-safe, so the server publishes exactly these shapes;
// the frames around them are in ws/frames.ts.
import type { SupportEvent } from './support';
import type { TradingUserEvent } from './trading';

/** The index codes of `market/indices` and the `index` channel. */
export const INDEX_CODES = ['N225', 'TOPIX'] as const;
export type IndexCode = (typeof INDEX_CODES)[number];

/**
 * One index value (`market/indices`, `index` pushes). Computed from the simulated
 * constituents, so always `simulated: true`; `method` says how (an approximation of the
 * official method, stated on screen where the index is shown).
 */
export interface IndexQuote {
  code: IndexCode;
  name: { tw: string; jp: string; en: string };
  simulated: true;
  /** 'price-weighted' (Nikkei 225: sum of prices / divisor) | 'free-float-cap-weighted' (TOPIX). */
  method: 'price-weighted' | 'free-float-cap-weighted';
  /** Catalogue-free short statement of the approximation, per language. */
  note: { tw: string; jp: string; en: string };
  tradingDate: string;
  /** Index points, two decimals. */
  value: number;
  previousClose: number;
  open: number;
  high: number;
  low: number;
  /** value − previousClose, two decimals. */
  change: number;
  /** Percent, two decimals. */
  changePercent: number;
  /** How many simulated constituents the value is computed from. */
  constituents: number;
  /** Epoch ms (business clock) the value describes. */
  at: number;
}

/** Identity verification (KYC) changed: 'under_review' after submit, then 'verified' or 'rejected'. */
export interface VerificationEvent {
  event: 'verification';
  data: { state: 'under_review' | 'verified' | 'rejected' };
}

/** A deposit changed state (funds: deposit/depositList rows). */
export interface DepositEvent {
  event: 'deposit';
  data: { id: number; state: 'pending' | 'approved' | 'rejected' };
}

/** A withdrawal changed state (funds: withdraw list rows). */
export interface WithdrawalEvent {
  event: 'withdrawal';
  data: { id: number; state: 'accepted' | 'paid' | 'rejected' };
}

/** Balances changed (deposit approved, withdrawal accepted/rejected, exchange): refetch wallet/balances. */
export interface BalanceEvent {
  event: 'balance';
  data: { reason: 'deposit' | 'withdrawal' | 'exchange' | 'adjustment' | 'credit' | 'dividend' };
}

/** Bank cards changed (added, changed, deleted). */
export interface BankCardEvent {
  event: 'bankCard';
  data: { change: 'added' | 'changed' | 'deleted' };
}

/** A new site message arrived; `unread` = the user's unread count now. */
export interface MessageEvent {
  event: 'message';
  data: { kind: string; unread: number };
}

/**
 * Events of one user. Other modules add members here (trading: orders, fills) and publish
 * them with the server's `publishUserEvent` (server/src/modules/market/ws/user-events.ts).
 */
export type UserEvent = VerificationEvent | DepositEvent | WithdrawalEvent | BalanceEvent | BankCardEvent | MessageEvent | SupportEvent | TradingUserEvent;
export type UserEventName = UserEvent['event'];
