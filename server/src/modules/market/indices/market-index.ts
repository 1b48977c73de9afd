// The simulated Nikkei 225 and TOPIX, computed from the simulated constituents' price paths
// (docs/api/market.md §3 market/indices). Both are approximations, and say so:
//
// - N225, price-weighted: Σ price / divisor over the universe's Nikkei 225 stocks. Prices are
//   the paths' adjusted prices (continuous across splits, which is what the official divisor
//   adjustment achieves); every price-adjustment factor is 1 (the official index scales some
//   high-priced members); the divisor is fixed so the index closes at N225_BASE_LEVEL on the
//   universe's reference date.
// - TOPIX, free-float market-cap-weighted: Σ price × free-float shares / base market value.
//   The universe has no share counts, so each constituent's free-float share count is set so
//   that every member had the same free-float market value on the reference date; from there
//   weights drift with prices exactly as a cap-weighted index's do. Base: TOPIX_BASE_LEVEL on
//   the reference date.
//
// Values come from the constituents' price paths (the prices their simulated trading follows).
// Open and close are always the constituents' sum. Minute by minute the sum costs ~225 day
// paths, so it is made for recent days only (EXACT_DAYS business days up to the live day); older
// days (long k-line histories of the ETFs) bridge their exact open to their exact close.
import type { IndexCode, IndexQuote } from '@kabuto/shared-sdk/schemas';
import { SESSION_TIMES, previousBusinessDay, type DateKey } from '../rules/calendar';
import type { PricePath, TrackedIndex } from '../simulation/price-path';
import { slotAtOrBefore } from '../simulation/price-path';
import { MINUTE_SLOTS } from '../simulation/session-clock';
import { brownianBridge, prngFor } from '../simulation/prng';

/** Business days, up to the live one, whose minutes are the constituents' exact sum. */
export const EXACT_DAYS = 5;
/** Intraday volatility of the bridge of older days (about the market factor's daily volatility). */
const BRIDGE_VOL = 0.01;

/** Index levels on the universe's reference date (close to the real ones then). */
export const N225_BASE_LEVEL = 40_000;
export const TOPIX_BASE_LEVEL = 2_850;

export interface IndexDefinition {
  code: IndexCode;
  name: IndexQuote['name'];
  method: IndexQuote['method'];
  note: IndexQuote['note'];
  baseLevel: number;
}

export const INDEX_DEFINITIONS: Record<IndexCode, IndexDefinition> = {
  N225: {
    code: 'N225',
    name: { tw: '日經225指數（模擬）', jp: '日経平均株価（シミュレーション）', en: 'Nikkei 225 (simulated)' },
    method: 'price-weighted',
    note: {
      tw: '以模擬成分股價格加權計算（固定除數，未套用官方價格調整係數），僅供參考。',
      jp: 'シミュレーション構成銘柄の株価平均（除数固定、公式の株価換算係数なし）による近似値です。',
      en: 'Approximation: price-weighted over the simulated constituents with a fixed divisor and no official price-adjustment factors.',
    },
    baseLevel: N225_BASE_LEVEL,
  },
  TOPIX: {
    code: 'TOPIX',
    name: { tw: '東證股價指數（模擬）', jp: 'TOPIX（シミュレーション）', en: 'TOPIX (simulated)' },
    method: 'free-float-cap-weighted',
    note: {
      tw: '以模擬成分股流通市值加權計算；各成分股基準日流通市值視為相同，僅供參考。',
      jp: 'シミュレーション構成銘柄の浮動株時価総額加重による近似値です（基準日の浮動株時価総額を均等と仮定）。',
      en: 'Approximation: free-float cap-weighted over the simulated constituents, with equal free-float market values assumed on the base date.',
    },
    baseLevel: TOPIX_BASE_LEVEL,
  },
};

interface DayIndexPath {
  open: number;
  values: number[];
}

/** One index over its constituents' paths. Implements TrackedIndex for the ETFs that follow it. */
export class MarketIndex implements TrackedIndex {
  readonly definition: IndexDefinition;
  private readonly constituentsOf: () => readonly PricePath[];
  private members: readonly PricePath[] | null = null;
  private readonly baseDate: DateKey;
  /** The live trading date (the simulator's clock). */
  private readonly liveDate: () => DateKey;
  private readonly seed: string;
  /** Per constituent (same order as constituents()): the weight on its adjusted price. */
  private weights: number[] | null = null;
  private scale = 1;
  private readonly closes = new Map<DateKey, number>();
  private readonly days = new Map<DateKey, DayIndexPath>();

  /** `constituents` is called once, when first needed (paths are built lazily by the simulator). */
  constructor(opts: { definition: IndexDefinition; baseDate: DateKey; seed: string; liveDate: () => DateKey; constituents: () => readonly PricePath[] }) {
    this.definition = opts.definition;
    this.baseDate = opts.baseDate;
    this.seed = opts.seed;
    this.liveDate = opts.liveDate;
    this.constituentsOf = opts.constituents;
  }

  private constituents(): readonly PricePath[] {
    this.members ??= this.constituentsOf();
    return this.members;
  }

  /** How many constituents the index adds up. */
  size(): number {
    return this.constituents().length;
  }

  /** Index level at the close of `date`. */
  close(date: DateKey): number {
    let v = this.closes.get(date);
    if (v === undefined) {
      v = this.level(this.constituents().map((p) => p.adjustedCloseOn(date)));
      if (this.closes.size > 20_000) this.closes.clear();
      this.closes.set(date, v);
    }
    return v;
  }

