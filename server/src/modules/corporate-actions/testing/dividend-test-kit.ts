// Helpers of the dividend tests: the whole app on PGlite with trading's test set-up (a test
// clock, no simulated participants), the sweep's timer off (tests call the sweep), the deps handed
// back, and form-encoded customer calls and JSON operator calls.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../app';
import { fixedClock, realBusinessClock, type TestClock } from '../../../clock';
import type { OpenedDatabase } from '../../../db/client';
import { seedDatabase } from '../../common';
import { seedFundsConfig } from '../../funds';
import { createOperator, opsJson, vueCall, type TestCustomer } from '../../funds/testing/funds-test-kit';
import { openTestDatabase } from '../../funds/testing/test-database';
import { createMarketRuntime, type MarketRuntime } from '../../market';
import { testUniverse } from '../../market/testing/market-test-kit';
import { MORNING, TRADING_CODES } from '../../trading/testing/trading-test-kit';
import type { CorporateActionsDeps } from '../deps';

export { createTrader, FUND_PASSWORD, idemKey, MORNING, type TestCustomer } from '../../trading/testing/trading-test-kit';
export { giveHolding } from '../../credit/testing/credit-test-kit';

export interface DividendTestContext {
  app: FastifyInstance;
  db: OpenedDatabase['db'];
  clock: TestClock;
  wall: TestClock;
  deps: CorporateActionsDeps;
  runtime: MarketRuntime;
  operator: { name: string; token: string };
  /**
   * Another process of a cluster on the same database (a venue partition other than home, an API
   * server): no background work, its own copy of the venue, following the schedule every 50 ms.
   */
  otherProcess(): Promise<{ app: FastifyInstance; runtime: MarketRuntime }>;
  close(): Promise<void>;
}

/** How often the test's other processes read the schedule again. */
export const TEST_SCHEDULE_FOLLOW_MS = 50;

export async function startDividendTestApp(): Promise<DividendTestContext> {
  const database = await openTestDatabase();
  await seedDatabase(database.db);
  await seedFundsConfig(database.db);
  const clock = fixedClock(MORNING);
  const wall = fixedClock(MORNING);
  const dataDir = mkdtempSync(join(tmpdir(), 'kabuto-dividend-test-'));
  const newRuntime = () => createMarketRuntime({ clock, seed: 'dividend-test', universe: testUniverse(TRADING_CODES), eventRate: 1e-9 });
  const runtime = newRuntime();
  const build = (market: MarketRuntime, opts: { background: boolean; onDeps?: (d: CorporateActionsDeps) => void }) =>
    buildApp({
      db: database,
      clock: wall,
      businessClock: realBusinessClock(clock),
      dataDir,
      releasesDir: join(dataDir, 'releases'),
      shellDir: join(dataDir, 'no-shell'),
      secret: 'dividend-test-secret-long-enough',
      market,
      background: opts.background,
      trading: { config: { sweepMs: 0 } },
      credit: { config: { sweepMs: 0 } },
      corporateActions: { config: { sweepMs: 0 }, scheduleFollowMs: TEST_SCHEDULE_FOLLOW_MS, ...(opts.onDeps ? { onDeps: opts.onDeps } : {}) },
    });
  let deps: CorporateActionsDeps | null = null;
  const app = await build(runtime, { background: true, onDeps: (d) => (deps = d) });
  await app.ready();
  if (!deps) throw new Error('corporate actions not started');
  const operator = await createOperator(database.db, 'dividend-ops');
  const others: FastifyInstance[] = [];
  return {
    app,
    db: database.db,
    clock,
    wall,
    deps,
    runtime,
    operator,
    otherProcess: async () => {
      const other = newRuntime();
      const otherApp = await build(other, { background: false });
      others.push(otherApp);
      await otherApp.ready();
      return { app: otherApp, runtime: other };
    },
    close: async () => {
      for (const other of others) await other.close();
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Answer<T = unknown> {
  status: number;
  msg: string;
  data: T;
}

export function dividend<T = unknown>(
  app: FastifyInstance,
  action: string,
  form: Record<string, string | number | undefined>,
  c: TestCustomer,
): Promise<Answer<T>> {
  return vueCall<T>(app, `dividend/${action}`, form, c);
}

export function opsDividend<T = unknown>(
  t: Pick<DividendTestContext, 'app' | 'operator'>,
  method: 'GET' | 'POST',
  path: string,
  body?: Record<string, unknown>,
): Promise<Answer<T>> {
  return opsJson<T>(t.app, t.operator.token, method, `/dividends${path}`, body);
}
