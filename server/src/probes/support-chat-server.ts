// One server process of the support chat bench (bench/support-chat.js): the app as main.ts
// builds it, on PGlite in a folder (so a kill -9 leaves the database on disk and the next
// process opens it), real time for stamps, and the business clock held inside Monday's support
// hours (no automatic replies: every message is a customer's or an operator's). The first
// start writes N customers with sessions and a reviewer operator to <dir>/fixtures.json.
// Loopback is exempt from rate limits: each bench customer sends one message a second, more
// than the published per-customer limit, to load the server.
// Prints "support-chat-server listening <port>".
// Usage: node support-chat-server.js <dir> <customers> [postgres url]
// With a PostgreSQL url the database is there instead of PGlite in <dir> (the bench makes a
// fresh database for the run): the same app on the other storage path.
import { randomBytes } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from '../app';
import { runProbe, serveProbe } from './serve';
import { fixedClock, jstDate, realBusinessClock, systemClock } from '../clock';
import { sha256Hex } from '../crypto/tokens';
import { openMigratedDatabase, type Database } from '../db/client';
import { seedDatabase } from '../modules/common/seed';
import { seedFundsConfig } from '../modules/funds/seed';
import { createSession, users } from '../modules/identity';
import { SESSION_CACHE_MS } from '../modules/identity/constants';
import { createMarketRuntime } from '../modules/market/runtime';
import { operators } from '../modules/ops';

export interface SupportChatFixtures {
  customers: { token: string; account: string }[];
  operatorToken: string;
}

async function writeFixtures(db: Database, count: number): Promise<SupportChatFixtures> {
  const now = systemClock.now();
  const customers: SupportChatFixtures['customers'] = [];
  for (let i = 0; i < count; i++) {
    const account = String(9098000000 + i);
    const [user] = await db.insert(users).values({ account, passwordHash: 'x', createdAt: now }).returning();
    if (!user) throw new Error('support-chat-server: no user written');
    const session = await createSession(db, systemClock, { userId: user.id, userAgent: 'support-bench', deviceId: null });
    customers.push({ token: session.token, account });
  }
  const operatorToken = randomBytes(24).toString('base64url');
  await db.insert(operators).values({ name: 'bench-reviewer', credentialHash: sha256Hex(operatorToken), createdAt: now, role: 'reviewer' });
  return { customers, operatorToken };
}

async function main(): Promise<void> {
  const dir = process.argv[2];
  const count = Number(process.argv[3] ?? '100');
  if (!dir || !Number.isInteger(count) || count < 1) throw new Error('usage: support-chat-server <dir> <customers>');
  const postgresUrl = process.argv[4];
  const database = await openMigratedDatabase(postgresUrl ? { kind: 'postgres', url: postgresUrl } : { kind: 'pglite', dir: join(dir, 'db') });
  const fixturesFile = join(dir, 'fixtures.json');
  if (!existsSync(fixturesFile)) {
    await seedDatabase(database.db);
    await seedFundsConfig(database.db);
    writeFileSync(fixturesFile, JSON.stringify(await writeFixtures(database.db, count)));
  }
  // Monday 2025-01-06 10:00 JST: support open.
  const business = fixedClock(jstDate(2025, 1, 6, 10, 0));
  const app = await buildApp({
    db: database,
    clock: systemClock,
    businessClock: realBusinessClock(business),
    dataDir: dir,
    releasesDir: join(dir, 'releases'),
    shellDir: join(dir, 'no-shell'),
    secret: 'support-bench-secret-long-enough',
    rateLimitAllowList: ['127.0.0.1'],
    sessionCacheMs: SESSION_CACHE_MS,
    market: createMarketRuntime({ clock: business, seed: 'support-bench', eventRate: 1e-9 }),
  });
  await serveProbe('support-chat-server', app, database);
}

runProbe(main);
