// The book of one instrument for one trading day, with the TSE rules that act on it:
// Zaraba price-time matching (§2.5), Itayose at the opens and closes (§2.5), special
// quotes (§2.4), daily limits (§2.3) and tick sizes (§2.2). Time comes in as epoch ms from
// the caller (the venue), so the book itself is a pure, replayable state machine.
import { tradeValueYen, type Tenths } from '../price';
import {
  isValidTick,
  roundToTick,
  tickAbove,
  tickBelow,
  type ResolvedTickTable,
  limitPrices,
  renewalInterval,
  withinLimits,
  type LimitPrices,
} from '@kabuto/shared-sdk/market-rules';
import type { AuctionKind } from '../rules/calendar';
import { allocate, type Allocation } from './allocation';
import { findItayosePrice, type ItayoseResult } from './itayose';
import { OrderIndex } from './order-index';
import { SideBook } from './side-book';
import {
  SIMULATED_OWNER_PREFIX,
  type AuctionResult,
  type BookOrder,
  type BookSnapshot,
  type Fill,
  type OrderRequest,
  type OrderType,
  type RejectReason,
  type SessionCondition,
  type SessionStats,
  type Side,
  type SpecialQuote,
  type Trade,
} from './types';

/** How many recent trades a book keeps for the tape view; listeners see every trade. */
export const TAPE_LENGTH = 500;

/** §2.4: a special quote is renewed (or traded at) after 3 minutes of clock time [J13]. */
export const SPECIAL_QUOTE_WAIT_MS = 3 * 60 * 1000;

/**
 * - halted: no orders accepted (before 08:00, lunch, after the close)
 * - accumulating: orders rest but nothing matches (pre-open, closing auction)
 * - continuous: Zaraba
 */
export type BookMode = 'halted' | 'accumulating' | 'continuous';

export interface BookEvents {
  trade?(trade: Trade): void;
  fill?(fill: Fill): void;
  /** An order left the book without filling completely (expired at the close). */
  expired?(order: BookOrder, code: string): void;
}

export interface InstrumentBookOptions {
  code: string;
  tradingDate: string;
  /** Previous close (or final special quote): the base of the daily limits. */
  basePrice: Tenths;
  tickTable: ResolvedTickTable;
  /** Trading unit in shares (100 for domestic stocks, §2.6). */
  lot: number;
  /**
   * Distinguishes ids of different sessions of the same date (the demo clock replays a
   * day); defaults to the date. Order ids are `${code}-${tag}-${n}`.
   */
  sessionTag?: string;
  events?: BookEvents;
  /** The day's price limits when they are not the daily limit of `basePrice` (a new listing's first day). */
  limits?: LimitPrices;
}

interface ActiveSpecialQuote extends SpecialQuote {
  /** The price the quote was measured from: last trade (or base) when it was first shown. */
  reference: Tenths;
}

export class InstrumentBook {
  readonly code: string;
  readonly tradingDate: string;
  readonly basePrice: Tenths;
  readonly tickTable: ResolvedTickTable;
  readonly lot: number;
  readonly limits: LimitPrices;
  private readonly idPrefix: string;
  /** `${idPrefix}-`: what the ids of this book's orders start with. */
  private readonly orderIdHead: string;
  private readonly orderIds: IdMaker;
  private readonly tradeIds: IdMaker;

  private readonly bids = new SideBook('buy');
  private readonly asks = new SideBook('sell');
  /** Open orders by sequence number (order-index.ts). */
  private readonly orders = new OrderIndex();
  private readonly events: BookEvents;
  /**
   * The last TAPE_LENGTH trades in a ring, trade n in slot (n - 1) % TAPE_LENGTH (`tradeSeq`
   * is the newest; the array grows to its full length with the first trades): trimming an
   * array instead copied and reallocated it every few hundred trades.
   */
  private readonly tradeTape: Trade[] = [];
  private mode: BookMode = 'halted';
  private sq: ActiveSpecialQuote | null = null;
  private seq = 0;
  private tradeSeq = 0;
  private open: Tenths | null = null;
  private high: Tenths | null = null;
  private low: Tenths | null = null;
  private last: Tenths | null = null;
  private lastTradeAt: number | null = null;
  private volume = 0;
  private turnover = 0;
  /** The special quote left standing at the close, which becomes the next base price (§2.3). */
  private finalQuote: Tenths | null = null;
  /** The day's Itayose moments so far (opening-auction results, docs/trading.md "Sessions and venues"). */
  private readonly auctionLog: AuctionResult[] = [];
  private intervalRef: Tenths = Number.NaN;
  private interval: Tenths = 0;
  /** The last Itayose run today: tells a pre-open (none, or a morning close) from the closing auction. */
  private lastAuction: AuctionKind | null = null;
  /** at-close (引け) orders kept off the book until the closing auction starts. */
  private readonly heldForClose = new Set<BookOrder>();

