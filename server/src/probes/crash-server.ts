// One server process of the crash probe (probes/crash-probe.ts): the app as main.ts builds
// it, on PGlite in a folder (so a kill -9 leaves the database on disk and the next process
// opens it), with the business clock held inside Monday's morning session and no simulated
// participants (the probe's orders rest in the book, so every one is either pending, or
// cancelled by the probe). The first start writes a customer with cash and a session that
// skips the fund password to <dir>/customer.json. Prints "crash-server listening <port>".
// Usage: node crash-server.js <dir>
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from '../app';
import { runProbe, serveProbe } from './serve';
import { fixedClock, jstDate, realBusinessClock, type Clock } from '../clock';
import { openMigratedDatabase, type Database } from '../db/client';
import { seedDatabase } from '../modules/common/seed';
import { seedFundsConfig } from '../modules/funds/seed';
import { createMarketRuntime } from '../modules/market/runtime';
import { createProbeCustomer, type ProbeCustomer } from './customers';

/** Monday 2025-01-06 10:00 JST, the morning session: held there, so no order's day ends. */
export const CRASH_PROBE_TIME = jstDate(2025, 1, 6, 10, 0);

export type CrashProbeCustomer = Pick<ProbeCustomer, 'token' | 'account'>;

async function createCustomer(db: Database, clock: Clock): Promise<CrashProbeCustomer> {
  const { token, account } = await createProbeCustomer(db, clock, '9099000001');
  return { token, account };
}

async function main(): Promise<void> {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: crash-server <dir>');
  const clock = fixedClock(CRASH_PROBE_TIME);
  const database = await openMigratedDatabase({ kind: 'pglite', dir: join(dir, 'db') });
  const customerFile = join(dir, 'customer.json');
  if (!existsSync(customerFile)) {
    await seedDatabase(database.db);
    await seedFundsConfig(database.db);
    writeFileSync(customerFile, JSON.stringify(await createCustomer(database.db, clock)));
  }
  const app = await buildApp({
    db: database,
    clock,
    businessClock: realBusinessClock(clock),
    dataDir: dir,
    releasesDir: join(dir, 'releases'),
    shellDir: join(dir, 'no-shell'),
    secret: 'crash-probe-secret-long-enough',
    rateLimitAllowList: ['127.0.0.1'],
    market: createMarketRuntime({ clock, seed: 'crash-probe', eventRate: 1e-9 }),
  });
  await serveProbe('crash-server', app, database);
}

runProbe(main);
