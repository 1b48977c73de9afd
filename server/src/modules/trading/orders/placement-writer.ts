// The write of placed orders by group commit (docs/trading.md "Write path"). Every check that
// needs no database ran in placeOrder; here, in ONE transaction for all orders placed at the
// same moment: the funds locks of their customers, their idempotency keys, each customer's
// buying power (read once, then spent order by order in arrival order, so parallel orders can
// never hold more than it), then one statement each for the ids, the positions, the orders and
// the idempotency keys. A refused order is refused alone and writes nothing. After the commit
// each customer's new orders enter the venue in one engine task (their acceptances and the
// fills they make at once written together), and only then is each placement answered.
import { sql } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import { ApiFailure } from '../../../http/envelope';
import { fundsIdempotency, lockFundsOf, refuse, replayIfSeen, requestHash, type IdempotentRequest } from '../../funds';
import type { TradingDeps } from '../deps';
import { jpy } from '../money';
import { tradingOrders, tradingPositions, type TradingOrderRow } from '../schema';
import { clientIdOf } from '../venue';
import { powerFigures } from './buying-power';
import type { OrderEngine } from './engine';
import { GroupCommit, type JobOutcome } from './group-commit';

export interface PlacementJob {
  request: IdempotentRequest;
  /** What the order holds of the customer's buying power. */
  hold: bigint;
  position: Omit<typeof tradingPositions.$inferInsert, 'id'>;
  order: Omit<typeof tradingOrders.$inferInsert, 'id' | 'positionId' | 'clientOrderId'>;
}

export interface Placement {
  positionId: number;
  replayed: boolean;
  /** Resolves once the order is in the venue and its immediate fills are written. */
  entered: Promise<void>;
}

const writers = new WeakMap<OrderEngine, GroupCommit<PlacementJob, Placement>>();

/** The engine's placement writer (one per engine, so per server). */
export function placementsOf(deps: TradingDeps, engine: OrderEngine): GroupCommit<PlacementJob, Placement> {
  let writer = writers.get(engine);
  if (!writer) {
    writer = new GroupCommit((jobs) => writePlacements(deps, engine, jobs));
    writers.set(engine, writer);
  }
  return writer;
}

const keyOf = (r: IdempotentRequest) => `${r.userId}|${r.key}`;
const done = Promise.resolve();