  constructor(opts: InstrumentBookOptions) {
    this.code = opts.code;
    this.tradingDate = opts.tradingDate;
    this.basePrice = opts.basePrice;
    this.tickTable = opts.tickTable;
    this.lot = opts.lot;
    this.events = opts.events ?? {};
    this.limits = opts.limits ?? limitPrices(opts.basePrice, opts.tickTable);
    this.idPrefix = `${opts.code}-${opts.sessionTag ?? opts.tradingDate.replace(/-/g, '')}`;
    this.orderIdHead = `${this.idPrefix}-`;
    this.orderIds = new IdMaker(this.orderIdHead, 16);
    this.tradeIds = new IdMaker(`${this.idPrefix}-T`, 1);
  }

  // ---- order entry -------------------------------------------------------------------

  /** Why an order cannot enter this book now, or null when it can. */
  check(req: Pick<OrderRequest, 'type' | 'price' | 'quantity' | 'session'>): RejectReason | null {
    if (this.mode === 'halted') return 'market-closed';
    if (!Number.isInteger(req.quantity) || req.quantity <= 0 || req.quantity % this.lot !== 0) return 'invalid-quantity';
    if (req.session === 'at-open' && !this.inPreOpen()) return 'session-condition-not-allowed';
    if (req.session === 'funari' && req.type !== 'limit') return 'session-condition-not-allowed';
    if (req.type === 'market') return req.price === undefined ? null : 'price-not-allowed';
    if (req.price === undefined) return 'price-required';
    if (!isValidTick(req.price, this.tickTable)) return 'invalid-tick';
    if (!withinLimits(req.price, this.limits)) return 'outside-daily-limit';
    return null;
  }

  /** Enter an order that passed `check`. Returns the order id. */
  enter(req: OrderRequest, at: number): string {
    const seq = ++this.seq;
    const id = this.orderIds.make(seq);
    const price = req.type === 'market' ? null : (req.price as Tenths);
    const order = new Order(this.orderIds, seq, req.clientOrderId, req.ownerId, req.side, req.type, price, req.quantity, req.quantity, at, req.session);
    if (order.session === 'at-close' && !this.inClosingAuction()) {
      // Not matched in Zaraba nor shown in the book: it joins the book when the closing auction starts.
      this.heldForClose.add(order);
      this.orders.set(order);
      return id;
    }
    if (this.mode === 'continuous' && this.sq === null) this.matchIncoming(order, id, at);
    else {
      this.rest(order);
      if (this.mode === 'continuous') this.trySpecialQuoteResolution(at);
    }
    // Registered only once it rests: most marketable orders never need the table.
    if (order.remaining > 0) this.orders.set(order);
    return id;
  }

  /**
   * Take the open part of an order off the book. Completed orders are forgotten (the book
   * would otherwise hold every order of the day), so they answer 'not-open' like unknown ids.
   */
  cancel(orderId: string, at: number): { order: BookOrder; cancelled: number } | 'not-open' {
    const order = this.openOrder(orderId);
    return order ? this.cancelOpen(order, at) : 'not-open';
  }

  /** `cancel` for an order already looked up with `openOrder`. */
  cancelOpen(order: BookOrder, at: number): { order: BookOrder; cancelled: number } | 'not-open' {
    if (order.done || order.remaining === 0) return 'not-open';
    const cancelled = order.remaining;
    if (!this.heldForClose.delete(order)) this.sideOf(order.side).remove(order);
    order.done = true;
    this.orders.delete(order.seq);
    if (this.mode === 'continuous') this.trySpecialQuoteResolution(at);
    return { order, cancelled };
  }

