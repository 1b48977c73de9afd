// The simulated PTS ("simulated PTS" wherever it shows): a second venue beside the simulated
// TSE, modelled on a Japannext night session (pts/session.ts). It reuses the TSE's book
// (venue/instrument-book.ts: price-time matching, ticks, limits) with its own books, tape and
// participants, and answers the same order-entry interface, so the trading module routes a
// customer's order here by the session the customer picked. Rules that differ from the TSE:
// limit orders only; no Itayose (the book is continuous from 16:30 to 06:00 and every open
// order expires at 06:00); price limits from the primary market's base price for its next
// day (the close of the day the session opens on); lots never smaller (ptsLot). PTS margin
// orders are refused by the trading module outside TSE hours (venue-router.ts).
import type { Clock } from '../../../clock';
import type { Tenths } from '../price';
import { nextBusinessDay, addDays, businessDayOnOrBefore, jstDateKey } from '../rules/calendar';
import { jstSecondOfDay } from '../../../clock';
import type { ResolvedTickTable } from '@kabuto/shared-sdk/market-rules';
import { InstrumentBook } from '../venue/instrument-book';
import type { VenueListeners } from '../venue/trading-day';
import {
  SIMULATED_OWNER_PREFIX,
  type BookSnapshot,
  type CancelResult,
  type ExpiredOrder,
  type Fill,
  type OrderRequest,
  type SessionStats,
  type SubmitResult,
  type Trade,
} from '../venue/types';
import { MarketDataError, type OrderEntry, type SimulatedMarket } from '../provider';
import type { Instrument } from '../universe/schema';
import { PtsFlow, PTS_EVENT_RATE } from './participants';
import { PTS_NIGHT_TIMES, currentOrNextPtsSession, ptsLot, ptsSessionOf, type PtsSession } from './session';

/** Venue order and trade ids of the PTS carry this in their session tag: `${code}-pts${date}-${n}`. */
export const PTS_ID_MARK = '-pts';

export const isPtsOrderId = (id: string): boolean => id.includes(PTS_ID_MARK);

export interface PtsSessionState {
  venue: 'pts';
  simulated: true;
  /** Is the night session open now? */
  open: boolean;
  /** The session open now, else the next one. */
  session: PtsSession;
  /** Hours as JST wall times. */
  hours: { open: string; close: string };
}

export interface PtsQuote extends Omit<SessionStats, 'tradingDate'> {
  venue: 'pts';
  simulated: true;
  name: Instrument['name'];
  /** The session these figures belong to (the open one, else the last one that closed). */
  sessionDate: string;
  /** Is the night session open now? */
  sessionOpen: boolean;
  lot: number;
  tickTable: ResolvedTickTable;
  bestBid: Tenths | null;
  bestAsk: Tenths | null;
  at: number;
}

export interface PtsDepth extends BookSnapshot {
  venue: 'pts';
  simulated: true;
  sessionDate: string;
  open: boolean;
}

interface PtsBook {
  book: InstrumentBook;
  flow: PtsFlow;
  opened: boolean;
  closed: boolean;
}

interface LiveSession {
  session: PtsSession;
  tag: string;
  books: Map<string, PtsBook>;
  /** Customer (ownerId, clientOrderId) pairs entered this session: a retry never enters twice. */
  clientIds: Set<string>;
  lastNow: number;
}

export interface PtsVenueOptions {
  /** The primary market: instruments, base prices and tick tables come from it. */
  primary: SimulatedMarket;
  clock: Clock;
  seed: string;
  /** Participant events per second (default PTS_EVENT_RATE). */
  eventRate?: number;
}

export class PtsVenue implements OrderEntry {
  private readonly primary: SimulatedMarket;
  private readonly clock: Clock;
  private readonly seed: string;
  private readonly eventRate: number;
  private live: LiveSession | null = null;
  private sessions = 0;
  private listeners: readonly VenueListeners[] = [];

  constructor(opts: PtsVenueOptions) {
    this.primary = opts.primary;
    this.clock = opts.clock;
    this.seed = opts.seed;
    this.eventRate = opts.eventRate ?? PTS_EVENT_RATE;
  }

  state(now: Date = this.clock.now()): PtsSessionState {
    const { open, session } = currentOrNextPtsSession(now);
    return { venue: 'pts', simulated: true, open, session, hours: { open: hhmm(PTS_NIGHT_TIMES.open), close: hhmm(PTS_NIGHT_TIMES.close) } };
  }

  // ---- order entry -----------------------------------------------------------------------

