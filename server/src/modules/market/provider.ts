// The market-data provider interface the HTTP/WS layer and the UI read through, so a real
// feed can replace the simulator, plus the order-entry interface the trading module places
// customer orders through. SimulatedMarket implements both over MarketSimulator.
import type { Clock } from '../../clock';
import { SESSION_TIMES, atJst, jstDateKey, phaseAt, previousBusinessDay, type DateKey, type MarketPhase } from './rules/calendar';
import { jstSecondOfDay } from '../../clock';
import type { IndexCode, IndexQuote } from '@kabuto/shared-sdk/schemas';
import type { Tenths } from './price';
import type { ResolvedTickTable } from '@kabuto/shared-sdk/market-rules';
import { createUniverse, type Universe } from './universe/universe';
import type { Instrument } from './universe/schema';
import { MarketSimulator } from './simulation/market-simulator';
import { buildKLines, type KLineBar } from './klines/klines';
import { DEFAULT_KLINE_LIMIT, MAX_KLINE_LIMIT, isAdjustment, isKLineInterval, type Adjustment, type KLineInterval } from './klines/intervals';
import type { BookSnapshot, CancelResult, ExpiredOrder, Fill, OrderRequest, SpecialQuote, SubmitResult, Trade } from './venue/types';

/** A quote: the stock-detail fields of spec §3 plus what rows and charts need. Prices in tenths of a yen. */
export interface Quote {
  code: string;
  name: Instrument['name'];
  kind: Instrument['kind'];
  /** Every price comes from the simulator and must be labelled so (the wire schema's literal). */
  simulated: true;
  tradingDate: string;
  phase: MarketPhase;
  last: Tenths | null;
  open: Tenths | null;
  high: Tenths | null;
  low: Tenths | null;
  previousClose: Tenths;
  /** last − previousClose, tenths; null before the first trade. */
  change: Tenths | null;
  /** change / previousClose in percent, two decimals; null before the first trade. */
  changePercent: number | null;
  /** Shares traded today. */
  volume: number;
  /** Value traded today, integer yen. */
  turnover: number;
  /** Price / earnings at the last (or previous close) price; null when earnings are negative or for ETFs. */
  pe: number | null;
  industryPe: number | null;
  upperLimit: Tenths;
  lowerLimit: Tenths;
  bestBid: Tenths | null;
  bestAsk: Tenths | null;
  specialQuote: SpecialQuote | null;
  lot: number;
  /** Epoch ms the quote describes. */
  at: number;
}

export interface Depth extends BookSnapshot {
  simulated: true;
  phase: MarketPhase;
}

export type MarketUpdate = { type: 'quote'; quote: Quote } | { type: 'depth'; depth: Depth };

export type MarketDataErrorCode = 'unknown-instrument' | 'bad-interval' | 'bad-adjustment' | 'bad-limit' | 'too-many-codes';

/** A request the provider cannot answer; `code` maps to a catalogue message in the HTTP layer. */
export class MarketDataError extends Error {
  readonly code: MarketDataErrorCode;
  constructor(code: MarketDataErrorCode, detail: string) {
    super(`${code}: ${detail}`);
    this.name = 'MarketDataError';
    this.code = code;
  }
}

/** The most codes one subscription may hold. */
export const MAX_SUBSCRIPTION_CODES = 50;

export interface MarketDataProvider {
  instruments(): readonly Instrument[];
  instrument(code: string): Instrument | undefined;
  /** By code, name (jp, en, tw) or kana reading, best first. */
  search(query: string, limit?: number): Instrument[];
  /** @throws MarketDataError('unknown-instrument') */
  quote(code: string): Quote;
  /** Best five bids and asks. @throws MarketDataError('unknown-instrument') */
  depth(code: string): Depth;
  /** The simulated Nikkei 225 or TOPIX at the clock. */
  indexQuote(code: IndexCode): IndexQuote;
  /** The day's most recent trades (the tape), oldest first. @throws MarketDataError('unknown-instrument') */
  trades(code: string, limit?: number): Trade[];
  /** @throws MarketDataError for an unknown code, interval, adjustment or a limit outside 1…MAX_KLINE_LIMIT */
  klines(code: string, interval: KLineInterval, adjust: Adjustment, limit?: number): KLineBar[];
  /**
   * Quote and depth updates for `codes` whenever they change; returns the unsubscribe.
   * @throws MarketDataError('unknown-instrument' | 'too-many-codes')
   */
  subscribe(codes: readonly string[], listener: (update: MarketUpdate) => void): () => void;
}