  /** An open order, or undefined once it is filled, cancelled or expired. */
  openOrder(orderId: string): BookOrder | undefined {
    const seq = seqOf(orderId, this.orderIdHead);
    return seq < 0 ? undefined : this.orders.get(seq);
  }

  // ---- session control ---------------------------------------------------------------

  getMode(): BookMode {
    return this.mode;
  }

  setMode(mode: BookMode): void {
    this.mode = mode;
    if (this.inClosingAuction()) this.releaseHeldForClose();
  }

  /** Accumulating for an opening Itayose (08:00–09:00, 12:05–12:30). */
  private inPreOpen(): boolean {
    return this.mode === 'accumulating' && this.lastAuction !== 'afternoon-open';
  }

  /** Accumulating for the day's closing Itayose (15:25–15:30). */
  private inClosingAuction(): boolean {
    return this.mode === 'accumulating' && this.lastAuction === 'afternoon-open';
  }

  /** at-close orders enter the book, in their arrival order, for the closing Itayose. */
  private releaseHeldForClose(): void {
    const held = [...this.heldForClose].sort((a, b) => a.seq - b.seq);
    this.heldForClose.clear();
    for (const o of held) if (!o.done && o.remaining > 0) this.rest(o);
  }

  /**
   * 不成: an open funari limit order becomes a market order for the closing Itayose. It keeps
   * its id, client id and arrival time; as a market order it ranks ahead of every limit (§2.5).
   */
  private convertFunari(): void {
    for (const side of [this.bids, this.asks]) {
      for (const o of side.allOrders()) {
        if (o.session !== 'funari' || o.price === null) continue;
        side.remove(o);
        o.done = true;
        const market = new Order(this.orderIds, o.seq, o.clientOrderId, o.ownerId, o.side, 'market', null, o.quantity, o.remaining, o.enteredAt, o.session);
        this.orders.set(market);
        side.add(market);
      }
    }
  }

  /** 寄付: what an at-open order did not get in the opening Itayose leaves the book (reported as expired). */
  private expireAtOpenOrders(): void {
    for (const side of [this.bids, this.asks]) {
      for (const o of side.allOrders()) {
        if (o.session !== 'at-open') continue;
        side.remove(o);
        o.done = true;
        this.orders.delete(o.seq);
        this.events.expired?.(o, this.code);
      }
    }
  }

  /**
   * The Itayose of a session event. Opens leave the book in Zaraba; the morning close
   * halts it for lunch; the close expires every remaining order (orders are day orders,
   * §2.1 [J3]).
   */
  runAuction(kind: AuctionKind, at: number): void {
    const opening = kind === 'morning-open' || kind === 'afternoon-open';
    this.sq = null;
    if (kind === 'close') {
      this.releaseHeldForClose();
      this.convertFunari();
    }
    this.mode = 'accumulating';
    const ref = this.reference();
    const result = this.itayose(ref);
    const interval = renewalInterval(ref);
    const volumeBefore = this.volume;
    if (result && Math.abs(result.price - ref) <= interval) {
      this.executeAuction(result.price, at);
    } else if (opening) {
      const side = result ? (result.price > ref ? 'buy' : 'sell') : this.pressureSide(ref);
      if (side) this.showSpecialQuote(side, ref, at);
    } else if (kind === 'close') {
      const side = result ? (result.price > ref ? 'buy' : 'sell') : this.pressureSide(ref);
      if (side) this.finalQuote = this.quotePrice(side, ref);
    }
    const matched = this.volume - volumeBefore;
    this.auctionLog.push({
      kind,
      at,
      price: matched > 0 && result ? result.price : null,
      volume: matched,
      specialQuote: this.specialQuote()?.price ?? (kind === 'close' ? this.finalQuote : null),
    });
    this.lastAuction = kind;
    if (opening) {
      this.expireAtOpenOrders();
      this.mode = 'continuous';
    } else {
      this.mode = 'halted';
      if (kind === 'close') this.expireAll();
    }
  }

  /** When the special-quote timer next needs attention (epoch ms), or null. */
  nextTimerAt(): number | null {
    if (this.sq === null || this.mode !== 'continuous') return null;
    return this.sq.since + SPECIAL_QUOTE_WAIT_MS;
  }

