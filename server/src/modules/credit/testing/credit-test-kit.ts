// Helpers of the credit tests: the whole app on PGlite with trading's test set-up (a test
// clock inside Monday's morning session, no simulated participants) and collateral priced by
// the test (a previous close per code the test sets: the controlled price path), the monitor's
// timer off (tests call checkCredit / sweepCredit).
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
import { addDays, createMarketRuntime, jstDateKey } from '../../market';
import { testUniverse } from '../../market/testing/market-test-kit';
import { recordOffExchangeBuy, type TradingService } from '../../trading';
import { MORNING, TRADING_CODES } from '../../trading/testing/trading-test-kit';
import type { CreditConfig } from '../config';
import type { CollateralPrices, CreditDeps } from '../deps';
import type { LendingConfig } from '../lending/config';
import type { LendingDeps } from '../lending/service';

export { createTrader, FUND_PASSWORD, idemKey, MORNING, trade, type TestCustomer } from '../../trading/testing/trading-test-kit';

export interface CreditTestContext {
  app: FastifyInstance;
  database: OpenedDatabase;
  db: OpenedDatabase['db'];
  clock: TestClock;
  wall: TestClock;
  deps: CreditDeps;
  /** Stock lending's deps: tests take its daily step themselves (no timer). */
  lending: LendingDeps;
  service: TradingService;
  /** Previous close per code, tenths of a yen: the test moves prices here. */
  closes: Map<string, number>;
  operator: { name: string; token: string };
  close(): Promise<void>;
}

/**
 * Lending config for a test: these shares outstanding per issue [LN7], and every issue lent at
 * 1.5 % p.a. and always in demand (no short or high-demand days), so each day lends and accrues.
 */
export function alwaysInDemandLending(seed: string, sharesOutstanding: Record<string, number>): Partial<LendingConfig> {
  return {
    sharesOutstanding,
    demand: {
      seed,
      rateBands: [{ perMille: 1000, rateBp: 150 }],
      shortPerMille: 0,
      highPerMille: 0,
      highMultiplier: 2,
      sharesOutstandingMin: 100_000_000,
      sharesOutstandingMax: 3_000_000_000,
    },
  };
}

export async function startCreditTestApp(opts: { config?: Partial<CreditConfig>; lending?: Partial<LendingConfig> } = {}): Promise<CreditTestContext> {
  const database = await openTestDatabase();
  await seedDatabase(database.db);
  await seedFundsConfig(database.db);
  const clock = fixedClock(MORNING);
  const wall = fixedClock(MORNING);
  const dataDir = mkdtempSync(join(tmpdir(), 'kabuto-credit-test-'));
  const runtime = createMarketRuntime({ clock, seed: 'credit-test', universe: testUniverse(TRADING_CODES), eventRate: 1e-9 });
  const closes = new Map<string, number>();
  const prices: CollateralPrices = {
    previousCloseTenths: (code) => closes.get(code) ?? null,
    nameOf: (code) => runtime.market.instrument(code)?.name.jp ?? code,
    isListedEquity: (code) => runtime.market.instrument(code) !== undefined,
  };
  let deps: CreditDeps | null = null;
  let service: TradingService | null = null;
  let lending: LendingDeps | null = null;
  const app = await buildApp({
    db: database,
    clock: wall,
    businessClock: realBusinessClock(clock),
    dataDir,
    releasesDir: join(dataDir, 'releases'),
    shellDir: join(dataDir, 'no-shell'),
    secret: 'credit-test-secret-long-enough',
    market: runtime,
    trading: { config: { sweepMs: 0 }, onService: (s) => (service = s) },
    lending: { stepMs: 0, ...(opts.lending ? { config: opts.lending } : {}), onDeps: (d) => (lending = d) },
    credit: {
      config: { sweepMs: 0, ...opts.config },
      prices,
      onDeps: (d) => {
        deps = d;
      },
    },
  });
  await app.ready();
  if (!deps || !service || !lending) throw new Error('credit, lending or trading not started');
  const operator = await createOperator(database.db, 'credit-ops');
  return {
    app,
    database,
    db: database.db,
    clock,
    wall,
    deps,
    lending,
    service,
    closes,
    operator,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A settled cash holding of `shares` of `code` (bought off-auction two weeks ago, so past T+2). */
export async function giveHolding(
  t: Pick<CreditTestContext, 'db' | 'clock'>,
  c: TestCustomer,
  code: string,
  shares: number,
  priceTenths: number,
): Promise<number> {
  const tradeDate = addDays(jstDateKey(t.clock.now()), -14);
  const { positionId } = await t.db.transaction((tx) =>
    recordOffExchangeBuy(tx, {
      userId: c.user.id,
      code,
      shares,
      priceTenths,
      at: t.clock.now(),
      tradeDate,
      tradeId: `test-holding:${c.user.id}:${code}:${shares}:${Math.random()}`,
      lockUpUntil: null,
    }),
  );
  return positionId;
}

type FormValue = string | number | undefined;

export interface Answer<T = unknown> {
  status: number;
  msg: string;
  data: T;
}

export function credit<T = unknown>(app: FastifyInstance, action: string, form: Record<string, FormValue>, c: TestCustomer): Promise<Answer<T>> {
  return vueCall<T>(app, `credit/${action}`, form, c);
}

export function opsCredit<T = unknown>(
  t: Pick<CreditTestContext, 'app' | 'operator'>,
  method: 'GET' | 'POST',
  path: string,
  body?: Record<string, unknown>,
): Promise<Answer<T>> {
  return opsJson<T>(t.app, t.operator.token, method, `/credit${path}`, body);
}
