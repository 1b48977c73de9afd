// The day's pricing of a trust, a pure function of what the close left (docs/strategies.md
// "Investment trust"): net assets = holdings valued at the close + cash − the trust fee accrued
// for the days since the last NAV; NAV = net assets ÷ units, quoted per 10,000 units (floor).
// Then, at that NAV and only then (blind pricing: requests are made before the price is known),
// subscriptions get whole units and redemptions get cash. The pricing and the flows are separate so
// no request changes the price it is filled at.
import { TRUST_INITIAL_NAV_YEN, TRUST_NAV_UNITS } from '@kabuto/shared-sdk/schemas';

export interface NavHolding {
  code: string;
  shares: number;
  /** The venue's price at the close, tenths of a yen. */
  priceTenths: number;
}
export interface NavRequest {
  id: number;
  kind: 'subscribe' | 'redeem';
  /** Subscribe: yen held since the request. */
  amount: bigint;
  /** Redeem: units asked for. */
  units: bigint;
}
export interface NavInput {
  holdings: readonly NavHolding[];
  /** The trust's cash (its account's ledger balance). */
  cash: bigint;
  /** Yen owed to redemptions priced at earlier NAVs and not paid yet (the trust's payable, ≥ 0). */
  payable: bigint;
  /** Units outstanding before the day's requests. */
  units: bigint;
  feeBpPerYear: number;
  /** Calendar days the fee accrues for (since the last NAV date; 1 for the first). */
  days: number;
  /** In the order they were made (id order). */
  requests: readonly NavRequest[];
}
export interface NavFill {
  id: number;
  kind: 'subscribe' | 'redeem';
  units: bigint;
  /** Subscribe: yen into the trust; redeem: yen out of it. */
  cash: bigint;
  /** Subscribe: yen returned to the customer (the amount less the whole units' cost). */
  refund: bigint;
  /** Redeem: priced at this NAV but not paid now (the cash did not cover it): owed until a later NAV step pays it. */
  owed: boolean;
}
export interface NavResult {
  holdingsValue: bigint;
  fee: bigint;
  netAssets: bigint;
  /** Yen per 10,000 units. */
  nav: bigint;
  fills: NavFill[];
  /** Requests left for the next NAV: subscriptions when the NAV is 0 (every redemption is priced). */
  deferred: number[];
  unitsAfter: bigint;
  cashAfter: bigint;
  /** payable + the redemptions owed at this NAV. */
  payableAfter: bigint;
  /** holdings + cashAfter − payableAfter. */
  netAssetsAfter: bigint;
}

export const FEE_DAYS_PER_YEAR = 365n;

/** Calendar days a NAV's fee accrues for: since the last NAV's business date, at least 1. */
export function feeDaysBetween(from: string, to: string): number {
  return Math.max(1, Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000));
}

/** Σ shares × price at the close, yen (floor of the total in tenths). */
export function holdingsValueOf(holdings: readonly NavHolding[]): bigint {
  return holdings.reduce((sum, h) => sum + BigInt(h.shares) * BigInt(h.priceTenths), 0n) / 10n;
}

/** The trust fee for `days` on `base` yen: floor(base × bp × days ÷ (10,000 × 365)), never below 0. */
export function trustFee(base: bigint, feeBpPerYear: number, days: number): bigint {
  if (base <= 0n) return 0n;
  return (base * BigInt(feeBpPerYear) * BigInt(days)) / (10_000n * FEE_DAYS_PER_YEAR);
}

export function priceDay(input: NavInput): NavResult {
  const holdingsValue = holdingsValueOf(input.holdings);
  // What earlier redemptions are owed is no longer the unit holders': it comes off the fee base and the net assets.
  const base = holdingsValue + input.cash - input.payable;
  // The fee is taken from the trust's cash; when the cash does not cover it the broker takes what
  // there is and forgoes the rest (it never lends to the trust nor carries the fee forward).
  const accrued = trustFee(base, input.feeBpPerYear, input.days);
  const fee = accrued < input.cash ? accrued : input.cash > 0n ? input.cash : 0n;
  const netAssets = base - fee;
  const perNav = BigInt(TRUST_NAV_UNITS);
  // No units yet: the trust starts at ¥10,000 per 10,000 units.
  const nav = input.units > 0n ? (netAssets > 0n ? (netAssets * perNav) / input.units : 0n) : BigInt(TRUST_INITIAL_NAV_YEN);
  let cash = input.cash - fee;
  let units = input.units;
  let owedToday = 0n;
  const fills: NavFill[] = [];
  const deferred: number[] = [];
  // Subscriptions first: their cash may pay the day's redemptions (the fund nets the day's flows).
  for (const r of input.requests) {
    if (r.kind !== 'subscribe') continue;
    if (nav <= 0n) {
      deferred.push(r.id);
      continue;
    }
    const got = (r.amount * perNav) / nav;
    const cost = (got * nav + perNav - 1n) / perNav; // ceil: the trust never takes less than the units are worth
    fills.push({ id: r.id, kind: 'subscribe', units: got, cash: cost, refund: r.amount - cost, owed: false });
    cash += cost;
    units += got;
  }
  // Every redemption is priced at this NAV (its request date's, as blind pricing promised). It is
  // paid now while the cash left after what earlier NAVs owe covers it; from the first one it does
  // not, it and every later one of the day are owed (first come, first paid), and the trust sells.
  let queueing = false;
  for (const r of input.requests) {
    if (r.kind !== 'redeem') continue;
    const price = (r.units * nav) / perNav;
    if (!queueing && price > cash - input.payable) queueing = true;
    if (queueing) owedToday += price;
    else cash -= price;
    fills.push({ id: r.id, kind: 'redeem', units: r.units, cash: price, refund: 0n, owed: queueing });
    units -= r.units;
  }
  const payableAfter = input.payable + owedToday;
  return {
    holdingsValue,
    fee,
    netAssets,
    nav,
    fills,
    deferred,
    unitsAfter: units,
    cashAfter: cash,
    payableAfter,
    netAssetsAfter: holdingsValue + cash - payableAfter,
  };
}