  /** `at`: a logged input's time (a replay, cluster/venue-input-log.ts); default the clock. */
  submitOrder(req: OrderRequest, at?: Date): SubmitResult {
    if (req.ownerId.startsWith(SIMULATED_OWNER_PREFIX)) return { status: 'rejected', reason: 'reserved-owner' };
    if (!this.primary.instrument(req.code)) return { status: 'rejected', reason: 'unknown-instrument' };
    const now = at ?? this.clock.now();
    const { open, session } = currentOrNextPtsSession(now);
    if (!open) return { status: 'rejected', reason: 'market-closed' };
    if (req.type !== 'limit') return { status: 'rejected', reason: 'limit-orders-only' };
    const live = this.liveFor(session, now.getTime());
    const pb = this.bookIn(live, req.code);
    this.advanceBook(live, pb, now.getTime());
    const key = `${req.ownerId}\u0000${req.clientOrderId}`;
    if (live.clientIds.has(key)) return { status: 'rejected', reason: 'duplicate-client-order-id' };
    const reason = pb.book.check(req);
    if (reason) return { status: 'rejected', reason };
    live.clientIds.add(key);
    return { status: 'accepted', orderId: pb.book.enter(req, now.getTime()) };
  }

  cancelOrder(orderId: string, ownerId: string, at?: Date): CancelResult {
    const now = at ?? this.clock.now();
    const pb = this.liveBookOfOrder(orderId, now);
    if (!pb || !this.live) return { status: 'rejected', reason: 'not-open' };
    this.advanceBook(this.live, pb, now.getTime());
    if (pb.book.getMode() !== 'continuous') return { status: 'rejected', reason: 'market-closed' };
    const order = pb.book.openOrder(orderId);
    if (!order) return { status: 'rejected', reason: 'not-open' };
    if (order.ownerId !== ownerId) return { status: 'rejected', reason: 'not-owner' };
    const result = pb.book.cancelOpen(order, now.getTime());
    if (result === 'not-open') return { status: 'rejected', reason: 'not-open' };
    return { status: 'cancelled', orderId, cancelledQuantity: result.cancelled };
  }

  /** Drops tonight's books, as MarketSimulator.restartDay does the TSE's (a venue rebuilt from its input log). */
  restartDay(): void {
    this.live = null;
    this.sessions = 0;
  }

  isOpenOrder(orderId: string): boolean {
    const now = this.clock.now();
    const pb = this.liveBookOfOrder(orderId, now);
    if (!pb || !this.live) return false;
    this.advanceBook(this.live, pb, now.getTime());
    return pb.book.openOrder(orderId) !== undefined;
  }

  onFill(listener: (fill: Fill) => void): () => void {
    return this.listen({ fill: listener });
  }

  onExpired(listener: (order: ExpiredOrder) => void): () => void {
    return this.listen({ expired: listener });
  }

  onTrade(listener: (trade: Trade) => void): () => void {
    return this.listen({ trade: listener });
  }

  listen(listeners: VenueListeners): () => void {
    this.listeners = [...this.listeners, listeners];
    return () => {
      this.listeners = this.listeners.filter((l) => l !== listeners);
    };
  }

  // ---- market data ---------------------------------------------------------------------

  /** The PTS figures of `code`: tonight's session while open, else the last night's. */
  quote(code: string): PtsQuote {
    const instrument = this.known(code);
    const now = this.clock.now();
    const { live, pb, open } = this.shownBook(code, now);
    const stats = pb.book.stats();
    return {
      ...stats,
      venue: 'pts',
      simulated: true,
      name: instrument.name,
      sessionDate: live.session.date,
      sessionOpen: open,
      lot: pb.book.lot,
      tickTable: pb.book.tickTable,
      bestBid: pb.book.bestBid() ?? null,
      bestAsk: pb.book.bestAsk() ?? null,
      at: now.getTime(),
    };
  }

  depth(code: string, levels = 5): PtsDepth {
    this.known(code);
    const now = this.clock.now();
    const { live, pb, open } = this.shownBook(code, now);
    return { ...pb.book.snapshot(now.getTime(), levels), venue: 'pts', simulated: true, sessionDate: live.session.date, open };
  }

  trades(code: string, limit = 50): Trade[] {
    this.known(code);
    return this.shownBook(code, this.clock.now()).pb.book.tape(limit);
  }

  // ---- internals -------------------------------------------------------------------------

  private known(code: string): Instrument {
    const i = this.primary.instrument(code);
    if (!i) throw new MarketDataError('unknown-instrument', code);
    return i;
  }

