// Simulated participants of one instrument for one day. Two kinds act, at random times
// drawn from the intraday activity curve:
//  - a market maker that keeps at least five price levels on each side around the fair
//    value (the day's price path), and withdraws quotes that drift too far away;
//  - takers that hit the book with market or marketable limit orders, leaning towards the
//    fair value, so the traded price follows the path.
// In the pre-open and the closing auction they also send the orders that the Itayose
// matches. Every decision comes from one PRNG stream per (seed, code, date), so without
// outside orders the day replays exactly.
import { SESSION_TIMES, atJst, jstSecondOfDayMs, type DateKey } from '../rules/calendar';
import { roundToTick, tickAbove, tickBelow, type ResolvedTickTable } from '@kabuto/shared-sdk/market-rules';
import type { Tenths } from '../price';
import type { TradingDay } from '../venue/trading-day';
import { SIMULATED_OWNER_PREFIX, type OrderRequest, type Side } from '../venue/types';
import { meanOrderLots, TAKER_SHARE } from './activity';
import { prngFor, type Prng } from './prng';
import { activityAt } from './volume-curve';

/** Owner ids of simulated orders (the venue reserves the `sim:` prefix for them). */
export const MAKER_ID = `${SIMULATED_OWNER_PREFIX}maker`;
export const TAKER_ID = `${SIMULATED_OWNER_PREFIX}taker`;

/** Participant events per second while orders only accumulate (pre-open, closing auction). */
const AUCTION_EVENT_SHARE = 0.3;
/** How many levels the maker keeps on each side, and how far out it quotes (ticks). */
const MIN_LEVELS = 5;
const MAX_QUOTE_TICKS = 10;
/** Maker quotes further than this from the fair value get withdrawn. */
const STALE_TICKS = 14;
const MAX_MAKER_ORDERS = 60;

export interface FlowOptions {
  seed: string;
  code: string;
  date: DateKey;
  day: TradingDay;
  lot: number;
  tickTable: ResolvedTickTable;
  /** Fair value (tenths, not rounded) at a JST second of the day. */
  fairValue(secondOfDay: number): number;
  /** Participant events per second at activity level 1. */
  eventRate: number;
}

export class ParticipantFlow {
  private readonly opts: FlowOptions;
  private readonly rng: Prng;
  private readonly meanLots: number;
  private readonly makerOrders: string[] = [];
  private nextAt: number;
  private seq = 0;
  private readonly start: number;
  private readonly end: number;

  constructor(opts: FlowOptions) {
    this.opts = opts;
    this.rng = prngFor(opts.seed, opts.code, opts.date, 'flow');
    const base = opts.day.book(opts.code)?.basePrice ?? 1;
    this.meanLots = meanOrderLots(base, opts.lot);
    this.start = atJst(opts.date, SESSION_TIMES.preOpen).getTime();
    this.end = atJst(opts.date, SESSION_TIMES.close).getTime();
    this.nextAt = this.start;
  }

  /** Run every participant event due before or at `to` (epoch ms), then bring the book to `to`. */
  advanceTo(to: number): void {
    const { day, code } = this.opts;
    while (this.nextAt <= to && this.nextAt < this.end) {
      const at = this.nextAt;
      day.advance(code, at);
      this.act(at);
      this.nextAt = this.following(at);
    }
    day.advance(code, to);
  }

  /** Epoch ms of the next participant event (or the day's end when none is left). */
  nextEventAt(): number {
    return this.nextAt;
  }

  // ---- timing --------------------------------------------------------------------------

  private rateAt(secondOfDay: number): number {
    const t = SESSION_TIMES;
    const zaraba = activityAt(secondOfDay);
    if (zaraba > 0) return this.opts.eventRate * zaraba;
    const accumulating =
      (secondOfDay >= t.preOpen && secondOfDay < t.morningOpen) ||
      (secondOfDay >= t.afternoonPreOpen && secondOfDay < t.afternoonOpen) ||
      (secondOfDay >= t.closingAuction && secondOfDay < t.close);
    return accumulating ? this.opts.eventRate * AUCTION_EVENT_SHARE : 0;
  }

  /** The next event time after `at`: exponential gaps at the local rate, skipping closed stretches. */
  private following(at: number): number {
    const t = SESSION_TIMES;
    let s = jstSecondOfDayMs(at);
    if (this.rateAt(s) === 0) {
      // Over lunch: resume when the afternoon pre-open starts.
      s = t.afternoonPreOpen;
      return atJst(this.opts.date, s).getTime();
    }
    const gapMs = Math.max(1, Math.round((this.rng.exponential() / this.rateAt(s)) * 1000));
    let next = at + gapMs;
    const ns = jstSecondOfDayMs(next);
    if (ns >= t.morningClose && ns < t.afternoonPreOpen) next = atJst(this.opts.date, t.afternoonPreOpen).getTime();
    return next;
  }

  // ---- behaviour -----------------------------------------------------------------------

  private act(at: number): void {
    const book = this.opts.day.book(this.opts.code);
    if (!book) return;
    const mode = book.getMode();
    if (mode === 'halted') return;
    const second = jstSecondOfDayMs(at);
    const fair = this.opts.fairValue(second);
    if (mode === 'accumulating') {
      this.auctionOrder(at, fair);
      return;
    }
    if (this.rng.chance(TAKER_SHARE)) this.take(at, fair);
    else this.quote(at, fair);
  }

