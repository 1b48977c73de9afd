// The cluster probe (docs/operations.md "Cluster"): customers placing orders through the load
// balancer while processes are killed, and the history checker that reads what the database
// kept. A caller whose placement got no answer (the server died under it, the venue was
// failing over) sends the same idempotency key again until it is answered, as the app does;
// an acknowledged placement must then exist exactly once. The checker, Jepsen style: every
// acknowledged order ends in exactly one final state, fills are unique by trade id, each order's
// filled quantity is the sum of its fills and each position's quantity the sum of its fills,
// and the ledger balances.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { checkLedger } from '../modules/funds';
import { tradingFills, tradingOrders, tradingPositions } from '../modules/trading';
import type { ProbeCustomer } from './customers';

interface Answer {
  status: number;
  msg: string;
  data: { id: number; list?: { id: number }[] } | null;
}

export interface Acknowledged {
  key: string;
  positionId: number;
  userId: number;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A trading call as the app makes it (form body, session headers). */
export async function tradeCall(base: string, customer: ProbeCustomer, action: string, form: Record<string, string>, timeoutMs = 20_000): Promise<Answer> {
  const res = await fetch(`${base}/api/vue/trade/${action}`, {
    method: 'POST',
    headers: { token: customer.token, account: customer.account, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
    signal: AbortSignal.timeout(timeoutMs),
  });
  return (await res.json()) as Answer;
}

export const PROBE_CODE = '8306';

/** The day's lower price limit of `code` in whole yen (the quote carries tenths). */
export async function lowerLimitYen(base: string, code = PROBE_CODE): Promise<number> {
  const res = await fetch(`${base}/api/vue/market/quote`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `code=${code}`,
  });
  const answer = (await res.json()) as { status: number; data: { lowerLimit: number } | null };
  if (answer.status !== 1 || !answer.data) throw new Error(`no quote of ${code}`);
  return Math.ceil(answer.data.lowerLimit / 10);
}

/**
 * Every third order a market buy (it fills against the venue's asks), the others limit buys
 * resting just above the day's lower limit, far below the market (1 yen is on every tick grid).
 */
export function orderForm(serial: number, key: string, lowerLimit: number, code = PROBE_CODE): Record<string, string> {
  const base = { code, product: 'cash', side: 'buy', lots: '1', idempotencyKey: key };
  return serial % 3 === 0 ? { ...base, orderType: 'market' } : { ...base, orderType: 'limit', price: String(lowerLimit + (serial % 100)) };
}

export interface StreamFigures {
  acknowledged: number;
  /** Placements answered only after one or more retries of the same key. */
  retried: number;
  /** The longest time one placement waited for its answer, retries included (ms): what a customer saw of a fault. */
  longestWaitMs: number;
  refused: string[];
}

/**
 * Callers placing orders one after another through `base()` until `stop()`; each placement is
 * retried with its key until answered. `stop()` resolves once every placement in flight is answered.
 */
export class OrderStream {
  readonly acknowledged = new Map<string, Acknowledged>();
  private serial = 0;
  private stopping = false;
  private running: Promise<void>[] = [];
  private readonly figures: StreamFigures = { acknowledged: 0, retried: 0, longestWaitMs: 0, refused: [] };
  private faultAt: number | null = null;
  /** From `markFault()` to the first answer of a placement sent after it: how long the fault stopped trading. */
  stalledMs: number | null = null;

  constructor(
    private readonly base: () => string,
    private readonly customers: readonly ProbeCustomer[],
    private readonly prefix: string,
    private readonly lowerLimit: number,
  ) {}

  start(callers: number): void {
    this.stopping = false;
    for (let i = 0; i < callers; i++) this.running.push(this.caller(i));
  }

  markFault(): void {
    this.faultAt = performance.now();
    this.stalledMs = null;
  }

  async stop(): Promise<StreamFigures> {
    this.stopping = true;
    await Promise.all(this.running);
    this.running = [];
    return { ...this.figures, acknowledged: this.acknowledged.size };
  }

