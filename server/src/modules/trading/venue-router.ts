// Routing customer orders by the session the customer picks (docs/trading.md "Sessions and
// venues"): the simulated TSE, or the simulated PTS night session (market/pts/). The router
// is the engine's one TradingVenue: orders carry `venue` to it, cancels and "still open?"
// go by the venue order id (PTS ids carry '-pts'), and fills and expiries of both venues
// reach the same engine, so positions are shared between the venues.
import { MSG } from '@kabuto/shared-sdk/messages';
import type { OrderVenue } from '@kabuto/shared-sdk/schemas';
import { refuse } from '../funds';
import {
  isPtsOrderId,
  type CancelResult,
  type ExpiredOrder,
  type Fill,
  type Instrument,
  type OrderRequest,
  type PtsVenue,
  type Quote,
  type ResolvedTickTable,
  type SubmitResult,
  type Trade,
} from '../market';
import type { TradingVenue } from './venue';

/** The venue's own trade id of a stored fill (what the tape shows): without the venue start's tag. */
export function venueTradeIdOf(storedTradeId: string): string {
  const at = storedTradeId.lastIndexOf('@');
  return at < 0 ? storedTradeId : storedTradeId.slice(0, at);
}

/** A customer's input to the simulated TSE or PTS (`order.venue`), as its log keeps it (cluster/venue-input-log.ts). */
export type VenueInput = { kind: 'submit'; order: OrderRequest } | { kind: 'cancel'; orderId: string; ownerId: string };

/** An input as logged: its number in the partition's log, the venue time it was acted at, its trading date. */
export type LoggedVenueInput = VenueInput & { seq: number; at: Date; tradingDate: string };

/** Where a cluster's venue leader logs its venues' customer inputs before acting on them. */
export interface VenueInputLog {
  /** Takes the input in order and answers the venue time to act at (the one the log keeps). */
  record(input: VenueInput): Date;
}

export interface VenueRouterOptions {
  /**
   * One per process start, appended to the trade ids of fills when there is no input log: a
   * restarted venue then rebuilds its books from the simulated participants and the recovered
   * orders, so its trade numbers start again and would repeat ids an earlier process gave to
   * other trades; a fill taken for one already written would be lost. Under a log the fills keep
   * the venues' own ids: the replay gives the same ones.
   */
  incarnation?: string;
  inputLog?: VenueInputLog;
}

export class VenueRouter implements TradingVenue {
  readonly tse: TradingVenue;
  readonly pts: PtsVenue;
  /** The PTS as the order checks see it (its limits, tick table and session). */
  readonly ptsView: TradingVenue;
  private readonly incarnation: string | undefined;
  private readonly inputLog: VenueInputLog | undefined;

  constructor(tse: TradingVenue, pts: PtsVenue, opts: VenueRouterOptions = {}) {
    this.tse = tse;
    this.pts = pts;
    this.ptsView = ptsCheckView(tse, pts);
    this.incarnation = opts.incarnation;
    this.inputLog = opts.inputLog;
  }

  quote(code: string): Quote {
    return this.tse.quote(code);
  }

  instrument(code: string): Instrument | undefined {
    return this.tse.instrument(code);
  }

  tickTable(code: string): ResolvedTickTable {
    return this.tse.tickTable(code);
  }

  restartDay(): void {
    this.tse.restartDay?.();
    this.pts.restartDay();
  }

  isUpcomingListing(code: string): boolean {
    return this.tse.isUpcomingListing?.(code) ?? false;
  }

  /** `at`: a logged input being replayed (not logged again); otherwise the log takes it first. */
  submitOrder(req: OrderRequest, at?: Date): SubmitResult {
    const when = at ?? this.inputLog?.record({ kind: 'submit', order: req });
    return req.venue === 'pts' ? this.pts.submitOrder(req, when) : this.tse.submitOrder(req, when);
  }

  cancelOrder(orderId: string, ownerId: string, at?: Date): CancelResult {
    const when = at ?? this.inputLog?.record({ kind: 'cancel', orderId, ownerId });
    return isPtsOrderId(orderId) ? this.pts.cancelOrder(orderId, ownerId, when) : this.tse.cancelOrder(orderId, ownerId, when);
  }

