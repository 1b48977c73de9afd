// The operator's price shocks as every process's price paths follow them. A shock is written with
// its audit row (ops-routes.ts), then applied here once per process: at start every saved shock
// (a restart's paths move as before it), and afterwards, every few seconds, the recent ones
// another process wrote (a cluster's shock is made by the partition holding the code; the home
// partition's indices and every process's copy of the path must follow it too).
import { gte } from 'drizzle-orm';
import type { Clock } from '../../../clock';
import type { Database } from '../../../db/client';
import type { DateKey } from '../rules/calendar';
import type { MarketSimulator } from '../simulation/market-simulator';
import { marketShocks } from '../schema';

/** How often a process looks for shocks another process wrote. */
export const SHOCK_FOLLOW_MS = 5_000;
/**
 * How far back each look reaches (by the row's write time): far more than a transaction can take
 * between its insert and its commit, so no row commits unseen; rows older than this were loaded
 * at start or by an earlier look.
 */
const LOOK_BACK_MS = 10 * 60_000;

export interface ShockRow {
  id: number;
  code: string;
  date: string;
  percent: number;
}

export interface ShockFollower {
  /** Applies a shock this process just wrote (once, whoever sees it first). */
  apply(row: ShockRow): void;
  /** Applies every saved shock (at start). */
  loadAll(): Promise<void>;
  /** Applies the recent shocks not applied yet (the periodic look). */
  catchUp(): Promise<void>;
}

export function followShocks(db: Database, clock: Clock, simulator: MarketSimulator): ShockFollower {
  const applied = new Set<number>();
  const apply = (row: ShockRow): void => {
    if (applied.has(row.id)) return;
    applied.add(row.id);
    // A code this build's universe does not know (a later build's listing) has no path to move.
    if (!simulator.universe.byCode(row.code)) return;
    simulator.shock(row.code, row.date as DateKey, 1 + row.percent / 100);
  };
  const columns = { id: marketShocks.id, code: marketShocks.code, date: marketShocks.date, percent: marketShocks.percent };
  return {
    apply,
    async loadAll() {
      for (const row of await db.select(columns).from(marketShocks).orderBy(marketShocks.id)) apply(row);
    },
    async catchUp() {
      const since = new Date(clock.now().getTime() - LOOK_BACK_MS);
      for (const row of await db.select(columns).from(marketShocks).where(gte(marketShocks.createdAt, since)).orderBy(marketShocks.id)) apply(row);
    },
  };
}
