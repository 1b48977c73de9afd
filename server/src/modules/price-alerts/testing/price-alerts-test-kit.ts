// Helpers of the price-alert tests: a scripted venue (the test decides every trade and the
// previous close), the services on a test database, and the whole app with its watcher.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../app';
import { fixedClock, jstDate, realBusinessClock, type TestClock } from '../../../clock';
import type { OpenedDatabase } from '../../../db/client';
import { createOutboxGateway } from '../../../notifications/gateway';
import { seedDatabase } from '../../common';
import { seedFundsConfig } from '../../funds';
import { createCustomer, type TestCustomer } from '../../funds/testing/funds-test-kit';
import { openTestDatabase } from '../../funds/testing/test-database';
import { createMarketRuntime, type Trade } from '../../market';
import { testUniverse } from '../../market/testing/market-test-kit';
import { ALERTS_API, type AlertVenue, type PriceAlertsDeps } from '../deps';
import type { AlertWatcher } from '../watcher';

export { createCustomer, type TestCustomer };

export const START = jstDate(2025, 1, 6, 10, 0);
const universe = testUniverse(['7203', '6758']);

/** A venue whose tape the test writes: emit() calls every onTrade listener at once, as the simulator does. */
export interface ScriptedVenue extends AlertVenue {
  previousClose: number;
  emit(trade: Trade): void;
}

export function scriptedVenue(previousClose: number): ScriptedVenue {
  const listeners = new Set<(trade: Trade) => void>();
  const venue: ScriptedVenue = {
    previousClose,
    instrument: (code) => universe.byCode(code),
    tickTable: () => '01',
    quote: () => ({ previousClose: venue.previousClose, last: null }),
    onTrade(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(trade) {
      for (const l of listeners) l(trade);
    },
  };
  return venue;
}

let tradeSeq = 0;
export function trade(code: string, price: number, at: number): Trade {
  tradeSeq++;
  return { id: `${code}-zaraba-T${tradeSeq}`, code, price, quantity: 100, at, buyOrderId: 'b', sellOrderId: 's', aggressor: 'buy' };
}

export interface ServiceContext {
  db: OpenedDatabase['db'];
  clock: TestClock;
  venue: ScriptedVenue;
  deps: PriceAlertsDeps;
  close(): Promise<void>;
}

/** The services alone on a migrated test database, with a scripted venue. */
export async function startAlertServices(previousClose: number): Promise<ServiceContext> {
  const database = await openTestDatabase();
  const clock = fixedClock(START);
  const venue = scriptedVenue(previousClose);
  const deps: PriceAlertsDeps = {
    db: database.db,
    clock,
    businessClock: realBusinessClock(clock),
    venue,
    notifications: createOutboxGateway(database.db, clock),
    outboxFor: (tx) => createOutboxGateway(tx, clock),
  };
  return { db: database.db, clock, venue, deps, close: () => database.close() };
}

export interface AlertsAppContext {
  app: FastifyInstance;
  db: OpenedDatabase['db'];
  clock: TestClock;
  watcher: AlertWatcher;
  close(): Promise<void>;
}

/** The whole app on a quiet simulated venue (no participants: only the trades a test makes). */
export async function startAlertsTestApp(): Promise<AlertsAppContext> {
  const database = await openTestDatabase();
  await seedDatabase(database.db);
  await seedFundsConfig(database.db);
  const clock = fixedClock(START);
  const dataDir = mkdtempSync(join(tmpdir(), 'kabuto-alerts-test-'));
  const runtime = createMarketRuntime({ clock, seed: 'alerts-test', universe, eventRate: 1e-9 });
  let watcher: AlertWatcher | null = null;
  const app = await buildApp({
    db: database,
    clock,
    businessClock: realBusinessClock(clock),
    dataDir,
    releasesDir: join(dataDir, 'releases'),
    shellDir: join(dataDir, 'no-shell'),
    secret: 'alerts-test-secret-long-enough-0',
    market: runtime,
    notifications: createOutboxGateway(database.db, clock),
    trading: { config: { sweepMs: 0 } },
    ipo: { sweepMs: 0 },
    priceAlerts: { sweepMs: 0, onWatcher: (w) => (watcher = w) },
  });
  await app.ready();
  if (!watcher) throw new Error('price alerts plugin did not hand over its watcher');
  return {
    app,
    db: database.db,
    clock,
    watcher,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Answer<T> {
  status: number;
  msg: string;
  data: T;
}

export async function alerts<T>(
  app: FastifyInstance,
  action: string,
  form: Record<string, string | number | undefined>,
  customer: TestCustomer,
): Promise<Answer<T>> {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(form)) if (v !== undefined) body.append(k, String(v));
  const res = await app.inject({
    method: 'POST',
    url: `${ALERTS_API}/${action}`,
    payload: body.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', token: customer.session.token, account: customer.session.account },
  });
  return res.json() as Answer<T>;
}
