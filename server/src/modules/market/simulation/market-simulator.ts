// Runs the simulated TSE: one TradingDay at a time with a ParticipantFlow per instrument,
// driven by the injected clock. Instruments advance lazily and independently (a quote or an
// order for one code brings only that code up to "now"), which keeps replay exact and start-
// up cheap. The trading date is the latest business day whose pre-open has begun; when the
// clock moves to another date, or backwards (the demo clock replaying its day), a fresh day
// starts from the seeded path.
import type { Clock } from '../../../clock';
import { jstSecondOfDay } from '../../../clock';
import { SESSION_TIMES, businessDayOnOrBefore, isBusinessDay, jstDateKey, previousBusinessDay, type DateKey } from '../rules/calendar';
import type { Universe } from '../universe/universe';
import type { CorporateAction, Instrument } from '../universe/schema';
import { TradingDay, type DayInstrument, type VenueListeners } from '../venue/trading-day';
import { newListingLimits } from '@kabuto/shared-sdk/market-rules';
import type { InstrumentBook } from '../venue/instrument-book';
import type { ItayoseResult } from '../venue/itayose';
import type { AuctionResult, BookSnapshot, CancelResult, OrderRequest, SessionStats, SubmitResult, Trade } from '../venue/types';
import { MinuteBarBuilder } from '../klines/minute-bars';
import { DEFAULT_EVENT_RATE } from './activity';
import { ParticipantFlow } from './participants';
import { PricePath, type PriceBar, type Tracking } from './price-path';
import { ETF_TRACKING, INDEX_DEFINITIONS, MarketIndex } from '../indices/market-index';
import type { IndexCode } from '@kabuto/shared-sdk/schemas';

export interface MarketSimulatorOptions {
  universe: Universe;
  /** Names the random streams: the same seed replays the same days. */
  seed: string;
  clock: Clock;
  /** Participant events per second at midday activity (default DEFAULT_EVENT_RATE). */
  eventRate?: number;
  /** First day of generated history (default 2022-07-01, three years before the reference date). */
  historyStart?: DateKey;
}

interface Session {
  date: DateKey;
  tag: string;
  day: TradingDay;
  flows: Map<string, ParticipantFlow>;
  minutes: Map<string, MinuteBarBuilder>;
  /** Latest clock time seen, to notice a clock that went back. */
  lastNow: number;
}

export const DEFAULT_HISTORY_START = '2022-07-01';

export class MarketSimulator {
  readonly universe: Universe;
  readonly seed: string;
  readonly clock: Clock;
  private readonly eventRate: number;
  private readonly historyStart: DateKey;
  private readonly paths = new Map<string, PricePath>();
  /** Published schedules (corporate-actions) replacing the data file's actions of an issue. */
  private readonly scheduledActions = new Map<string, readonly CorporateAction[]>();
  /** Operator price shocks per issue, replayed on a path made again (a published schedule rebuilds it). */
  private readonly shocks = new Map<string, { date: DateKey; factor: number }[]>();
  /** Nikkei 225 and TOPIX over this universe's simulated stocks (indices/market-index.ts). */
  readonly indices: Readonly<Record<IndexCode, MarketIndex>>;
  private readonly listeners = new Set<VenueListeners>();
  private session: Session | null = null;
  private sessionCount = 0;

  constructor(opts: MarketSimulatorOptions) {
    this.universe = opts.universe;
    this.seed = opts.seed;
    this.clock = opts.clock;
    this.eventRate = opts.eventRate ?? DEFAULT_EVENT_RATE;
    this.historyStart = opts.historyStart ?? DEFAULT_HISTORY_START;
    const baseDate = businessDayOnOrBefore(this.universe.referenceDate);
    const stocks = (nikkeiOnly: boolean) => () =>
      // New listings stay out of the indices (TOPIX would add them only at month end).
      this.universe.instruments.filter((i) => i.kind === 'stock' && !i.listedOn && (!nikkeiOnly || i.nikkei225)).map((i) => this.path(i.code));
    const common = { baseDate, seed: this.seed, liveDate: () => MarketSimulator.tradingDateAt(this.clock.now()) };
    this.indices = {
      N225: new MarketIndex({ ...common, definition: INDEX_DEFINITIONS.N225, constituents: stocks(true) }),
      TOPIX: new MarketIndex({ ...common, definition: INDEX_DEFINITIONS.TOPIX, constituents: stocks(false) }),
    };
  }

  /** The trading date shown at `now`: today once its 08:00 pre-open began, else the previous business day. */
  static tradingDateAt(now: Date): DateKey {
    const today = jstDateKey(now);
    if (isBusinessDay(today) && jstSecondOfDay(now) >= SESSION_TIMES.preOpen) return today;
    return isBusinessDay(today) ? previousBusinessDay(today) : businessDayOnOrBefore(today);
  }