  isOpenOrder(orderId: string): boolean {
    return isPtsOrderId(orderId) ? this.pts.isOpenOrder(orderId) : this.tse.isOpenOrder(orderId);
  }

  onFill(listener: (fill: Fill) => void): () => void {
    const tag = this.incarnation;
    const deliver = tag === undefined || this.inputLog ? listener : (fill: Fill) => listener({ ...fill, tradeId: `${fill.tradeId}@${tag}` });
    return both(this.tse.onFill(deliver), this.pts.onFill(deliver));
  }

  onExpired(listener: (order: ExpiredOrder) => void): () => void {
    return both(this.tse.onExpired(listener), this.pts.onExpired(listener));
  }

  onTrade(listener: (trade: Trade) => void): () => void {
    return both(this.tse.onTrade(listener), this.pts.onTrade(listener));
  }
}

function both(a: () => void, b: () => void): () => void {
  return () => {
    a();
    b();
  };
}

/**
 * The TSE venue with the PTS session's limits and tick table in its quote, so the order
 * checks (tick, daily limit) run against the PTS book the order will enter. Its phase is
 * 'zaraba' while the night session runs: PTS orders match continuously.
 */
function ptsCheckView(tse: TradingVenue, pts: PtsVenue): TradingVenue {
  return {
    ...bind(tse),
    quote(code: string): Quote {
      const q = tse.quote(code);
      const p = pts.quote(code);
      return {
        ...q,
        previousClose: p.previousClose,
        last: p.last ?? p.previousClose,
        upperLimit: p.upperLimit,
        lowerLimit: p.lowerLimit,
        bestBid: p.bestBid,
        bestAsk: p.bestAsk,
        lot: p.lot,
        phase: p.sessionOpen ? 'zaraba' : 'closed',
      };
    },
    tickTable: (code: string) => pts.quote(code).tickTable,
  };
}

function bind(v: TradingVenue): TradingVenue {
  return {
    quote: (c) => v.quote(c),
    instrument: (c) => v.instrument(c),
    tickTable: (c) => v.tickTable(c),
    isUpcomingListing: (c) => v.isUpcomingListing?.(c) ?? false,
    submitOrder: (r, at) => v.submitOrder(r, at),
    cancelOrder: (id, o, at) => v.cancelOrder(id, o, at),
    isOpenOrder: (id) => v.isOpenOrder(id),
    onFill: (l) => v.onFill(l),
    onExpired: (l) => v.onExpired(l),
    onTrade: (l) => v.onTrade(l),
  };
}

/** The order form's fields the venue rules read. */
export interface VenueChoice {
  venue?: OrderVenue | undefined;
  orderType: 'limit' | 'market';
  product: 'cash' | 'margin';
}

/**
 * The venue deps an order is planned against. A PTS order must meet the PTS rules first:
 * the night session is open (16:30–06:00), limit orders only, and no margin (PTS margin
 * orders match only during TSE hours, which the night session never overlaps). Each is a
 * catalogue refusal naming the rule.
 */
export function routedDeps<D extends { venue: TradingVenue }>(deps: D, form: VenueChoice): D {
  if ((form.venue ?? 'tse') === 'tse') return deps;
  const router = deps.venue;
  if (!(router instanceof VenueRouter)) refuse(MSG.ptsUnavailable);
  const state = router.pts.state();
  if (!state.open)
    refuse(MSG.ptsSessionClosed, {
      rule: 'pts-night-session',
      hours: `${state.hours.open}-${state.hours.close}`,
      nextOpen: new Date(state.session.opensAt).toISOString(),
    });
  if (form.orderType !== 'limit') refuse(MSG.ptsLimitOrdersOnly, { rule: 'pts-limit-only' });
  // Only the night session is simulated, and it never overlaps TSE hours (08:00–15:30).
  if (form.product === 'margin') refuse(MSG.ptsMarginOnlyInTseHours, { rule: 'pts-margin-tse-hours' });
  return { ...deps, venue: router.ptsView };
}