  /**
   * The 3-minute step of a special quote (§2.4): trade at the quote when the matching price
   * is within one more interval; otherwise move the quote one interval on and wait again.
   */
  onTimer(at: number): void {
    const sq = this.sq;
    if (sq === null || this.mode !== 'continuous' || at < sq.since + SPECIAL_QUOTE_WAIT_MS) return;
    const result = this.itayose(this.reference());
    if (result && this.inSpecialQuoteRange(result.price, sq)) {
      this.resolveWith(result.price, at);
      return;
    }
    const step = renewalInterval(sq.price);
    const atLimit = sq.side === 'buy' ? sq.price >= this.limits.upper : sq.price <= this.limits.lower;
    const tradableAtQuote = this.forcedVolume(sq.price) > 0;
    const withinOneMore = result !== null && (sq.side === 'buy' ? result.price <= sq.price + step : result.price >= sq.price - step);
    if (tradableAtQuote && (withinOneMore || atLimit)) {
      this.forcedTradeAtQuote(sq, at);
      return;
    }
    if (atLimit) {
      this.sq = { ...sq, since: at };
      return;
    }
    // Move one interval on and wait another 3 minutes; new orders may still match sooner.
    this.sq = { ...sq, price: this.quotePrice(sq.side, sq.price), since: at };
  }

  // ---- views ---------------------------------------------------------------------------

  snapshot(at: number, levels = 5): BookSnapshot {
    const accumulating = this.mode === 'accumulating' || this.sq !== null;
    const indicative = accumulating ? this.itayose(this.reference()) : null;
    return {
      code: this.code,
      bids: this.bids.depth(levels),
      asks: this.asks.depth(levels),
      marketBuyQuantity: this.bids.market.quantity,
      marketSellQuantity: this.asks.market.quantity,
      specialQuote: this.sq ? { side: this.sq.side, price: this.sq.price, since: this.sq.since } : null,
      indicativePrice: indicative?.price ?? null,
      at,
    };
  }

  /**
   * The Itayose the book would run now: price and volume (TSE's indicative price of the
   * pre-open display). Null when nothing crosses.
   */
  indicative(): ItayoseResult | null {
    return this.itayose(this.reference());
  }

  /** The day's Itayose moments so far, oldest first. */
  auctionResults(): readonly AuctionResult[] {
    return this.auctionLog;
  }

  stats(): SessionStats {
    return {
      code: this.code,
      tradingDate: this.tradingDate,
      previousClose: this.basePrice,
      open: this.open,
      high: this.high,
      low: this.low,
      last: this.last,
      volume: this.volume,
      turnover: this.turnover,
      trades: this.tradeSeq,
      upperLimit: this.limits.upper,
      lowerLimit: this.limits.lower,
      lastTradeAt: this.lastTradeAt,
    };
  }

  /** The most recent trades (up to `limit`, at most TAPE_LENGTH; all kept when not positive), oldest first. */
  tape(limit = TAPE_LENGTH): Trade[] {
    const kept = Math.min(this.tradeSeq, TAPE_LENGTH);
    const want = Math.trunc(limit);
    const n = want > 0 ? Math.min(want, kept) : kept;
    const out: Trade[] = [];
    for (let k = this.tradeSeq - n + 1; k <= this.tradeSeq; k++) out.push(this.tradeTape[(k - 1) % TAPE_LENGTH] as Trade);
    return out;
  }

  specialQuote(): SpecialQuote | null {
    return this.sq ? { side: this.sq.side, price: this.sq.price, since: this.sq.since } : null;
  }

  /** The close's special quote when the day ended without a closing trade. */
  finalSpecialQuote(): Tenths | null {
    return this.finalQuote;
  }

  /** The day's closing price for the next day's base: last trade or final special quote. */
  closingBase(): Tenths {
    return this.finalQuote ?? this.last ?? this.basePrice;
  }

  /** Last trade price, or the base price before the first trade (§2.4). */
  reference(): Tenths {
    return this.last ?? this.basePrice;
  }

  /** Best bid/ask level counts, for participants that keep the book deep. */
  levelCounts(): { bids: number; asks: number } {
    return { bids: this.bids.levelCount(), asks: this.asks.levelCount() };
  }

  bestBid(): Tenths | undefined {
    return this.bids.bestPrice();
  }

  bestAsk(): Tenths | undefined {
    return this.asks.bestPrice();
  }

  // ---- Zaraba --------------------------------------------------------------------------

