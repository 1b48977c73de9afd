// The venue for one trading day: a book per instrument, the session schedule of §2.1
// applied to each, order entry with validation and reason codes, and listeners for trades,
// fills and expiries. Each book keeps its own time cursor, so instruments advance
// independently and a day replays the same way whatever order they are driven in.
import type { Tenths } from '../price';
import { SESSION_TIMES, atJst, isBusinessDay, type AuctionKind, type DateKey } from '../rules/calendar';
import type { ResolvedTickTable, LimitPrices } from '@kabuto/shared-sdk/market-rules';
import { ClientOrderIds } from './client-ids';
import { InstrumentBook, type BookMode } from './instrument-book';
import {
  SIMULATED_OWNER_PREFIX,
  type BookOrder,
  type CancelResult,
  type ExpiredOrder,
  type Fill,
  type OrderRequest,
  type SubmitResult,
  type Trade,
} from './types';

export interface DayInstrument {
  code: string;
  basePrice: Tenths;
  tickTable: ResolvedTickTable;
  lot: number;
  /** Price limits other than the daily limit of basePrice (a new listing's first day). */
  limits?: LimitPrices;
}

export interface VenueListeners {
  trade?(trade: Trade): void;
  fill?(fill: Fill): void;
  expired?(order: ExpiredOrder): void;
}

type ScheduleStep = { at: number; mode: BookMode } | { at: number; auction: AuctionKind };

/** Mode changes and Itayose moments of a business day, in time order (§2.1). */
function daySchedule(date: DateKey): ScheduleStep[] {
  const t = SESSION_TIMES;
  const at = (s: number) => atJst(date, s).getTime();
  return [
    { at: at(t.preOpen), mode: 'accumulating' },
    { at: at(t.morningOpen), auction: 'morning-open' },
    { at: at(t.morningClose), auction: 'morning-close' },
    { at: at(t.afternoonPreOpen), mode: 'accumulating' },
    { at: at(t.afternoonOpen), auction: 'afternoon-open' },
    { at: at(t.closingAuction), mode: 'accumulating' },
    { at: at(t.close), auction: 'close' },
  ];
}

interface BookState {
  book: InstrumentBook;
  /** Index of the next schedule step not yet applied. */
  step: number;
  /** Epoch ms up to which the book has been brought. */
  cursor: number;
}

export class TradingDay {
  readonly date: DateKey;
  private readonly schedule: ScheduleStep[];
  private readonly books = new Map<string, BookState>();
  private readonly clientIds = new ClientOrderIds();
  /** Registered listeners; replaced, never mutated, so a listener may unsubscribe mid-dispatch. */
  private listeners: readonly VenueListeners[] = [];

  /**
   * @param sessionTag distinguishes two sessions of one date (the demo clock replays the
   *   day); it goes into order and trade ids.
   */
  constructor(date: DateKey, instruments: readonly DayInstrument[], sessionTag?: string) {
    this.date = date;
    this.schedule = isBusinessDay(date) ? daySchedule(date) : [];
    const events = {
      trade: (t: Trade) => {
        const ls = this.listeners;
        for (let i = 0; i < ls.length; i++) ls[i]?.trade?.(t);
      },
      fill: (f: Fill) => {
        const ls = this.listeners;
        for (let i = 0; i < ls.length; i++) ls[i]?.fill?.(f);
      },
      expired: (o: BookOrder, code: string) => {
        const e: ExpiredOrder = {
          orderId: o.id,
          clientOrderId: o.clientOrderId,
          ownerId: o.ownerId,
          code,
          side: o.side,
          remaining: o.remaining,
          at: this.books.get(code)?.cursor ?? 0,
        };
        this.listeners.forEach((l) => l.expired?.(e));
      },
    };
    this.addInstrument = (i) => {
      if (this.books.has(i.code)) return;
      const book = new InstrumentBook({
        code: i.code,
        tradingDate: date,
        basePrice: i.basePrice,
        tickTable: i.tickTable,
        lot: i.lot,
        ...(i.limits ? { limits: i.limits } : {}),
        ...(sessionTag === undefined ? {} : { sessionTag }),
        events,
      });
      this.books.set(i.code, { book, step: 0, cursor: Number.NEGATIVE_INFINITY });
    };
    for (const i of instruments) this.addInstrument(i);
  }

  /**
   * A book for an instrument that lists during the day (an IPO): it starts before the open
   * and is brought through the day's schedule like the others, so its first price comes
   * from the opening Itayose. Adding a code twice keeps the first book.
   */
  readonly addInstrument: (instrument: DayInstrument) => void;