export async function writePlacements(deps: TradingDeps, engine: OrderEngine, jobs: readonly PlacementJob[]): Promise<JobOutcome<Placement>[]> {
  const outcomes: (JobOutcome<Placement> | null)[] = jobs.map(() => null);
  /** Accepted jobs, in arrival order. */
  const accepted: number[] = [];
  /** A job repeating an accepted job's key in this same batch: answered as its replay. */
  const repeats = new Map<number, number>();
  let ids: { positionId: number; orderId: number }[] = [];
  let rows: TradingOrderRow[] = [];
  const claimed: number[] = [];
  try {
    await writeBatch();
  } catch (error) {
    engine.forgetPlacements(claimed);
    throw error;
  }
  async function writeBatch(): Promise<void> {
    await deps.db.transaction(async (tx) => {
      await lockFundsOf(
        tx,
        deps.clock,
        jobs.map((j) => j.request.userId),
      );
      // Keys already answered, for all jobs in one statement (after the locks: a same-key request
      // of another server that committed first is seen).
      const pairs = sql.join(
        jobs.map((j) => sql`(${j.request.userId}::int, ${j.request.key}::text)`),
        sql`, `,
      );
      const seen = await tx
        .select({ userId: fundsIdempotency.userId, key: fundsIdempotency.key })
        .from(fundsIdempotency)
        .where(sql`(${fundsIdempotency.userId}, ${fundsIdempotency.key}) in (${pairs})`);
      const seenKeys = new Set(seen.map((r) => `${r.userId}|${r.key}`));
      const power = new Map<number, bigint>();
      const firstOfKey = new Map<string, number>();
      for (const [i, job] of jobs.entries()) {
        const { request } = job;
        try {
          if (seenKeys.has(keyOf(request))) {
            const again = await replayIfSeen<{ positionId: number }>(tx, request); // refuses a reused key
            if (again) {
              outcomes[i] = { ok: true, value: { positionId: again.data.positionId, replayed: true, entered: done } };
              continue;
            }
          }
          const first = firstOfKey.get(keyOf(request));
          if (first !== undefined) {
            const firstRequest = (jobs[first] as PlacementJob).request;
            if (requestHash(firstRequest.action, firstRequest.params) !== requestHash(request.action, request.params)) refuse(MSG.idempotencyKeyReused);
            repeats.set(i, first);
            continue;
          }
          const available = power.get(request.userId) ?? (await powerFigures(deps, tx, request.userId)).buyingPower;
          if (job.hold > available) refuse(MSG.insufficientBuyingPower, { rule: 'buying-power', required: jpy(job.hold), buyingPower: jpy(available) });
          power.set(request.userId, available - job.hold);
          firstOfKey.set(keyOf(request), i);
          accepted.push(i);
        } catch (error) {
          // A refusal is this job's answer; anything else rolls the batch back.
          if (!(error instanceof ApiFailure)) throw error;
          outcomes[i] = { ok: false, error };
        }
      }
      if (accepted.length === 0) return;
      ids = await tx
        .select({
          positionId: sql<number>`nextval(pg_get_serial_sequence('trading_positions', 'id'))::int`,
          orderId: sql<number>`nextval(pg_get_serial_sequence('trading_orders', 'id'))::int`,
        })
        .from(sql`generate_series(1, ${accepted.length}::int)`);
      if (ids.length !== accepted.length) throw new Error('order ids not allocated');
      const idOf = (n: number) => ids[n] as { positionId: number; orderId: number };
      const jobOf = (i: number) => jobs[i] as PlacementJob;
      await tx.insert(tradingPositions).values(accepted.map((i, n) => ({ ...jobOf(i).position, id: idOf(n).positionId })));
      rows = await tx
        .insert(tradingOrders)
        .values(
          accepted.map((i, n) => ({ ...jobOf(i).order, id: idOf(n).orderId, positionId: idOf(n).positionId, clientOrderId: clientIdOf(idOf(n).orderId) })),
        )
        .returning();
      const now = deps.clock.now();
      await tx.insert(fundsIdempotency).values(
        accepted.map((i, n) => {
          const { request } = jobOf(i);
          return {
            userId: request.userId,
            key: request.key,
            action: request.action,
            requestHash: requestHash(request.action, request.params),
            response: { msg: MSG.orderPlaced, data: { positionId: idOf(n).positionId } },
            createdAt: now,
          };
        }),
      );
      // Claimed before the commit: a sweep that sees them queued leaves them to this placement.
      claimed.push(...rows.map((r) => r.id));
      engine.expectPlacements(claimed);
    });
  }
  // Committed: into the venue, one engine task per customer.
  const byUser = new Map<number, TradingOrderRow[]>();
  for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
  const entered = new Map<number, Promise<void>>();
  for (const [userId, list] of byUser) entered.set(userId, engine.submitPlaced(list));
  accepted.forEach((i, n) => {
    const userId = (jobs[i] as PlacementJob).request.userId;
    outcomes[i] = { ok: true, value: { positionId: (ids[n] as { positionId: number }).positionId, replayed: false, entered: entered.get(userId) ?? done } };
  });
  for (const [i, first] of repeats) {
    const value = outcomes[first];
    outcomes[i] = value?.ok ? { ok: true, value: { ...value.value, replayed: true } } : (value ?? { ok: false, error: new Error('placement lost') });
  }
  return outcomes.map((o) => o ?? { ok: false, error: new Error('placement not answered') });
}