/** How the trading module enters and cancels customer orders; fills arrive by listener. */
export interface OrderEntry {
  /** `at`: the time of a logged input being replayed (cluster/venue-input-log.ts); default now. */
  submitOrder(req: OrderRequest, at?: Date): SubmitResult;
  cancelOrder(orderId: string, ownerId: string, at?: Date): CancelResult;
  onFill(listener: (fill: Fill) => void): () => void;
  onExpired(listener: (order: ExpiredOrder) => void): () => void;
  onTrade(listener: (trade: Trade) => void): () => void;
  /** Is the order still open in today's book (false once filled, cancelled, expired, or its day ended)? */
  isOpenOrder(orderId: string): boolean;
}

/** A company that lists on the venue during the run (an IPO's listing day, docs/ipo.md). */
export interface NewListing {
  code: string;
  name: { jp: string; en: string; tw: string };
  /** The public offering price in whole yen: the first day's base price. */
  offerPriceYen: number;
  /** First trading day (JST business day). */
  listedOn: DateKey;
}

/**
 * Quotes of the instruments another venue partition holds (cluster/partition-quotes.ts): that
 * partition's book has its customers' orders in it, this one's would not.
 */
export interface OtherPartitionsQuotes {
  owns(code: string): boolean;
  /** The holding partition's latest quote, if one has arrived. */
  latest(code: string): Quote | undefined;
}

export interface SimulatedMarketOptions {
  /** The app's business clock (stepped demo clock or the real JST calendar); tests pass fixedClock. */
  clock: Clock;
  seed: string;
  universe?: Universe;
  eventRate?: number;
}

interface Subscription {
  codes: ReadonlySet<string>;
  listener: (update: MarketUpdate) => void;
}

export class SimulatedMarket implements MarketDataProvider, OrderEntry {
  readonly simulator: MarketSimulator;
  private readonly universe: Universe;
  private readonly clock: Clock;
  private readonly subscriptions = new Set<Subscription>();
  /** Last update sent per code and kind, to send only changes. */
  private readonly lastSent = new Map<string, string>();
  /** Codes of announced IPOs that have not listed yet: orders on them are refused as not yet listed. */
  private readonly upcoming = new Set<string>();

  private otherPartitions: OtherPartitionsQuotes | null = null;

  /** A cluster's venue partition: quotes of the others' instruments come from them. */
  quoteOthersFrom(source: OtherPartitionsQuotes): void {
    this.otherPartitions = source;
  }

  /** Does this process's venue hold the instrument's book (true unless a cluster partitions them)? */
  holds(code: string): boolean {
    return this.otherPartitions?.owns(code) ?? true;
  }

  constructor(opts: SimulatedMarketOptions) {
    this.universe = opts.universe ?? createUniverse();
    this.clock = opts.clock;
    this.simulator = new MarketSimulator({
      universe: this.universe,
      seed: opts.seed,
      clock: opts.clock,
      ...(opts.eventRate === undefined ? {} : { eventRate: opts.eventRate }),
    });
  }

  instruments(): readonly Instrument[] {
    return this.universe.instruments;
  }

  instrument(code: string): Instrument | undefined {
    return this.universe.byCode(code);
  }

  search(query: string, limit?: number): Instrument[] {
    return this.universe.search(query, limit);
  }

  /**
   * A new listing joins the universe and, from its listing day, the venue: its path starts
   * at the offer price (the first base price), the opening Itayose sets its first price, and
   * it is not loan-eligible (cannot be sold short: the exchange selects 貸借 stocks later).
   * Listing the same code again changes nothing (the server re-lists IPOs at every start).
   */
  /** An IPO's code is known before it lists (its orders are refused with notYetListed, not as unknown). */
  announceListing(code: string): void {
    if (!this.universe.byCode(code)) this.upcoming.add(code);
  }

