// Where other modules plug into the trading rules without the trading module knowing them
// (modelled on funds/extensions.ts): a sale guard may refuse the sale of a cash holding
// (pledged collateral), a buying-power exclusion takes yen out of what can buy securities or
// fund margin but not out of what can be withdrawn (loan proceeds), and a holding-reduction
// listener hears, inside the transaction that writes it, that a customer holds fewer shares,
// and order coupons (a fee discount) are claimed by an order at placement and settled when it
// ends, in the transactions that write those. Trading in turn offers one action to them: selling a holding by rule (a forced sale).
import type { MessageKey } from '@kabuto/shared-sdk/messages';
import type { TradeFill } from '@kabuto/shared-sdk/schemas';
import type { Database } from '../../db/client';
import type { JournalInput } from '../funds';
import type { TradingEventPublisher } from './events';

/** A refusal with the rule and the figures it names (the envelope's data). */
export interface TradingRefusal {
  msg: MessageKey;
  data: Record<string, unknown>;
}

/** A sale of shares of a cash long holding, as a guard is asked about it. */
export interface HoldingSale {
  userId: number;
  positionId: number;
  code: string;
  /** Shares the close order would sell. */
  shares: number;
}

export interface SaleGuard {
  name: string;
  /**
   * Asked inside the transaction that accepts a customer's close order of a cash long (under
   * the customer's funds lock), before it is written: a refusal, or null to allow. Not asked
   * for a sale by rule (forced liquidation, forced sale).
   */
  check(tx: Database, sale: HoldingSale): Promise<TradingRefusal | null>;
}

export interface BuyingPowerExclusion {
  name: string;
  /**
   * Yen (≥ 0) of the customer's cash that may not buy securities or fund margin, given their
   * cash balance now; withdrawal is not affected. Read in the caller's transaction.
   */
  excludedMinor(db: Database, userId: number, cash: bigint): Promise<bigint>;
  /**
   * The same for several customers (cash by customer id) in one read: the placement writer asks
   * once per batch instead of once per customer. Without it, excludedMinor is asked for each.
   */
  excludedMinorMany?(db: Database, cash: ReadonlyMap<number, bigint>): Promise<Map<number, bigint>>;
}

/** Shares a customer no longer holds: a close or liquidation fill of a cash long. */
export interface HoldingReduction {
  userId: number;
  positionId: number;
  code: string;
  shares: number;
  /** 'sale': the customer's close order; 'liquidation': a sale by rule. */
  reason: 'sale' | 'liquidation';
}

export interface HoldingReductionListener {
  name: string;
  /** Called inside the transaction that writes the reduction (it commits or rolls back with it). */
  onReduced(tx: Database, reduction: HoldingReduction): Promise<void>;
}

/** Shares of cash positions lent out (stock lending): the positions views show them. */
export interface LentQuantitySource {
  name: string;
  /** Shares on loan now per position id (absent: none). */
  lentByPosition(db: Database, positionIds: readonly number[]): Promise<Map<number, number>>;
}

/** A new order asking to claim a coupon, as the placement writer knows it. */
export interface OrderCouponClaim {
  userId: number;
  couponId: number;
  /** The order's id and its position's (allocated, not written yet: they are written in this same transaction). */
  orderId: number;
  positionId: number;
  /** Yen: limit × shares; a market order at the price its hold is taken at (place.ts says which). */
  orderValue: bigint;
}

/** An order with a coupon has ended (filled, cancelled, expired, rejected). */
export interface OrderCouponEnd {
  userId: number;
  couponId: number;
  orderId: number;
  /** Yen of commission this order was charged at its end (0: none). */
  commission: bigint;
  /** Yen the order filled (0: nothing). */
  filledValue: bigint;
}

export interface OrderCoupons {
  name: string;
  /**
   * Inside the placement's transaction, under the customer's funds lock, before the order is
   * accepted: claims the coupon for the order, or answers the refusal (and writes nothing).
   */
  claim(tx: Database, claim: OrderCouponClaim): Promise<TradingRefusal | null>;
  /**
   * Inside the transaction that ends the order: the journal that gives back the discount (the
   * caller posts it with the order's own journals), or null when it discounts nothing (the
   * coupon is then released). Answers null again for an order already settled.
   */
  settle(tx: Database, end: OrderCouponEnd): Promise<JournalInput | null>;
}

/** A split applied to an issue: the positions whose shares were multiplied, in the split's transaction. */
export interface SharesSplit {
  code: string;
  /** New shares per old share (an integer ≥ 2). */
  ratio: number;
  /** The business date from which the issue trades in the new shares. */
  effectiveDate: string;
  positionIds: readonly number[];
}

export interface SplitListener {
  name: string;
  /** Called inside the split's transaction (it commits or rolls back with it), once per split. */
  onSplit(tx: Database, split: SharesSplit): Promise<void>;
}