  /** Listen to every trade, fill and expiry of every day from now on. */
  listen(listeners: VenueListeners): () => void {
    this.listeners.add(listeners);
    return () => this.listeners.delete(listeners);
  }

  /** The seeded price path of an instrument (history and fair value). */
  path(code: string): PricePath {
    let p = this.paths.get(code);
    if (!p) {
      const instrument = this.instrumentOrThrow(code);
      p = new PricePath({
        seed: this.seed,
        instrument,
        ...this.trackingOf(code),
        actions: this.actionsFor(code),
        // A new listing's path starts the day before its listing (closing at the offer price, its first base price).
        historyStart: instrument.listedOn ? previousBusinessDay(instrument.listedOn) : this.historyStart,
        eventRate: this.eventRate,
      });
      for (const s of this.shocks.get(code) ?? []) p.shock(s.date, s.factor);
      this.paths.set(code, p);
    }
    return p;
  }

  /** A simulated operator price shock (PricePath.shock), kept for the issue's path from now on. */
  shock(code: string, date: DateKey, factor: number): void {
    this.path(code).shock(date, factor);
    this.shocks.set(code, [...(this.shocks.get(code) ?? []), { date, factor }]);
  }

  /** The corporate actions the issue's price path follows: the published schedule, else the data file's. */
  actionsFor(code: string): readonly CorporateAction[] {
    return this.scheduledActions.get(code) ?? this.universe.actionsFor(code);
  }

  /**
   * Publish an issue's corporate actions (dividends' ex-dates and amounts, splits): the price path
   * is made again from them, so the next day's base price is the cum close less the dividend (or
   * divided by the split ratio). Days already traded keep their books; the path's history is
   * adjusted as any back-adjusted series is.
   */
  setScheduledActions(code: string, actions: readonly CorporateAction[]): void {
    const sorted = [...actions].sort((a, b) => a.exDate.localeCompare(b.exDate));
    // The sweep publishes every issue whenever the schedule grows: an unchanged one keeps its path.
    const current = this.scheduledActions.get(code);
    if (current && JSON.stringify(current) === JSON.stringify(sorted)) return;
    this.scheduledActions.set(code, sorted);
    this.paths.delete(code);
  }

  /** Bring one instrument up to the clock (or `now`). */
  advance(code: string, now: Date = this.clock.now()): void {
    const s = this.sessionAt(now);
    this.flowFor(s, code).advanceTo(now.getTime());
  }

  /**
   * A new listing (already in the universe, `listedOn` set) joins today's venue when today is
   * its listing day or later; otherwise the day it lists starts with it.
   */
  listed(code: string): void {
    const instrument = this.instrumentOrThrow(code);
    const s = this.session;
    if (!s || !instrument.listedOn || instrument.listedOn > s.date) return;
    s.day.addInstrument(this.dayInstrument(instrument, s.date));
  }

  /** An instrument's book settings for `date`: base price, tick table, and a new listing's first-day limits. */
  private dayInstrument(instrument: Instrument, date: DateKey): DayInstrument {
    const p = this.path(instrument.code);
    const basePrice = p.basePrice(date);
    const tickTable = p.tickTableOn(date);
    const firstDay = instrument.listedOn === date ? { limits: newListingLimits(basePrice, tickTable) } : {};
    return { code: instrument.code, basePrice, tickTable, lot: instrument.lot, ...firstDay };
  }

  /** Bring every instrument up to the clock. */
  advanceAll(now: Date = this.clock.now()): void {
    for (const i of this.universe.instruments) this.advance(i.code, now);
  }

  tradingDate(now: Date = this.clock.now()): DateKey {
    return this.sessionAt(now).date;
  }

  /**
   * Customer order entry: the order rests in the same book as the simulated participants'
   * and matches by the same rules. Fills arrive through `listen`. `at`: a logged input's time
   * (a replay); default the clock.
   */
  submitOrder(req: OrderRequest, at?: Date): SubmitResult {
    if (!this.universe.byCode(req.code)) return { status: 'rejected', reason: 'unknown-instrument' };
    const now = at ?? this.clock.now();
    this.advance(req.code, now);
    return (this.session as Session).day.submitOrder(req, now.getTime());
  }

  /** `at`: a logged input's time (a replay, cluster/venue-input-log.ts); default the clock. */
  cancelOrder(orderId: string, ownerId: string, at?: Date): CancelResult {
    const now = at ?? this.clock.now();
    const code = orderId.split('-')[0] ?? '';
    if (!this.universe.byCode(code)) return { status: 'rejected', reason: 'not-open' };
    this.advance(code, now);
    return (this.session as Session).day.cancelOrder(orderId, ownerId, now.getTime());
  }