  /**
   * Sweep the other side level by level in strict price-time priority (market orders
   * first). A trade that would land more than one renewal interval from the last price —
   * or more than two from the price when the order arrived (the sequential-trade check of
   * §2.4, folded into the same special-quote handling) — does not happen: the rest of the
   * order waits and a special quote is shown.
   */
  private matchIncoming(order: BookOrder, id: string, at: number): void {
    const contra = this.sideOf(opposite(order.side));
    const arrivalRef = this.reference();
    const arrivalInterval = this.intervalAt(arrivalRef);
    while (order.remaining > 0) {
      const resting = contra.bestOrder();
      if (!resting) break;
      let price: Tenths;
      if (resting.price === null) price = order.price ?? this.reference();
      else {
        if (order.price !== null && (order.side === 'buy' ? resting.price > order.price : resting.price < order.price)) break;
        price = resting.price;
      }
      const ref = this.reference();
      if (Math.abs(price - ref) > this.intervalAt(ref) || Math.abs(price - arrivalRef) > 2 * arrivalInterval) {
        this.rest(order);
        this.showSpecialQuote(order.side, ref, at);
        return;
      }
      const qty = Math.min(order.remaining, resting.remaining);
      contra.fill(resting, qty);
      order.remaining -= qty;
      if (order.side === 'buy') this.trade(order, resting, id, resting.id, price, qty, at, 'buy');
      else this.trade(resting, order, resting.id, id, price, qty, at, 'sell');
    }
    if (order.remaining === 0) return;
    this.rest(order);
    // A market order with nothing left to meet has no price: show a special quote (§2.4).
    if (order.type === 'market') this.showSpecialQuote(order.side, this.reference(), at);
  }

  /** The renewal interval at `ref`, remembered for the last reference (it changes only with the last price). */
  private intervalAt(ref: Tenths): Tenths {
    if (ref !== this.intervalRef) {
      this.intervalRef = ref;
      this.interval = renewalInterval(ref);
    }
    return this.interval;
  }

  private rest(order: BookOrder): void {
    this.sideOf(order.side).add(order);
  }

  // ---- special quotes ------------------------------------------------------------------

  /** One renewal interval from `from` on the pressure side, on a legal tick, inside the limits. */
  private quotePrice(side: Side, from: Tenths): Tenths {
    const interval = renewalInterval(from);
    if (side === 'buy') return Math.min(roundToTick(from + interval, this.tickTable, 'down'), this.limits.upper);
    return Math.max(roundToTick(from - interval, this.tickTable, 'up'), this.limits.lower);
  }

  private showSpecialQuote(side: Side, reference: Tenths, at: number): void {
    this.sq = { side, price: this.quotePrice(side, reference), since: at, reference };
  }

  /** Trades may resolve a special quote at prices between the other side's edge and the quote. */
  private inSpecialQuoteRange(price: Tenths, sq: ActiveSpecialQuote): boolean {
    const interval = renewalInterval(sq.reference);
    return sq.side === 'buy' ? price <= sq.price && price >= sq.reference - interval : price >= sq.price && price <= sq.reference + interval;
  }

  /** New orders may allow a match inside the quote's range sooner than the 3 minutes (§2.4). */
  private trySpecialQuoteResolution(at: number): void {
    const sq = this.sq;
    if (sq === null) return;
    if (!this.hasPressure()) {
      this.sq = null;
      return;
    }
    const result = this.itayose(this.reference());
    if (result && this.inSpecialQuoteRange(result.price, sq)) this.resolveWith(result.price, at);
  }

  private resolveWith(price: Tenths, at: number): void {
    this.sq = null;
    this.executeAuction(price, at);
  }

  /** Trade what can trade at the quote price; what is left keeps pushing from there. */
  private forcedTradeAtQuote(sq: ActiveSpecialQuote, at: number): void {
    this.sq = null;
    this.executeAuction(sq.price, at);
    if (this.hasPressure()) this.showSpecialQuote(sq.side, sq.price, at);
  }

  /** Orders that still cross (or market orders waiting) after matching stopped. */
  private hasPressure(): boolean {
    if (!this.bids.market.isEmpty() || !this.asks.market.isEmpty()) return true;
    const bid = this.bids.bestPrice();
    const ask = this.asks.bestPrice();
    return bid !== undefined && ask !== undefined && bid >= ask;
  }

