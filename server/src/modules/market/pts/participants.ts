// Simulated participants of one instrument on the simulated PTS night session. The PTS takes
// limit orders only, so a market maker quotes a few ticks either side of a slowly wandering
// fair value (starting at the primary market's close) and takers cross the spread with
// marketable limit orders. Every draw comes from one stream per (seed, code, session), so a
// night replays the same way without outside orders. Far quieter than the TSE: a PTS night
// trades a small fraction of the day's volume.
import { tickAbove, tickBelow, roundToTick, type ResolvedTickTable } from '@kabuto/shared-sdk/market-rules';
import type { Tenths } from '../price';
import type { InstrumentBook } from '../venue/instrument-book';
import { SIMULATED_OWNER_PREFIX, type OrderRequest, type Side } from '../venue/types';
import { prngFor, type Prng } from '../simulation/prng';

export const PTS_MAKER_ID = `${SIMULATED_OWNER_PREFIX}pts-maker`;
export const PTS_TAKER_ID = `${SIMULATED_OWNER_PREFIX}pts-taker`;

/** Participant events per second on the night session (the TSE's midday rate is 0.5). */
export const PTS_EVENT_RATE = 0.02;
const MIN_LEVELS = 4;
const MAX_MAKER_ORDERS = 24;
/** Fair-value volatility per square root of an hour, as a fraction of the price. */
const HOURLY_VOL = 0.002;

export interface PtsFlowOptions {
  seed: string;
  code: string;
  /** Names the session (its TSE date and replay tag). */
  sessionTag: string;
  book: InstrumentBook;
  tickTable: ResolvedTickTable;
  lot: number;
  opensAt: number;
  closesAt: number;
  eventRate: number;
  /** Enter a participant order into the book at `at`; the id when it rests or trades. */
  submit(req: OrderRequest, at: number): string | null;
  cancel(orderId: string, ownerId: string, at: number): void;
}

export class PtsFlow {
  private readonly opts: PtsFlowOptions;
  private readonly rng: Prng;
  private readonly makerOrders: string[] = [];
  private fair: number;
  private fairAt: number;
  private seq = 0;
  private nextAt: number;

  constructor(opts: PtsFlowOptions) {
    this.opts = opts;
    this.rng = prngFor(opts.seed, 'pts', opts.code, opts.sessionTag);
    this.fair = opts.book.basePrice;
    this.fairAt = opts.opensAt;
    this.nextAt = opts.opensAt;
  }

  /** The time of the next participant event (the close when none is left). */
  nextEventAt(): number {
    return Math.min(this.nextAt, this.opts.closesAt);
  }

  /** Run the event due at `nextEventAt()` (the caller brought the book there). */
  step(): void {
    const at = this.nextAt;
    if (at >= this.opts.closesAt) return;
    this.act(at);
    const gap = Math.max(1, Math.round((this.rng.exponential() / this.opts.eventRate) * 1000));
    this.nextAt = at + gap;
  }

  private act(at: number): void {
    const book = this.opts.book;
    if (book.getMode() !== 'continuous') return;
    this.walkFair(at);
    const counts = book.levelCounts();
    if (counts.bids >= MIN_LEVELS && counts.asks >= MIN_LEVELS && this.rng.chance(0.3)) this.take(at);
    else this.quote(at, counts);
  }

  /** A geometric random walk of the fair value, kept inside the limits. */
  private walkFair(at: number): void {
    const hours = (at - this.fairAt) / 3_600_000;
    this.fairAt = at;
    if (hours <= 0) return;
    this.fair *= Math.exp(HOURLY_VOL * Math.sqrt(hours) * this.rng.normal());
    const { lower, upper } = this.opts.book.limits;
    this.fair = Math.min(upper, Math.max(lower, this.fair));
  }

  private quote(at: number, counts: { bids: number; asks: number }): void {
    const book = this.opts.book;
    const table = this.opts.tickTable;
    let side: Side;
    if (counts.bids < MIN_LEVELS && counts.asks >= MIN_LEVELS) side = 'buy';
    else if (counts.asks < MIN_LEVELS && counts.bids >= MIN_LEVELS) side = 'sell';
    else side = this.rng.chance(0.5) ? 'buy' : 'sell';
    let price = this.priceAt((1 + this.rng.int(6)) * (side === 'buy' ? -1 : 1));
    // Quotes never cross: the maker stays behind the other side's best.
    const ask = book.bestAsk();
    const bid = book.bestBid();
    if (side === 'buy' && ask !== undefined && price >= ask) price = tickBelow(ask, table);
    if (side === 'sell' && bid !== undefined && price <= bid) price = tickAbove(bid, table);
    if (price < book.limits.lower || price > book.limits.upper) return;
    const id = this.send(side, price, at, PTS_MAKER_ID);
    if (id) this.makerOrders.push(id);
    if (this.makerOrders.length > MAX_MAKER_ORDERS) {
      const oldest = this.makerOrders.shift() as string;
      if (book.openOrder(oldest)) this.opts.cancel(oldest, PTS_MAKER_ID, at);
    }
  }

  /** A marketable limit at the other side's best (limit orders only on the PTS). */
  private take(at: number): void {
    const book = this.opts.book;
    const bid = book.bestBid();
    const ask = book.bestAsk();
    if (bid === undefined || ask === undefined) return;
    const mid = (bid + ask) / 2;
    const side: Side = this.rng.chance(this.fair > mid ? 0.65 : 0.35) ? 'buy' : 'sell';
    this.send(side, side === 'buy' ? ask : bid, at, PTS_TAKER_ID);
  }

  private priceAt(ticks: number): Tenths {
    const table = this.opts.tickTable;
    let p = roundToTick(Math.round(this.fair), table, 'nearest');
    for (let i = 0; i < Math.abs(ticks); i++) p = ticks > 0 ? tickAbove(p, table) : tickBelow(p, table);
    return p;
  }

  private send(side: Side, price: Tenths, at: number, ownerId: string): string | null {
    const lots = Math.min(5, this.rng.geometric(1.8));
    return this.opts.submit(
      { code: this.opts.code, side, type: 'limit', price, quantity: lots * this.opts.lot, ownerId, clientOrderId: `${ownerId}-${++this.seq}` },
      at,
    );
  }
}