/** A venue fill of a customer's order, told once the transaction that wrote it committed. */
export type CommittedFill = TradeFill & { userId: number; positionId: number };

export interface FillListener {
  name: string;
  /**
   * Called after commit, on the engine's path: it must return at once and do its work later
   * (a listener that writes queues the work; a throw is caught and ignored).
   */
  onFill(fill: CommittedFill): void;
}

/** A market order placed for a customer by another module's rule (order following). */
export interface OrderByRule {
  userId: number;
  code: string;
  side: 'buy';
  lots: number;
  /** The placing module's key: a retry places nothing twice. */
  idempotencyKey: string;
}

/** A market order placed by rule once its batch committed: its position and order (order null: a retry of one placed before). */
export interface PlacedByRule {
  positionId: number;
  orderId: number | null;
}

/** What trading does for another module by rule; bound by the trading plugin when it starts. */
export interface TradingActions {
  /**
   * Enters a market liquidation order for the whole of a holding position (a cash long the
   * customer cannot cancel), as forced margin liquidation does. Answers the order id, or null
   * when the position is not holding (already closing or closed).
   */
  sellHoldingByRule(positionId: number): Promise<number | null>;
  /**
   * Cancels an order that is still open (queued or working) through the engine, as a customer's
   * cancel does (its hold released, the venue told). Answers false when it was no longer open.
   */
  cancelOrderByRule(orderId: number): Promise<boolean>;
  /**
   * Cancels every conditional order of an issue still waiting (its legs end `cancelled` with
   * `reason`, a catalogue key). Answers the groups cancelled per customer id.
   */
  cancelConditionalsByRule(code: string, reason: MessageKey): Promise<Map<number, number>>;
  /**
   * Places a cash market buy through the customer's normal placement (lots, buying power, holds,
   * the venue), without a session: the customer confirmed with the fund password when they
   * agreed to the rule. Answers the position id, or the refusal placement gave.
   */
  placeOrderByRule(order: OrderByRule): Promise<{ positionId: number } | TradingRefusal>;
  /**
   * placeOrderByRule for many orders at once (order following: one leader fill, thousands of
   * followers): each order gets every check placeOrderByRule makes, with the same refusals, and
   * all are handed to the placement writer together, so they are group-committed in as few
   * transactions as its batch size allows. Answers one entry per order, in order, each once the
   * transaction holding it committed (its entry into the venue follows, as a customer's order).
   */
  placeOrdersByRule(orders: readonly OrderByRule[]): Promise<(PlacedByRule | TradingRefusal)[]>;
  /**
   * A customer's close at market of `shares` of a holding (all when null), as trade/close does
   * (lock-up and sale guards apply). Answers the order id, or the refusal.
   */
  closeHoldingByRule(positionId: number, shares: number | null): Promise<{ orderId: number } | TradingRefusal>;
}

/** The positions another module opened for a customer by its rule (order following), for the positions tab 'following'. */
export interface CopiedPositionSource {
  name: string;
  positionIds(db: Database, userId: number): Promise<number[]>;
}

export interface TradingExtensions {
  readonly saleGuards: readonly SaleGuard[];
  readonly buyingPowerExclusions: readonly BuyingPowerExclusion[];
  readonly holdingReductionListeners: readonly HoldingReductionListener[];
  readonly lentQuantitySources: readonly LentQuantitySource[];
  readonly splitListeners: readonly SplitListener[];
  readonly fillListeners: readonly FillListener[];
  registerSaleGuard(guard: SaleGuard): void;
  registerBuyingPowerExclusion(exclusion: BuyingPowerExclusion): void;
  registerHoldingReductionListener(listener: HoldingReductionListener): void;
  registerLentQuantities(source: LentQuantitySource): void;
  /** The one module that knows order coupons; null: none (an order naming a coupon is refused). */
  orderCoupons: OrderCoupons | null;
  registerOrderCoupons(coupons: OrderCoupons): void;
  /** Per-share quantities another module keeps on positions (shares on loan) follow a split through this. */
  registerSplitListener(listener: SplitListener): void;
  registerFillListener(listener: FillListener): void;
  readonly copiedPositionSources: readonly CopiedPositionSource[];
  registerCopiedPositions(source: CopiedPositionSource): void;
  /** Set by the trading plugin; null before trading starts. */
  actions: TradingActions | null;
}