  listen(listeners: VenueListeners): () => void {
    if (!this.listeners.includes(listeners)) this.listeners = [...this.listeners, listeners];
    return () => {
      this.listeners = this.listeners.filter((l) => l !== listeners);
    };
  }

  codes(): string[] {
    return [...this.books.keys()];
  }

  book(code: string): InstrumentBook | undefined {
    return this.books.get(code)?.book;
  }

  /**
   * Bring one book to time `to` (epoch ms): apply schedule steps and special-quote timers
   * due at or before it, in time order (a schedule step wins a tie).
   */
  advance(code: string, to: number): void {
    const s = this.books.get(code);
    if (s) this.advanceBook(s, to);
  }

  private advanceBook(s: BookState, to: number): void {
    if (to < s.cursor) return;
    for (;;) {
      const step = this.schedule[s.step];
      const timer = s.book.nextTimerAt();
      const stepAt = step && step.at <= to ? step.at : Number.POSITIVE_INFINITY;
      const timerAt = timer !== null && timer <= to ? timer : Number.POSITIVE_INFINITY;
      if (stepAt === Number.POSITIVE_INFINITY && timerAt === Number.POSITIVE_INFINITY) break;
      if (stepAt <= timerAt && step) {
        s.cursor = step.at;
        if ('mode' in step) s.book.setMode(step.mode);
        else s.book.runAuction(step.auction, step.at);
        s.step += 1;
      } else {
        s.cursor = timerAt;
        s.book.onTimer(timerAt);
      }
    }
    s.cursor = to;
  }

  /** Bring every book to `to`. */
  advanceAll(to: number): void {
    for (const code of this.books.keys()) this.advance(code, to);
  }

  /** Epoch ms the book of `code` has been brought to. */
  cursorOf(code: string): number {
    return this.books.get(code)?.cursor ?? Number.NEGATIVE_INFINITY;
  }

  /** Time of the next schedule step or timer of a book after its cursor, if any. */
  nextEventAt(code: string): number | null {
    const s = this.books.get(code);
    if (!s) return null;
    const step = this.schedule[s.step];
    const timer = s.book.nextTimerAt();
    const candidates = [step?.at, timer ?? undefined].filter((x): x is number => x !== undefined);
    return candidates.length ? Math.min(...candidates) : null;
  }

  /**
   * Order entry for customers: each (ownerId, clientOrderId) enters at most once a day, so a
   * retried request never places a second order.
   */
  submitOrder(req: OrderRequest, at: number): SubmitResult {
    if (req.ownerId.startsWith(SIMULATED_OWNER_PREFIX)) return { status: 'rejected', reason: 'reserved-owner' };
    if (this.clientIds.has(req.ownerId, req.clientOrderId)) return { status: 'rejected', reason: 'duplicate-client-order-id' };
    const result = this.submitUnchecked(req, at);
    if (result.status === 'accepted') this.clientIds.add(req.ownerId, req.clientOrderId);
    return result;
  }

  /**
   * Order entry for simulated participants, whose client ids are unique by construction;
   * skipping the duplicate table keeps a day's million participant orders out of memory.
   */
  submitParticipantOrder(req: OrderRequest, at: number): SubmitResult {
    return this.submitUnchecked(req, at);
  }

  cancelOrder(orderId: string, ownerId: string, at: number): CancelResult {
    const code = codeOfOrderId(orderId);
    const s = code === null ? undefined : this.books.get(code);
    if (!s) return { status: 'rejected', reason: 'not-open' };
    this.advanceBook(s, at);
    if (s.book.getMode() === 'halted') return { status: 'rejected', reason: 'market-closed' };
    const order = s.book.openOrder(orderId);
    if (!order) return { status: 'rejected', reason: 'not-open' };
    if (order.ownerId !== ownerId) return { status: 'rejected', reason: 'not-owner' };
    const result = s.book.cancelOpen(order, at);
    if (result === 'not-open') return { status: 'rejected', reason: 'not-open' };
    return { status: 'cancelled', orderId, cancelledQuantity: result.cancelled };
  }

  private submitUnchecked(req: OrderRequest, at: number): SubmitResult {
    const s = this.books.get(req.code);
    if (!s) return { status: 'rejected', reason: 'unknown-instrument' };
    this.advanceBook(s, at);
    const reason = s.book.check(req);
    if (reason) return { status: 'rejected', reason };
    return { status: 'accepted', orderId: s.book.enter(req, at) };
  }
}

/** Order ids are `${code}-${session}-${n}` (instrument-book.ts); codes never hold '-'. */
function codeOfOrderId(orderId: string): string | null {
  const i = orderId.indexOf('-');
  return i > 0 ? orderId.slice(0, i) : null;
}