  /** The open session's book, or the last closed session's (brought to its close). */
  private shownBook(code: string, now: Date): { live: LiveSession; pb: PtsBook; open: boolean } {
    const state = currentOrNextPtsSession(now);
    const session = state.open ? state.session : ptsSessionOf(lastClosedSessionDate(now));
    const t = now.getTime();
    const live = this.liveFor(session, state.open ? t : Math.max(t, session.closesAt));
    const pb = this.bookIn(live, code);
    this.advanceBook(live, pb, state.open ? t : session.closesAt);
    return { live, pb, open: state.open };
  }

  /** The live session object for `session`, starting a fresh one for another night or a clock that went back. */
  private liveFor(session: PtsSession, now: number): LiveSession {
    const l = this.live;
    if (l && l.session.date === session.date && now >= l.lastNow) {
      l.lastNow = now;
      return l;
    }
    this.sessions += 1;
    const tag = `pts${session.date.replace(/-/g, '')}${this.sessions > 1 ? `r${this.sessions}` : ''}`;
    this.live = { session, tag, books: new Map(), clientIds: new Set(), lastNow: now };
    return this.live;
  }

  private liveBookOfOrder(orderId: string, now: Date): PtsBook | undefined {
    if (!isPtsOrderId(orderId)) return undefined;
    const { open, session } = currentOrNextPtsSession(now);
    const l = this.live;
    // Another night's order: its session ended, so it is no longer open.
    if (!l || !orderId.includes(`-${l.tag}-`)) return undefined;
    if (open && session.date !== l.session.date) return undefined;
    return l.books.get(orderId.slice(0, orderId.indexOf('-')));
  }

  private bookIn(live: LiveSession, code: string): PtsBook {
    let pb = live.books.get(code);
    if (pb) return pb;
    const instrument = this.known(code);
    const path = this.primary.simulator.path(code);
    // The primary market's base price for its next day: the close of the day this night follows.
    const next = nextBusinessDay(live.session.date);
    const tickTable = path.tickTableOn(next);
    const book = new InstrumentBook({
      code,
      tradingDate: live.session.date,
      basePrice: path.basePrice(next),
      tickTable,
      lot: ptsLot(instrument.lot),
      sessionTag: live.tag,
      events: {
        trade: (t) => this.listeners.forEach((l) => l.trade?.(t)),
        fill: (f) => this.listeners.forEach((l) => l.fill?.(f)),
        expired: (o, c) => {
          const e: ExpiredOrder = {
            orderId: o.id,
            clientOrderId: o.clientOrderId,
            ownerId: o.ownerId,
            code: c,
            side: o.side,
            remaining: o.remaining,
            at: live.session.closesAt,
          };
          this.listeners.forEach((l) => l.expired?.(e));
        },
      },
    });
    const flow = new PtsFlow({
      seed: this.seed,
      code,
      sessionTag: live.tag,
      book,
      tickTable,
      lot: book.lot,
      opensAt: live.session.opensAt,
      closesAt: live.session.closesAt,
      eventRate: this.eventRate,
      submit: (req, at) => {
        const reason = book.check(req);
        return reason ? null : book.enter(req, at);
      },
      cancel: (id, _owner, at) => {
        book.cancel(id, at);
      },
    });
    pb = { book, flow, opened: false, closed: false };
    live.books.set(code, pb);
    return pb;
  }

  /** Bring a book to `to`: the open, participant events and special-quote timers in time order, then the close. */
  private advanceBook(live: LiveSession, pb: PtsBook, to: number): void {
    const { opensAt, closesAt } = live.session;
    if (to < opensAt) return;
    if (!pb.opened) {
      pb.book.setMode('continuous');
      pb.opened = true;
    }
    const until = Math.min(to, closesAt);
    for (;;) {
      const event = pb.flow.nextEventAt();
      const timer = pb.book.nextTimerAt();
      const next = Math.min(event, timer ?? Number.POSITIVE_INFINITY);
      if (next > until || next >= closesAt) break;
      if (timer !== null && timer <= event) pb.book.onTimer(timer);
      else pb.flow.step();
    }
    if (to >= closesAt && !pb.closed) {
      // Every open order expires at 06:00 (day orders); a book crossed under a special quote matches first.
      pb.book.runAuction('close', closesAt);
      pb.closed = true;
    }
  }
}

/** The TSE date of the last night session that has closed at `now`. */
function lastClosedSessionDate(now: Date): string {
  const today = jstDateKey(now);
  const back = jstSecondOfDay(now) < PTS_NIGHT_TIMES.close ? -2 : -1;
  return businessDayOnOrBefore(addDays(today, back));
}

function hhmm(second: number): string {
  return `${String(Math.floor(second / 3600)).padStart(2, '0')}:${String(Math.floor((second % 3600) / 60)).padStart(2, '0')}`;
}