  /** Index levels at the day's open and at each minute slot (last = close). */
  day(date: DateKey): DayIndexPath {
    let d = this.days.get(date);
    if (!d) {
      d = this.isRecent(date) ? this.exactDay(date) : this.bridgedDay(date);
      // The last minute is the close by construction; pin it so ETF closes and path agree exactly.
      d.values[d.values.length - 1] = this.close(date);
      if (this.days.size > 32) this.days.delete(this.days.keys().next().value as DateKey);
      this.days.set(date, d);
    }
    return d;
  }

  private isRecent(date: DateKey): boolean {
    let from = this.liveDate();
    for (let i = 1; i < EXACT_DAYS; i++) from = previousBusinessDay(from);
    return date >= from;
  }

  private exactDay(date: DateKey): DayIndexPath {
    const paths = this.constituents().map((p) => p.adjustedDayPath(date));
    const open = this.level(paths.map((p) => p.open));
    const values = MINUTE_SLOTS.map((_, k) => this.level(paths.map((p) => p.values[k] as number)));
    return { open, values };
  }

  /** Older days: the constituents' exact open and close, joined by a seeded Brownian bridge. */
  private bridgedDay(date: DateKey): DayIndexPath {
    const open = this.level(this.constituents().map((p) => p.adjustedOpenOn(date)));
    const close = this.close(date);
    const rng = prngFor(this.seed, `index:${this.definition.code}`, date, 'bridge');
    const values = brownianBridge(rng, MINUTE_SLOTS.length, BRIDGE_VOL, Math.log(open), Math.log(close));
    return { open, values };
  }

  /** The index at a JST second of `date`, interpolated within the minute like PricePath.fairValue. */
  valueAt(date: DateKey, secondOfDay: number): number {
    const { open, values } = this.day(date);
    const t = SESSION_TIMES;
    if (secondOfDay < t.morningOpen) return open;
    if (secondOfDay >= t.closingAuction) return values[values.length - 1] as number;
    const k = slotAtOrBefore(secondOfDay);
    if (secondOfDay > t.morningClose && secondOfDay < t.afternoonOpen) return values[k] as number;
    const from = k === 0 ? open : (values[k - 1] as number);
    const to = values[k] as number;
    const frac = Math.min(1, (secondOfDay - (MINUTE_SLOTS[k] as number)) / 60);
    return from + (to - from) * frac;
  }

  closeRatio(date: DateKey): number {
    return this.close(date) / this.close(previousBusinessDay(date));
  }

  dayRatios(date: DateKey): { open: number; values: readonly number[] } {
    const prev = this.close(previousBusinessDay(date));
    const d = this.day(date);
    return { open: d.open / prev, values: d.values.map((v) => v / prev) };
  }

  /** The quote at `secondOfDay` of `date` (the live day: up to now). */
  quote(date: DateKey, secondOfDay: number, at: number): IndexQuote {
    const { open, values } = this.day(date);
    const value = this.valueAt(date, secondOfDay);
    const previousClose = this.close(previousBusinessDay(date));
    const started = secondOfDay >= SESSION_TIMES.morningOpen;
    let high = started ? Math.max(open, value) : value;
    let low = started ? Math.min(open, value) : value;
    if (started) {
      const last = slotAtOrBefore(secondOfDay);
      // Minutes already completed (the current one is covered by `value`).
      for (let k = 0; k < last && k < values.length; k++) {
        const v = values[k] as number;
        if (v > high) high = v;
        if (v < low) low = v;
      }
    }
    const change = value - previousClose;
    return {
      code: this.definition.code,
      name: this.definition.name,
      simulated: true,
      method: this.definition.method,
      note: this.definition.note,
      tradingDate: date,
      value: round2(value),
      previousClose: round2(previousClose),
      open: round2(started ? open : value),
      high: round2(high),
      low: round2(low),
      change: round2(change),
      changePercent: round2((change / previousClose) * 100),
      constituents: this.size(),
      at,
    };
  }

  private level(prices: readonly number[]): number {
    const weights = this.weightsOrInit();
    let sum = 0;
    for (let i = 0; i < prices.length; i++) sum += (prices[i] as number) * (weights[i] as number);
    return sum * this.scale;
  }

  private weightsOrInit(): number[] {
    if (this.weights) return this.weights;
    const paths = this.constituents();
    const base = paths.map((p) => p.adjustedCloseOn(this.baseDate));
    // Price-weighted: every price counts once. Cap-weighted with equal base values: shares ∝ 1 / base price.
    this.weights = this.definition.method === 'price-weighted' ? base.map(() => 1) : base.map((b) => 1 / b);
    let baseSum = 0;
    for (let i = 0; i < base.length; i++) baseSum += (base[i] as number) * (this.weights[i] as number);
    // The divisor (price-weighted) or base market value (cap-weighted), folded into one scale.
    this.scale = this.definition.baseLevel / baseSum;
    return this.weights;
  }
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

/** Which ETFs follow which index, and how (daily-reset multiples). The others keep their own factor model. */
export const ETF_TRACKING: Readonly<Record<string, { index: IndexCode; multiple: number }>> = {
  '1305': { index: 'TOPIX', multiple: 1 },
  '1306': { index: 'TOPIX', multiple: 1 },
  '1321': { index: 'N225', multiple: 1 },
  '1330': { index: 'N225', multiple: 1 },
  '1357': { index: 'N225', multiple: -2 },
  '1570': { index: 'N225', multiple: 2 },
  '1571': { index: 'N225', multiple: -1 },
};