  /** Is a customer order still open in the current session's book? (false for another session's ids) */
  isOpenOrder(orderId: string): boolean {
    const code = orderId.split('-')[0] ?? '';
    if (!this.universe.byCode(code)) return false;
    this.advance(code);
    return this.bookOf(code).openOrder(orderId) !== undefined;
  }

  stats(code: string): SessionStats {
    this.advance(code);
    return this.bookOf(code).stats();
  }

  snapshot(code: string, levels = 5): BookSnapshot {
    const now = this.clock.now();
    this.advance(code, now);
    return this.bookOf(code).snapshot(now.getTime(), levels);
  }

  /** The Itayose the book of `code` would run now (indicative price and volume), or null. */
  indicative(code: string): ItayoseResult | null {
    this.advance(code);
    return this.bookOf(code).indicative();
  }

  /** Today's Itayose moments of `code` so far and what they did. */
  auctionResults(code: string): readonly AuctionResult[] {
    this.advance(code);
    return this.bookOf(code).auctionResults();
  }

  /** Recent trades of the day, oldest first. */
  tape(code: string, limit?: number): Trade[] {
    this.advance(code);
    return this.bookOf(code).tape(limit);
  }

  /** Today's minute bars from the venue's trades, up to now. */
  todayMinuteBars(code: string): PriceBar[] {
    const now = this.clock.now();
    this.advance(code, now);
    const s = this.session as Session;
    return s.minutes.get(code)?.barsUntil(now.getTime()) ?? [];
  }

  /**
   * Drops today's books: the next call starts the day again from the seeded path, with the
   * session tag a fresh process gives it (so order and trade ids come out as that process's did).
   * A venue rebuilt from its input log calls this first: whatever moved the books while the app
   * was being built is forgotten, and the replay brings them to each input's time.
   */
  restartDay(): void {
    this.session = null;
    this.sessionCount = 0;
  }

  // ---- internals -----------------------------------------------------------------------

  /** An index ETF follows its index when the universe holds the index's constituents (small test universes may not). */
  private trackingOf(code: string): { tracking?: Tracking } {
    const t = ETF_TRACKING[code];
    if (!t) return {};
    const index = this.indices[t.index];
    return index.size() > 0 ? { tracking: { index, multiple: t.multiple } } : {};
  }

  private instrumentOrThrow(code: string): Instrument {
    const i = this.universe.byCode(code);
    if (!i) throw new Error(`unknown instrument ${code}`);
    return i;
  }

  /** The current session's book of a known code (callers advance first, which starts a session). */
  private bookOf(code: string): InstrumentBook {
    const book = this.session?.day.book(code);
    if (!book) throw new Error(`no book for ${code}`);
    return book;
  }

  private sessionAt(now: Date): Session {
    const date = MarketSimulator.tradingDateAt(now);
    const t = now.getTime();
    const s = this.session;
    if (s && s.date === date && t >= s.lastNow) {
      s.lastNow = t;
      return s;
    }
    this.session = this.startSession(date, t);
    return this.session;
  }

  private startSession(date: DateKey, now: number): Session {
    this.sessionCount += 1;
    const tag = `${date.replace(/-/g, '')}${this.sessionCount > 1 ? `r${this.sessionCount}` : ''}`;
    const instruments = this.universe.instruments.filter((i) => !i.listedOn || i.listedOn <= date).map((i) => this.dayInstrument(i, date));
    const day = new TradingDay(date, instruments, tag);
    const minutes = new Map<string, MinuteBarBuilder>();
    day.listen({
      trade: (tr) => {
        let b = minutes.get(tr.code);
        if (!b) {
          b = new MinuteBarBuilder(date);
          minutes.set(tr.code, b);
        }
        b.add(tr);
        this.listeners.forEach((l) => l.trade?.(tr));
      },
      fill: (f) => this.listeners.forEach((l) => l.fill?.(f)),
      expired: (e) => this.listeners.forEach((l) => l.expired?.(e)),
    });
    return { date, tag, day, flows: new Map(), minutes, lastNow: now };
  }

  private flowFor(s: Session, code: string): ParticipantFlow {
    let flow = s.flows.get(code);
    if (!flow) {
      const instrument = this.instrumentOrThrow(code);
      const path = this.path(code);
      const date = s.date;
      flow = new ParticipantFlow({
        seed: this.seed,
        code,
        date,
        day: s.day,
        lot: instrument.lot,
        tickTable: path.tickTableOn(date),
        fairValue: (second) => path.fairValue(date, second),
        eventRate: this.eventRate,
      });
      s.flows.set(code, flow);
    }
    return flow;
  }
}