  /** Orders of the pre-open and closing auction: limits near the fair value, some market orders. */
  private auctionOrder(at: number, fair: number): void {
    const side: Side = this.rng.chance(0.5) ? 'buy' : 'sell';
    if (this.rng.chance(0.2)) {
      this.send({ side, type: 'market', quantity: this.size() }, at, TAKER_ID);
      return;
    }
    // Either side may cross the fair value by a few ticks, so the Itayose has work to do.
    const offset = this.rng.int(7) - 3;
    const price = this.priceAt(fair, side === 'buy' ? offset : -offset);
    this.send({ side, type: 'limit', price, quantity: this.size() }, at, MAKER_ID);
  }

  private take(at: number, fair: number): void {
    const book = this.opts.day.book(this.opts.code);
    if (!book) return;
    const bid = book.bestBid();
    const ask = book.bestAsk();
    const mid = bid !== undefined && ask !== undefined ? (bid + ask) / 2 : book.reference();
    const tick = Math.max(1, this.tickAt(fair));
    const lean = Math.max(-0.35, Math.min(0.35, ((fair - mid) / (3 * tick)) * 0.25));
    const side: Side = this.rng.chance(0.5 + lean) ? 'buy' : 'sell';
    const quantity = this.size();
    if (this.rng.chance(0.6) || (side === 'buy' ? ask === undefined : bid === undefined)) {
      this.send({ side, type: 'market', quantity }, at, TAKER_ID);
      return;
    }
    const price = side === 'buy' ? (ask as Tenths) : (bid as Tenths);
    this.send({ side, type: 'limit', price, quantity }, at, TAKER_ID);
  }

  private quote(at: number, fair: number): void {
    const book = this.opts.day.book(this.opts.code);
    if (!book) return;
    this.withdrawStale(at, fair);
    const counts = book.levelCounts();
    let side: Side;
    if (counts.bids < MIN_LEVELS && counts.asks >= MIN_LEVELS) side = 'buy';
    else if (counts.asks < MIN_LEVELS && counts.bids >= MIN_LEVELS) side = 'sell';
    else side = this.rng.chance(0.5) ? 'buy' : 'sell';
    const ticksAway = 1 + this.rng.int(MAX_QUOTE_TICKS);
    let price = this.priceAt(fair, -ticksAway * (side === 'buy' ? 1 : -1));
    // A maker never crosses a continuous book: it quotes behind the other side's best.
    const table = this.opts.tickTable;
    if (book.specialQuote() === null) {
      const ask = book.bestAsk();
      const bid = book.bestBid();
      if (side === 'buy' && ask !== undefined && price >= ask) price = tickBelow(ask, table);
      if (side === 'sell' && bid !== undefined && price <= bid) price = tickAbove(bid, table);
    }
    const id = this.send({ side, type: 'limit', price, quantity: this.size() }, at, MAKER_ID);
    if (id) this.makerOrders.push(id);
  }

  /** Withdraw the oldest maker quote when it is stale or the maker holds too many. */
  private withdrawStale(at: number, fair: number): void {
    const book = this.opts.day.book(this.opts.code);
    if (!book) return;
    const tick = Math.max(1, this.tickAt(fair));
    for (let tries = 0; tries < 3 && this.makerOrders.length > 0; tries++) {
      const id = this.makerOrders[0] as string;
      const order = book.openOrder(id);
      if (!order) {
        this.makerOrders.shift();
        continue;
      }
      const far = order.price !== null && Math.abs(order.price - fair) > STALE_TICKS * tick;
      if (far || this.makerOrders.length > MAX_MAKER_ORDERS) {
        this.opts.day.cancelOrder(id, MAKER_ID, at);
        this.makerOrders.shift();
      }
      break;
    }
  }

  // ---- helpers -------------------------------------------------------------------------

  private size(): number {
    return this.rng.geometric(this.meanLots) * this.opts.lot;
  }

  private tickAt(price: number): number {
    const p = roundToTick(price, this.opts.tickTable, 'nearest');
    return tickAbove(p, this.opts.tickTable) - p;
  }

  /** The legal price `ticks` ticks above (negative: below) the fair value, inside the limits. */
  private priceAt(fair: number, ticks: number): Tenths {
    const book = this.opts.day.book(this.opts.code);
    let p = roundToTick(fair, this.opts.tickTable, 'nearest');
    const n = Math.abs(ticks);
    for (let i = 0; i < n; i++) p = ticks > 0 ? tickAbove(p, this.opts.tickTable) : tickBelow(p, this.opts.tickTable);
    if (book) p = Math.min(book.limits.upper, Math.max(book.limits.lower, p));
    return p;
  }

  private send(order: Pick<OrderRequest, 'side' | 'type' | 'price' | 'quantity'>, at: number, ownerId: string): string | null {
    const req: OrderRequest = {
      code: this.opts.code,
      side: order.side,
      type: order.type,
      quantity: order.quantity,
      ownerId,
      clientOrderId: `${ownerId}-${++this.seq}`,
      ...(order.type === 'limit' ? { price: order.price as Tenths } : {}),
    };
    const result = this.opts.day.submitParticipantOrder(req, at);
    return result.status === 'accepted' ? result.orderId : null;
  }
}