export function createTradingExtensions(): TradingExtensions {
  const saleGuards: SaleGuard[] = [];
  const buyingPowerExclusions: BuyingPowerExclusion[] = [];
  const holdingReductionListeners: HoldingReductionListener[] = [];
  const lentQuantitySources: LentQuantitySource[] = [];
  const splitListeners: SplitListener[] = [];
  const fillListeners: FillListener[] = [];
  const copiedPositionSources: CopiedPositionSource[] = [];
  return {
    saleGuards,
    buyingPowerExclusions,
    holdingReductionListeners,
    lentQuantitySources,
    splitListeners,
    fillListeners,
    registerSaleGuard: (guard) => {
      if (!saleGuards.some((g) => g.name === guard.name)) saleGuards.push(guard);
    },
    registerBuyingPowerExclusion: (exclusion) => {
      if (!buyingPowerExclusions.some((e) => e.name === exclusion.name)) buyingPowerExclusions.push(exclusion);
    },
    registerHoldingReductionListener: (listener) => {
      if (!holdingReductionListeners.some((l) => l.name === listener.name)) holdingReductionListeners.push(listener);
    },
    registerLentQuantities: (source) => {
      if (!lentQuantitySources.some((l) => l.name === source.name)) lentQuantitySources.push(source);
    },
    orderCoupons: null,
    registerOrderCoupons(coupons) {
      if (this.orderCoupons && this.orderCoupons.name !== coupons.name) throw new Error(`order coupons already registered by ${this.orderCoupons.name}`);
      this.orderCoupons = coupons;
    },
    registerSplitListener: (listener) => {
      if (!splitListeners.some((l) => l.name === listener.name)) splitListeners.push(listener);
    },
    registerFillListener: (listener) => {
      if (!fillListeners.some((l) => l.name === listener.name)) fillListeners.push(listener);
    },
    copiedPositionSources,
    registerCopiedPositions: (source) => {
      if (!copiedPositionSources.some((c) => c.name === source.name)) copiedPositionSources.push(source);
    },
    actions: null,
  };
}

/** Shares lent per position (0 when no source knows it). */
export async function lentQuantities(ext: TradingExtensions, db: Database, positionIds: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const source of ext.lentQuantitySources) {
    for (const [id, n] of await source.lentByPosition(db, positionIds)) out.set(id, (out.get(id) ?? 0) + n);
  }
  return out;
}

/** The first guard's refusal of a sale, or null when every guard allows it. */
export async function guardSale(ext: TradingExtensions, tx: Database, sale: HoldingSale): Promise<TradingRefusal | null> {
  for (const guard of ext.saleGuards) {
    const refusal = await guard.check(tx, sale);
    if (refusal) return refusal;
  }
  return null;
}

/** Sum of the exclusions, never more than the cash itself nor below 0. */
export async function excludedFromBuying(ext: TradingExtensions, db: Database, userId: number, cash: bigint): Promise<bigint> {
  let total = 0n;
  for (const exclusion of ext.buyingPowerExclusions) {
    const minor = await exclusion.excludedMinor(db, userId, cash);
    if (minor < 0n) throw new Error(`buying power exclusion ${exclusion.name} returned a negative amount`);
    total += minor;
  }
  const cap = cash > 0n ? cash : 0n;
  return total > cap ? cap : total;
}

/** excludedFromBuying for several customers at once (cash by customer id), each exclusion read once when it can. */
export async function excludedFromBuyingMany(ext: TradingExtensions, db: Database, cash: ReadonlyMap<number, bigint>): Promise<Map<number, bigint>> {
  const total = new Map<number, bigint>();
  for (const exclusion of ext.buyingPowerExclusions) {
    let each: Map<number, bigint>;
    if (exclusion.excludedMinorMany) each = await exclusion.excludedMinorMany(db, cash);
    else {
      each = new Map();
      for (const [userId, c] of cash) each.set(userId, await exclusion.excludedMinor(db, userId, c));
    }
    for (const [userId, minor] of each) {
      if (minor < 0n) throw new Error(`buying power exclusion ${exclusion.name} returned a negative amount`);
      total.set(userId, (total.get(userId) ?? 0n) + minor);
    }
  }
  for (const [userId, minor] of total) {
    const c = cash.get(userId) ?? 0n;
    const cap = c > 0n ? c : 0n;
    total.set(userId, minor > cap ? cap : minor);
  }
  return total;
}

export async function holdingReduced(ext: TradingExtensions, tx: Database, reduction: HoldingReduction): Promise<void> {
  for (const listener of ext.holdingReductionListeners) await listener.onReduced(tx, reduction);
}

export async function sharesSplit(ext: TradingExtensions, tx: Database, split: SharesSplit): Promise<void> {
  for (const listener of ext.splitListeners) await listener.onSplit(tx, split);
}

/**
 * The engine's event publisher, also telling fill listeners of each fill: the engine publishes
 * after the write committed, so a listener never sees a fill that could still roll back.
 */
export function withFillListeners(events: TradingEventPublisher, ext: TradingExtensions): TradingEventPublisher {
  return {
    publish(userId, event) {
      events.publish(userId, event);
      if (event.event !== 'fill') return;
      for (const listener of ext.fillListeners) {
        try {
          listener.onFill({ ...event.data, userId });
        } catch {
          // A listener's failure is its own: the engine and the other listeners go on.
        }
      }
    },
  };
}
