// The history checker's replay (docs/operations.md "The fault suite"): a venue built apart from
// the cluster, from the same seed and the same database (universe, listings, dividend schedule),
// is fed a partition's logged inputs of one day at their logged times. Its fills of our orders
// must be exactly the fills the cluster wrote, whatever leaders came and went: same trade ids,
// orders, prices and quantities.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, desc, eq, like, not } from 'drizzle-orm';
import { buildApp } from '../app';
import { fixedClock, realBusinessClock } from '../clock';
import type { OpenedDatabase } from '../db/client';
import { inputsOfDay } from '../cluster/venue-input-log';
import { partitionOf } from '../cluster/partitions';
import { venueInputs } from '../cluster/schema';
import { createMarketRuntime, DEFAULT_MARKET_SEED, PtsVenue, type Fill } from '../modules/market';
import { VenueRouter, orderOfClientId, tradingFills, tradingOrders, userOfOwner } from '../modules/trading';

export interface ReplayReport {
  tradingDate: string | null;
  inputs: number;
  /** Our fills the replay made. */
  replayedFills: number;
  /** Our fills of that day's orders the cluster wrote. */
  writtenFills: number;
  /** Made by the replay, not written (a lost fill). */
  missing: number;
  /** Written, not made by the replay (a fill no logged input explains). */
  unexplained: number;
}

const keyOf = (f: { orderId: number; tradeId: string; price: number; quantity: number }) => `${f.orderId}|${f.tradeId}|${f.price}|${f.quantity}`;

/** Replays partition `partition`'s last logged day and compares its fills with the written ones. */
export async function checkVenueReplay(database: OpenedDatabase, opts: { partition?: number; partitions?: number; seed?: string } = {}): Promise<ReplayReport> {
  const db = database.db;
  const partition = opts.partition ?? 0;
  const [last] = await db
    .select({ tradingDate: venueInputs.tradingDate })
    .from(venueInputs)
    .where(eq(venueInputs.partition, partition))
    .orderBy(desc(venueInputs.seq))
    .limit(1);
  if (!last) return { tradingDate: null, inputs: 0, replayedFills: 0, writtenFills: 0, missing: 0, unexplained: 0 };
  const { tradingDate } = last;
  const inputs = await inputsOfDay(db, partition, tradingDate);
  // Written fills of that day's orders (a fill written without a log carries its process's tag, '@').
  // Only the instruments this partition holds: the other partitions' fills are in their own logs.
  const written = (
    await db
      .select({
        orderId: tradingFills.orderId,
        tradeId: tradingFills.tradeId,
        price: tradingFills.price,
        quantity: tradingFills.quantity,
        at: tradingFills.at,
        code: tradingOrders.code,
      })
      .from(tradingFills)
      .innerJoin(tradingOrders, eq(tradingOrders.id, tradingFills.orderId))
      .where(and(eq(tradingOrders.tradingDate, tradingDate), not(like(tradingFills.tradeId, '%@%'))))
  ).filter((f) => partitionOf(f.code, opts.partitions ?? 1) === partition);
  const lastAt = Math.max(inputs.at(-1)?.at.getTime() ?? 0, ...written.map((f) => f.at.getTime()));

  // The venue as a leader builds it (app.ts), without its background work, on a clock standing at the day's last act.
  const clock = fixedClock(new Date(lastAt));
  const dir = mkdtempSync(join(tmpdir(), 'kabuto-replay-'));
  const runtime = createMarketRuntime({ clock, seed: opts.seed ?? DEFAULT_MARKET_SEED });
  const app = await buildApp({
    db: database,
    clock,
    businessClock: realBusinessClock(clock),
    dataDir: dir,
    releasesDir: join(dir, 'releases'),
    shellDir: join(dir, 'no-shell'),
    secret: 'venue-replay-check-not-a-server',
    market: runtime,
    background: false,
  });
  try {
    await app.ready();
    // Both venues as the leader routes to them (app.ts), without a log: inputs go in at their times.
    const market = runtime.market;
    const venues = new VenueRouter(market, new PtsVenue({ primary: market, clock, seed: market.simulator.seed }));
    const replayed: Fill[] = [];
    const stop = venues.onFill((f) => replayed.push(f));
    venues.restartDay();
    for (const input of inputs) {
      if (input.kind === 'submit') venues.submitOrder(input.order, input.at);
      else venues.cancelOrder(input.orderId, input.ownerId, input.at);
    }
    // Fills of resting orders after the last input (participants trading into them) are the books' too.
    const end = new Date(lastAt);
    for (const input of inputs) {
      if (input.kind !== 'submit') continue;
      // A PTS book is brought to the (fixed) clock by reading it.
      if (input.order.venue === 'pts') venues.pts.quote(input.order.code);
      else market.simulator.advance(input.order.code, end);
    }
    stop();
    const ours = replayed.flatMap((f) => {
      const orderId = orderOfClientId(f.clientOrderId);
      return orderId === null || userOfOwner(f.ownerId) === null ? [] : [keyOf({ orderId, tradeId: f.tradeId, price: f.price, quantity: f.quantity })];
    });
    const replayedKeys = new Set(ours);
    const writtenKeys = new Set(written.map(keyOf));
    return {
      tradingDate,
      inputs: inputs.length,
      replayedFills: replayedKeys.size,
      writtenFills: writtenKeys.size,
      missing: [...replayedKeys].filter((k) => !writtenKeys.has(k)).length,
      unexplained: [...writtenKeys].filter((k) => !replayedKeys.has(k)).length,
    };
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