  isUpcomingListing(code: string): boolean {
    return this.upcoming.has(code) && !this.universe.byCode(code);
  }

  addListing(listing: NewListing): Instrument {
    const known = this.universe.byCode(listing.code);
    if (known) return known;
    // A listing joins today's venue at the latest: the venue has no book for a later day.
    const today = MarketSimulator.tradingDateAt(this.clock.now());
    const listedOn = listing.listedOn > today ? today : listing.listedOn;
    this.universe.add({
      code: listing.code,
      kind: 'stock',
      name: listing.name,
      reading: 'シンキジョウジョウ',
      sector: 'newListing',
      sectorName: { jp: '新規上場', en: 'New listing', tw: '新上市' },
      industryPe: null,
      pe: null,
      topix500: false,
      nikkei225: false,
      loanEligible: false,
      tickTable: '01',
      lot: 100,
      referencePrice: listing.offerPriceYen * 10,
      referenceDate: previousBusinessDay(listedOn),
      marketBeta: 1,
      listedOn,
    });
    this.upcoming.delete(listing.code);
    this.simulator.listed(listing.code);
    return this.known(listing.code);
  }

  quote(code: string): Quote {
    const instrument = this.known(code);
    if (this.otherPartitions && !this.otherPartitions.owns(code)) {
      // Until the first one arrives (a partition starting), the seeded path without its customers' orders.
      const theirs = this.otherPartitions.latest(code);
      if (theirs) return theirs;
    }
    const now = this.clock.now();
    const stats = this.simulator.stats(code);
    const snap = this.simulator.snapshot(code, 1);
    const price = stats.last ?? stats.previousClose;
    const change = stats.last === null ? null : stats.last - stats.previousClose;
    return {
      code,
      name: instrument.name,
      kind: instrument.kind,
      simulated: true,
      tradingDate: stats.tradingDate,
      phase: phaseAt(now),
      last: stats.last,
      open: stats.open,
      high: stats.high,
      low: stats.low,
      previousClose: stats.previousClose,
      change,
      changePercent: change === null ? null : Math.round((change / stats.previousClose) * 10_000) / 100,
      volume: stats.volume,
      turnover: stats.turnover,
      pe: this.peAt(instrument, price),
      industryPe: instrument.industryPe,
      upperLimit: stats.upperLimit,
      lowerLimit: stats.lowerLimit,
      bestBid: snap.bids[0]?.price ?? null,
      bestAsk: snap.asks[0]?.price ?? null,
      specialQuote: snap.specialQuote,
      lot: instrument.lot,
      at: now.getTime(),
    };
  }

  depth(code: string): Depth {
    this.known(code);
    const snap = this.simulator.snapshot(code, 5);
    return { ...snap, simulated: true, phase: phaseAt(this.clock.now()) };
  }

  /** Nikkei 225 / TOPIX computed from the simulated constituents, at the clock (indices/market-index.ts). */
  indexQuote(code: IndexCode): IndexQuote {
    const now = this.clock.now();
    const date = MarketSimulator.tradingDateAt(now);
    // Before today's session (or on a holiday) the trading date is an earlier day: show its close.
    const second = date === jstDateKey(now) ? jstSecondOfDay(now) : SESSION_TIMES.close;
    return this.simulator.indices[code].quote(date, second, now.getTime());
  }

  trades(code: string, limit = 50): Trade[] {
    this.known(code);
    return this.simulator.tape(code, limit);
  }