  /** The side with more demand than supply at `ref`, when orders cross but no price qualifies. */
  private pressureSide(ref: Tenths): Side | null {
    if (!this.hasPressure()) return null;
    const demand = this.forcedDemand(ref);
    const supply = this.forcedSupply(ref);
    if (demand === supply) return null;
    return demand > supply ? 'buy' : 'sell';
  }

  // ---- Itayose -------------------------------------------------------------------------

  private itayose(reference: Tenths): ItayoseResult | null {
    return findItayosePrice({
      bids: this.bids.allLevels(),
      asks: this.asks.allLevels(),
      marketBuy: this.bids.market.quantity,
      marketSell: this.asks.market.quantity,
      reference,
      lower: this.limits.lower,
      upper: this.limits.upper,
      tickAbove: (p) => tickAbove(p, this.tickTable),
      tickBelow: (p) => tickBelow(p, this.tickTable),
    });
  }

  private forcedDemand(price: Tenths): number {
    return this.bids.market.quantity + this.bids.allLevels().reduce((a, l) => (l.price >= price ? a + l.quantity : a), 0);
  }

  private forcedSupply(price: Tenths): number {
    return this.asks.market.quantity + this.asks.allLevels().reduce((a, l) => (l.price <= price ? a + l.quantity : a), 0);
  }

  private forcedVolume(price: Tenths): number {
    return Math.min(this.forcedDemand(price), this.forcedSupply(price));
  }

  /**
   * Execute every order that can trade at `price` as one simultaneous match: buyers at or
   * above it against sellers at or below it, whole priority groups first (allocation.ts).
   */
  private executeAuction(price: Tenths, at: number): void {
    const volume = this.forcedVolume(price);
    if (volume <= 0) return;
    const buys = allocate(
      this.groups(this.bids, (p) => p >= price),
      volume,
      this.lot,
    );
    const sells = allocate(
      this.groups(this.asks, (p) => p <= price),
      volume,
      this.lot,
    );
    this.pairAndTrade(buys, sells, price, at);
  }

  private groups(side: SideBook, eligible: (price: Tenths) => boolean): BookOrder[][] {
    const groups: BookOrder[][] = [];
    const market = side.market.live();
    if (market.length > 0) groups.push(market);
    for (const level of side.allLevels()) {
      if (!eligible(level.price)) break;
      groups.push(side.ordersAt(level.price));
    }
    return groups;
  }

  private pairAndTrade(buys: Allocation[], sells: Allocation[], price: Tenths, at: number): void {
    let i = 0;
    let j = 0;
    const buyLeft = buys.map((a) => a.quantity);
    const sellLeft = sells.map((a) => a.quantity);
    while (i < buys.length && j < sells.length) {
      const qty = Math.min(buyLeft[i] as number, sellLeft[j] as number);
      const buy = (buys[i] as Allocation).order;
      const sell = (sells[j] as Allocation).order;
      this.bids.fill(buy, qty);
      this.asks.fill(sell, qty);
      this.trade(buy, sell, buy.id, sell.id, price, qty, at, null);
      buyLeft[i] = (buyLeft[i] as number) - qty;
      sellLeft[j] = (sellLeft[j] as number) - qty;
      if (buyLeft[i] === 0) i++;
      if (sellLeft[j] === 0) j++;
    }
  }

  // ---- bookkeeping ---------------------------------------------------------------------

  /**
   * Record a trade; both orders have already been reduced by `qty`. The ids come from the
   * caller, which already holds the incoming order's (ids are made on demand, see Order).
   */
  private trade(buy: BookOrder, sell: BookOrder, buyId: string, sellId: string, price: Tenths, qty: number, at: number, aggressor: Side | null): void {
    const n = ++this.tradeSeq;
    const trade: Trade = {
      id: this.tradeIds.make(n),
      code: this.code,
      price,
      quantity: qty,
      at,
      buyOrderId: buyId,
      sellOrderId: sellId,
      aggressor,
    };
    this.tradeTape[(n - 1) % TAPE_LENGTH] = trade;
    if (this.open === null) this.open = price;
    this.high = this.high === null ? price : Math.max(this.high, price);
    this.low = this.low === null ? price : Math.min(this.low, price);
    this.last = price;
    this.lastTradeAt = at;
    this.volume += qty;
    this.turnover += tradeValueYen(price, qty);
    this.events.trade?.(trade);
    this.settle(buy, trade, aggressor);
    this.settle(sell, trade, aggressor);
  }