  private async caller(index: number): Promise<void> {
    while (!this.stopping) {
      const serial = ++this.serial;
      const key = `${this.prefix}-${String(serial).padStart(6, '0')}`;
      const customer = this.customers[(index + serial) % this.customers.length];
      if (!customer) return;
      await this.placeUntilAnswered(customer, key, serial);
    }
  }

  private async placeUntilAnswered(customer: ProbeCustomer, key: string, serial: number): Promise<void> {
    const started = performance.now();
    for (let attempt = 0; ; attempt++) {
      let answer: Answer | null = null;
      const sent = performance.now();
      try {
        answer = await tradeCall(this.base(), customer, 'place', orderForm(serial, key, this.lowerLimit));
      } catch {
        // No answer: the server or the venue went away under the call. Same key again.
      }
      if (answer?.status === 1 && answer.data) {
        const before = this.acknowledged.get(key);
        if (before && before.positionId !== answer.data.id)
          throw new Error(`key ${key} answered with two positions: ${before.positionId} and ${answer.data.id}`);
        this.acknowledged.set(key, { key, positionId: answer.data.id, userId: customer.userId });
        if (attempt > 0) this.figures.retried += 1;
        this.figures.longestWaitMs = Math.max(this.figures.longestWaitMs, Math.round(performance.now() - started));
        if (this.faultAt !== null && sent > this.faultAt && this.stalledMs === null) this.stalledMs = Math.round(performance.now() - this.faultAt);
        return;
      }
      // A refusal other than "starting" (the venue restoring orders) is a finding, not a fault to wait out.
      if (answer && answer.status === 0 && !/系統啟動中|系統繁忙/.test(answer.msg)) {
        this.figures.refused.push(`${key}: ${answer.msg}`);
        return;
      }
      await sleep(Math.min(100 * 2 ** attempt, 1_000));
    }
  }
}

/** Cancels every pending order of `customers` through `base`; returns the refusals of orders still pending after them. */
export async function cancelAllPending(base: string, customers: readonly ProbeCustomer[]): Promise<string[]> {
  const refused: string[] = [];
  const pendingIds = async (customer: ProbeCustomer, tab: string): Promise<number[]> =>
    ((await tradeCall(base, customer, 'list', { tab, status: 'pending', page: '1', size: '50' })).data?.list ?? []).map((row) => row.id);
  for (const customer of customers)
    for (const tab of ['competition', 'auction']) {
      for (;;) {
        const ids = await pendingIds(customer, tab);
        if (ids.length === 0) break;
        let cancelled = 0;
        const refusedNow = new Map<number, string>();
        for (const id of ids) {
          const answer = await tradeCall(base, customer, 'cancel', { id: String(id) });
          if (answer.status === 1) cancelled += 1;
          else refusedNow.set(id, answer.msg);
        }
        if (cancelled > 0) continue;
        // An order that filled or expired between the list and its cancel is refused as no longer
        // pending, rightly: only a refused order that is still pending is a refusal to report.
        const still = new Set(await pendingIds(customer, tab));
        for (const [id, msg] of refusedNow) if (still.has(id)) refused.push(`${id}: ${msg}`);
        break;
      }
    }
  return refused;
}

export interface HistoryReport {
  acknowledged: number;
  /** Acknowledged placements whose position is not in the database. */
  lost: number;
  /** Positions of the probe's customers that no acknowledgement names (a placement written twice). */
  unacknowledgedPositions: number;
  /** Acknowledged orders not in exactly one final state (filled, cancelled, expired, rejected). */
  notFinal: number;
  /** Fills written twice for one (order, trade id), or one trade id on more than one order of one side. */
  duplicateFills: number;
  /** Orders whose filled quantity is not the sum of their fills. */
  orderFillMismatches: number;
  /** Positions whose quantity is not the sum of their fills. */
  positionFillMismatches: number;
  fills: number;
  ledgerBalanced: boolean;
}

const FINAL_STATES = new Set(['filled', 'cancelled', 'expired', 'rejected']);

/**
 * Reads the database after the faults, for the placements in `acknowledged`. All of it from one
 * snapshot: resting orders still fill while it reads, and a fill committed between reading the
 * positions and reading the fills would otherwise count as a position that disagrees with them.
 */
export async function checkHistory(db: Database, customers: readonly ProbeCustomer[], acknowledged: Iterable<Acknowledged>): Promise<HistoryReport> {
  return db.transaction((tx) => readHistory(tx, customers, [...acknowledged]), { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

async function readHistory(db: Database, customers: readonly ProbeCustomer[], acked: readonly Acknowledged[]): Promise<HistoryReport> {
  const userIds = customers.map((c) => c.userId);
  const positions = await db
    .select({
      id: tradingPositions.id,
      ordered: tradingPositions.orderedQuantity,
      open: tradingPositions.openQuantity,
      closed: tradingPositions.closedQuantity,
    })
    .from(tradingPositions)
    .where(inArray(tradingPositions.userId, userIds));
  const positionIds = new Set(positions.map((p) => p.id));
  const answered = new Set(acked.map((a) => a.positionId));
  const orders = await db
    .select({ id: tradingOrders.id, positionId: tradingOrders.positionId, state: tradingOrders.state, filled: tradingOrders.filledQuantity })
    .from(tradingOrders)
    .where(and(inArray(tradingOrders.userId, userIds), eq(tradingOrders.kind, 'open')));
  const ordersByPosition = new Map<number, typeof orders>();
  for (const o of orders) ordersByPosition.set(o.positionId, [...(ordersByPosition.get(o.positionId) ?? []), o]);
  const fillSums = await db
    .select({
      orderId: tradingFills.orderId,
      positionId: tradingFills.positionId,
      quantity: sql<string>`sum(${tradingFills.quantity})::text`,
      count: sql<string>`count(*)::text`,
    })
    .from(tradingFills)
    .where(inArray(tradingFills.userId, userIds))
    .groupBy(tradingFills.orderId, tradingFills.positionId);
  const filledByOrder = new Map(fillSums.map((f) => [f.orderId, Number(f.quantity)]));
  const filledByPosition = new Map<number, number>();
  for (const f of fillSums) filledByPosition.set(f.positionId, (filledByPosition.get(f.positionId) ?? 0) + Number(f.quantity));
  const fillKeys = await db
    .select({ orderId: tradingFills.orderId, tradeId: tradingFills.tradeId, side: tradingFills.side })
    .from(tradingFills)
    .where(inArray(tradingFills.userId, userIds));
  const seenOrderTrade = new Set<string>();
  const seenSideTrade = new Set<string>();
  let duplicateFills = 0;
  for (const f of fillKeys) {
    const byOrder = `${f.orderId}/${f.tradeId}`;
    const bySide = `${f.side}/${f.tradeId}`;
    if (seenOrderTrade.has(byOrder) || seenSideTrade.has(bySide)) duplicateFills += 1;
    seenOrderTrade.add(byOrder);
    seenSideTrade.add(bySide);
  }

  let notFinal = 0;
  for (const a of acked) {
    const own = ordersByPosition.get(a.positionId) ?? [];
    if (own.length !== 1 || !own[0] || !FINAL_STATES.has(own[0].state)) notFinal += 1;
  }
  return {
    acknowledged: acked.length,
    lost: [...answered].filter((id) => !positionIds.has(id)).length,
    unacknowledgedPositions: [...positionIds].filter((id) => !answered.has(id)).length,
    notFinal,
    duplicateFills,
    orderFillMismatches: orders.filter((o) => o.filled !== (filledByOrder.get(o.id) ?? 0)).length,
    positionFillMismatches: positions.filter((p) => p.open + p.closed !== (filledByPosition.get(p.id) ?? 0)).length,
    fills: fillSums.reduce((n, f) => n + Number(f.count), 0),
    ledgerBalanced: (await checkLedger(db)).balanced,
  };
}