  klines(code: string, interval: KLineInterval, adjust: Adjustment, limit = DEFAULT_KLINE_LIMIT): KLineBar[] {
    this.known(code);
    if (!isKLineInterval(interval)) throw new MarketDataError('bad-interval', String(interval));
    if (!isAdjustment(adjust)) throw new MarketDataError('bad-adjustment', String(adjust));
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_KLINE_LIMIT) throw new MarketDataError('bad-limit', String(limit));
    const stats = this.simulator.stats(code);
    const todayMinutes = this.simulator.todayMinuteBars(code);
    return buildKLines(
      {
        path: this.simulator.path(code),
        today: stats.tradingDate,
        todayMinutes,
        stats,
        todayStart: atJst(stats.tradingDate, 0).getTime(),
      },
      interval,
      adjust,
      limit,
    );
  }

  subscribe(codes: readonly string[], listener: (update: MarketUpdate) => void): () => void {
    if (codes.length > MAX_SUBSCRIPTION_CODES) throw new MarketDataError('too-many-codes', `${codes.length} > ${MAX_SUBSCRIPTION_CODES}`);
    for (const c of codes) this.known(c);
    const sub: Subscription = { codes: new Set(codes), listener };
    this.subscriptions.add(sub);
    return () => {
      this.subscriptions.delete(sub);
    };
  }

  /**
   * Bring subscribed instruments up to the clock and send what changed. The WS layer calls
   * this on a timer; nothing in the market runs by itself.
   */
  pump(): number {
    const codes = new Set<string>();
    for (const s of this.subscriptions) for (const c of s.codes) codes.add(c);
    let sent = 0;
    for (const code of codes) {
      const quote = this.quote(code);
      const depth = this.depth(code);
      for (const update of [
        { type: 'quote', quote },
        { type: 'depth', depth },
      ] as MarketUpdate[]) {
        const key = `${update.type}:${code}`;
        const body = JSON.stringify(update.type === 'quote' ? { ...update.quote, at: 0 } : { ...update.depth, at: 0 });
        if (this.lastSent.get(key) === body) continue;
        this.lastSent.set(key, body);
        for (const s of this.subscriptions) {
          if (s.codes.has(code)) {
            s.listener(update);
            sent++;
          }
        }
      }
    }
    return sent;
  }

  // ---- OrderEntry ----------------------------------------------------------------------

  submitOrder(req: OrderRequest, at?: Date): SubmitResult {
    return this.simulator.submitOrder(req, at);
  }

  cancelOrder(orderId: string, ownerId: string, at?: Date): CancelResult {
    return this.simulator.cancelOrder(orderId, ownerId, at);
  }

  restartDay(): void {
    this.simulator.restartDay();
  }

  onFill(listener: (fill: Fill) => void): () => void {
    return this.simulator.listen({ fill: listener });
  }

  onExpired(listener: (order: ExpiredOrder) => void): () => void {
    return this.simulator.listen({ expired: listener });
  }

  onTrade(listener: (trade: Trade) => void): () => void {
    return this.simulator.listen({ trade: listener });
  }

  /** Is the order still open in today's book (false once filled, cancelled, expired, or its day ended)? */
  isOpenOrder(orderId: string): boolean {
    return this.simulator.isOpenOrder(orderId);
  }

  /** The tick table `code` trades on today (TOPIX500 vs other, §2.2). @throws MarketDataError('unknown-instrument') */
  tickTable(code: string): ResolvedTickTable {
    this.known(code);
    return this.simulator.path(code).tickTableOn(this.simulator.tradingDate());
  }

  // ---- helpers ---------------------------------------------------------------------------

  private known(code: string): Instrument {
    const i = this.universe.byCode(code);
    if (!i) throw new MarketDataError('unknown-instrument', code);
    return i;
  }

  /**
   * P/E at `price`: earnings per share are fixed at the reference date (reference price / P/E),
   * in today's share terms (splits since then divide them).
   */
  private peAt(instrument: Instrument, price: Tenths): number | null {
    if (instrument.pe === null) return null;
    let eps = instrument.referencePrice / instrument.pe;
    const today = this.simulator.tradingDate();
    for (const a of this.universe.actionsFor(instrument.code)) {
      if (a.kind === 'split' && a.exDate > instrument.referenceDate && a.exDate <= today) eps /= a.ratio;
    }
    return Math.round((price / eps) * 100) / 100;
  }
}
