// Itayose (板寄せ) price discovery, mission-anchors §2.5 [J15]. Every order in the book is
// treated as simultaneous, so only price priority matters. The match price must satisfy:
//   1. every market order on both sides executes;
//   2. every buy limit above the price and every sell limit below it executes in full;
//   3. at the price itself, the whole quantity of at least one side executes.
// With V(p) = min(demand at or above p, supply at or below p), condition 3 always holds,
// so a price qualifies when V(p) > 0, V(p) ≥ buys strictly above p (market buys included)
// and V(p) ≥ sells strictly below p (market sells included) — which also covers 1.
// When several prices qualify (a gap between the crossing orders) we take the largest
// executed volume, then the price nearest the reference price (the last trade, or the base
// price before the first one), then the lower price. That tie-break is our reading; the
// research gives the three conditions only.
import type { Tenths } from '../price';

export interface PriceQuantity {
  price: Tenths;
  quantity: number;
}

export interface ItayoseInput {
  /** Buy limit levels (any order). */
  bids: readonly PriceQuantity[];
  /** Sell limit levels (any order). */
  asks: readonly PriceQuantity[];
  marketBuy: number;
  marketSell: number;
  /** Last trade price, or the base price before the first trade. */
  reference: Tenths;
  /** Daily limit prices; the match price stays inside them. */
  lower: Tenths;
  upper: Tenths;
  /** The next legal price above / below a price (tick table of the instrument). */
  tickAbove(price: Tenths): Tenths;
  tickBelow(price: Tenths): Tenths;
}

export interface ItayoseResult {
  price: Tenths;
  /** Shares that execute on each side. */
  volume: number;
}

interface Curves {
  /** Demand at or above p (market buys included). */
  demand(p: Tenths): number;
  /** Demand strictly above p. */
  demandAbove(p: Tenths): number;
  /** Supply at or below p (market sells included). */
  supply(p: Tenths): number;
  /** Supply strictly below p. */
  supplyBelow(p: Tenths): number;
}

/** Cumulative curves over price-sorted levels; each lookup is a binary search. */
function curves(input: ItayoseInput): Curves {
  const bids = sortedCumulative(input.bids);
  const asks = sortedCumulative(input.asks);
  return {
    demand: (p) => input.marketBuy + bids.total - bids.sumBelow(p),
    demandAbove: (p) => input.marketBuy + bids.total - bids.sumBelow(p + 1),
    supply: (p) => input.marketSell + asks.sumBelow(p + 1),
    supplyBelow: (p) => input.marketSell + asks.sumBelow(p),
  };
}

/** Levels sorted by price with prefix sums: sumBelow(p) = quantity at prices < p. */
function sortedCumulative(levels: readonly PriceQuantity[]): { total: number; sumBelow(p: Tenths): number } {
  const sorted = [...levels].sort((a, b) => a.price - b.price);
  const prices = sorted.map((l) => l.price);
  const prefix = [0];
  for (const l of sorted) prefix.push((prefix[prefix.length - 1] as number) + l.quantity);
  return {
    total: prefix[prefix.length - 1] as number,
    sumBelow(p) {
      let lo = 0;
      let hi = prices.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((prices[mid] as Tenths) < p) lo = mid + 1;
        else hi = mid;
      }
      return prefix[lo] as number;
    },
  };
}

/** Executed volume at `p` if `p` satisfies the three conditions, else 0. */
export function itayoseVolumeAt(input: ItayoseInput, p: Tenths): number {
  return qualifyingVolume(curves(input), p);
}

function qualifyingVolume(c: Curves, p: Tenths): number {
  const v = Math.min(c.demand(p), c.supply(p));
  if (v <= 0) return 0;
  if (v < c.demandAbove(p) || v < c.supplyBelow(p)) return 0;
  return v;
}

/**
 * The Itayose match price and volume, or null when no price satisfies the conditions
 * (nothing crosses, or market orders exceed what the other side can fill).
 */
export function findItayosePrice(input: ItayoseInput): ItayoseResult | null {
  const { lower, upper } = input;
  if (upper < lower) return null;
  const c = curves(input);
  // Candidate points: every order price inside the limits plus the limits themselves;
  // between two neighbouring points the curves are flat, so one interior price stands
  // for the whole open gap.
  const points = new Set<Tenths>([lower, upper]);
  for (const l of input.bids) if (l.price >= lower && l.price <= upper) points.add(l.price);
  for (const l of input.asks) if (l.price >= lower && l.price <= upper) points.add(l.price);
  const sorted = [...points].sort((a, b) => a - b);

  interface Segment {
    from: Tenths;
    to: Tenths;
    volume: number;
  }
  const segments: Segment[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const p = sorted[i] as Tenths;
    const v = qualifyingVolume(c, p);
    if (v > 0) segments.push({ from: p, to: p, volume: v });
    const next = sorted[i + 1];
    if (next === undefined) continue;
    const inside = input.tickAbove(p);
    if (inside >= next) continue;
    const gv = qualifyingVolume(c, inside);
    if (gv > 0) segments.push({ from: inside, to: input.tickBelow(next), volume: gv });
  }
  if (segments.length === 0) return null;

  const best = Math.max(...segments.map((s) => s.volume));
  let choice: Tenths | null = null;
  for (const s of segments) {
    if (s.volume !== best) continue;
    const candidate = nearestInSegment(s.from, s.to, input);
    if (
      choice === null ||
      Math.abs(candidate - input.reference) < Math.abs(choice - input.reference) ||
      (Math.abs(candidate - input.reference) === Math.abs(choice - input.reference) && candidate < choice)
    ) {
      choice = candidate;
    }
  }
  return { price: choice as Tenths, volume: best };
}

/** The legal price in [from, to] nearest the reference. */
function nearestInSegment(from: Tenths, to: Tenths, input: ItayoseInput): Tenths {
  const r = input.reference;
  if (r <= from) return from;
  if (r >= to) return to;
  // Reference inside the segment: it is normally a legal price itself; otherwise take the
  // closer of its legal neighbours.
  const down = input.tickAbove(input.tickBelow(r)) === r ? r : input.tickBelow(r);
  if (down === r) return r;
  const up = input.tickAbove(down);
  return r - down <= up - r ? Math.max(down, from) : Math.min(up, to);
}
