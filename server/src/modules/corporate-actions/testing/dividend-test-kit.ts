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
  close(): Promise<void>;
}

export async function startDividendTestApp(): Promise<DividendTestContext> {
  const database = await openTestDatabase();
  await seedDatabase(database.db);
  await seedFundsConfig(database.db);
  const clock = fixedClock(MORNING);
  const wall = fixedClock(MORNING);
  const dataDir = mkdtempSync(join(tmpdir(), 'kabuto-dividend-test-'));
  const runtime = createMarketRuntime({ clock, seed: 'dividend-test', universe: testUniverse(TRADING_CODES), eventRate: 1e-9 });
  let deps: CorporateActionsDeps | null = null;
  const app = await buildApp({
    db: database,
    clock: wall,
    businessClock: realBusinessClock(clock),
    dataDir,
    releasesDir: join(dataDir, 'releases'),
    shellDir: join(dataDir, 'no-shell'),
    secret: 'dividend-test-secret-long-enough',
    market: runtime,
    trading: { config: { sweepMs: 0 } },
    credit: { config: { sweepMs: 0 } },
    corporateActions: { config: { sweepMs: 0 }, onDeps: (d) => (deps = d) },
  });
  await app.ready();
  if (!deps) throw new Error('corporate actions not started');
  const operator = await createOperator(database.db, 'dividend-ops');
  return {
    app,
    db: database.db,
    clock,
    wall,
    deps,
    runtime,
    operator,
    close: async () => {
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