  /** One side of a trade: forget the order once filled (the aggressor is forgotten by `enter`), report the fill. */
  private settle(o: BookOrder, trade: Trade, aggressor: Side | null): void {
    if (o.remaining === 0 && o.side !== aggressor) this.orders.delete(o.seq);
    // Simulated participants do not read their fills; skipping them saves an object per side.
    if (!this.events.fill || o.ownerId.startsWith(SIMULATED_OWNER_PREFIX)) return;
    this.events.fill({
      tradeId: trade.id,
      orderId: o.side === 'buy' ? trade.buyOrderId : trade.sellOrderId,
      clientOrderId: o.clientOrderId,
      ownerId: o.ownerId,
      code: this.code,
      side: o.side,
      price: trade.price,
      quantity: trade.quantity,
      remaining: o.remaining,
      at: trade.at,
      auction: aggressor === null,
    });
  }

  private expireAll(): void {
    this.releaseHeldForClose();
    for (const side of [this.bids, this.asks]) {
      for (const o of side.allOrders()) {
        side.remove(o);
        o.done = true;
        this.orders.delete(o.seq);
        this.events.expired?.(o, this.code);
      }
    }
  }

  private sideOf(side: Side): SideBook {
    return side === 'buy' ? this.bids : this.asks;
  }
}

/**
 * An order of this book. Its id is made when asked for rather than kept: resting orders
 * outlive young-generation collections, so the GC copies what they hold, and the id string
 * (three heap objects as first built) was some 80 of the 270 bytes each kept, while the id
 * is read only when the order is entered, trades or expires. A class also gives every order
 * one shape, where an optional `session` spread into a literal made two.
 */
class Order implements BookOrder {
  remaining: number;
  done = false;

  constructor(
    private readonly ids: IdMaker,
    readonly seq: number,
    readonly clientOrderId: string,
    readonly ownerId: string,
    readonly side: Side,
    readonly type: OrderType,
    readonly price: Tenths | null,
    readonly quantity: number,
    remaining: number,
    readonly enteredAt: number,
    readonly session: SessionCondition | undefined,
  ) {
    this.remaining = remaining;
  }

  get id(): string {
    return this.ids.make(this.seq);
  }
}

/** '000' to '999'. */
const LAST_THREE_DIGITS = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));

/**
 * Makes the ids `${head}${n}`. Appending a number to a string converts it through V8's
 * number-string cache, which misses for each new n: a runtime call and one more string per
 * id, for every order and every trade. Here the thousands are converted once per thousand
 * ids and the last three digits come from a table, so an id is one concatenation of two
 * shared strings. The heads are kept for the last few thousands in use (`slots`), as the
 * orders that trade are mostly recent ones.
 */
class IdMaker {
  private readonly thousands: number[];
  private readonly heads: string[];

  constructor(
    private readonly head: string,
    slots: number,
  ) {
    this.thousands = new Array<number>(slots).fill(-1);
    this.heads = new Array<string>(slots).fill('');
  }

  make(n: number): string {
    if (n < 1000) return this.head + n;
    const thousands = Math.floor(n / 1000);
    const slot = thousands % this.heads.length;
    if (this.thousands[slot] !== thousands) {
      this.thousands[slot] = thousands;
      this.heads[slot] = this.head + thousands;
    }
    return (this.heads[slot] as string) + (LAST_THREE_DIGITS[n - thousands * 1000] as string);
  }
}

/**
 * The n of an order id `${head}${n}`, or -1. Only the canonical decimal this book writes
 * counts, so look-alikes such as '-007', '-7e0' or '-7 ' never reach an order.
 */
function seqOf(id: string, head: string): number {
  const digits = id.length - head.length;
  if (digits < 1 || digits > 15 || !id.startsWith(head)) return -1;
  if (digits > 1 && id.charCodeAt(head.length) === 48) return -1;
  let n = 0;
  for (let i = head.length; i < id.length; i++) {
    const d = id.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

function opposite(side: Side): Side {
  return side === 'buy' ? 'sell' : 'buy';
}
