// One side of an order book: resting limit orders in price levels kept sorted best-first,
// each level a FIFO queue (time priority), plus a FIFO of resting market orders, which
// rank ahead of every limit order (§2.5). Finding the best level is O(1); adding a new
// price level is a binary search plus an array insert over the (few hundred at most)
// distinct prices; cancelling is O(1) (the order is marked and skipped later).
import type { Tenths } from '../price';
import type { BookOrder, DepthLevel, Side } from './types';

export class OrderQueue {
  private items: BookOrder[] = [];
  private head = 0;
  /** Open shares in the queue. */
  quantity = 0;
  /** Open orders in the queue. */
  count = 0;

  push(order: BookOrder): void {
    this.items.push(order);
    this.quantity += order.remaining;
    this.count += 1;
  }

  /** The oldest live order, skipping cancelled ones. */
  peek(): BookOrder | undefined {
    while (this.head < this.items.length) {
      const o = this.items[this.head] as BookOrder;
      if (!o.done && o.remaining > 0) return o;
      this.head += 1;
    }
    this.compact();
    return undefined;
  }

  /** Book `qty` shares of a fill against `order` (which must be in this queue). */
  reduce(order: BookOrder, qty: number): void {
    order.remaining -= qty;
    this.quantity -= qty;
    if (order.remaining === 0) {
      this.count -= 1;
      this.compact();
    }
  }

  /** Take a live order out (cancel); the slot is skipped lazily. */
  remove(order: BookOrder): void {
    this.quantity -= order.remaining;
    this.count -= 1;
  }

  /** Live orders, oldest first. */
  live(): BookOrder[] {
    const out: BookOrder[] = [];
    for (let i = this.head; i < this.items.length; i++) {
      const o = this.items[i] as BookOrder;
      if (!o.done && o.remaining > 0) out.push(o);
    }
    return out;
  }

  isEmpty(): boolean {
    return this.count === 0;
  }

  private compact(): void {
    if (this.head > 64 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
  }
}

export class SideBook {
  readonly side: Side;
  /** Distinct limit prices with live orders, best first. */
  private prices: Tenths[] = [];
  /** The queue of each price in `prices`, same order: the best level without a map look-up. */
  private queues: OrderQueue[] = [];
  private levels = new Map<Tenths, OrderQueue>();
  readonly market = new OrderQueue();

  constructor(side: Side) {
    this.side = side;
  }

  /** True when `a` has better price priority than `b` on this side. */
  better(a: Tenths, b: Tenths): boolean {
    return this.side === 'buy' ? a > b : a < b;
  }

  add(order: BookOrder): void {
    if (order.price === null) {
      this.market.push(order);
      return;
    }
    let level = this.levels.get(order.price);
    if (!level) {
      level = new OrderQueue();
      this.levels.set(order.price, level);
      this.insertPrice(order.price, level);
    }
    level.push(order);
  }

  remove(order: BookOrder): void {
    if (order.price === null) {
      this.market.remove(order);
      return;
    }
    const level = this.levels.get(order.price);
    if (!level) return;
    level.remove(order);
    if (level.isEmpty()) this.dropLevel(order.price);
  }

  /** Record a fill of `qty` against a resting order. */
  fill(order: BookOrder, qty: number): void {
    if (order.price === null) {
      this.market.reduce(order, qty);
      return;
    }
    // Zaraba fills the best level; an Itayose may fill deeper ones.
    const level = order.price === this.prices[0] ? this.queues[0] : this.levels.get(order.price);
    if (!level) return;
    level.reduce(order, qty);
    if (level.isEmpty()) this.dropLevel(order.price);
  }

  bestPrice(): Tenths | undefined {
    return this.prices[0];
  }

  /** The order with the highest priority: market orders first, then best price, then time. */
  bestOrder(): BookOrder | undefined {
    const m = this.market.peek();
    if (m) return m;
    return this.queues[0]?.peek();
  }

  /** The best live limit order (ignoring market orders). */
  bestLimitOrder(): BookOrder | undefined {
    return this.queues[0]?.peek();
  }

  levelCount(): number {
    return this.prices.length;
  }

  /** The best `n` levels, best first. */
  depth(n: number): DepthLevel[] {
    const out: DepthLevel[] = [];
    for (let i = 0; i < this.prices.length && out.length < n; i++) {
      const q = this.queues[i] as OrderQueue;
      out.push({ price: this.prices[i] as Tenths, quantity: q.quantity, orders: q.count });
    }
    return out;
  }

  /** All levels, best first, as [price, quantity] pairs (for Itayose). */
  allLevels(): Array<{ price: Tenths; quantity: number }> {
    return this.prices.map((price, i) => ({ price, quantity: (this.queues[i] as OrderQueue).quantity }));
  }

  /** Live orders at one price, oldest first. */
  ordersAt(price: Tenths): BookOrder[] {
    return this.levels.get(price)?.live() ?? [];
  }

  /** Every live order on this side: market orders first, then by price priority, then time. */
  allOrders(): BookOrder[] {
    const out = this.market.live();
    for (const q of this.queues) out.push(...q.live());
    return out;
  }

  /** Index of the first level not better than `price` (binary search over the sorted prices). */
  private slotOf(price: Tenths): number {
    let lo = 0;
    let hi = this.prices.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.better(this.prices[mid] as Tenths, price)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private insertPrice(price: Tenths, queue: OrderQueue): void {
    const lo = this.slotOf(price);
    insertAt(this.prices, lo, price);
    insertAt(this.queues, lo, queue);
  }

  private dropLevel(price: Tenths): void {
    this.levels.delete(price);
    const lo = this.slotOf(price);
    if (this.prices[lo] === price) {
      removeAt(this.prices, lo);
      removeAt(this.queues, lo);
    }
  }
}

// Levels come and go with nearly every price move; `splice` returned a new array of the
// removed items each time, garbage the book made for nothing.
function insertAt<T>(items: T[], i: number, item: T): void {
  items.push(item);
  for (let k = items.length - 1; k > i; k--) items[k] = items[k - 1] as T;
  items[i] = item;
}

function removeAt<T>(items: T[], i: number): void {
  for (let k = i; k < items.length - 1; k++) items[k] = items[k + 1] as T;
  items.pop();
}
