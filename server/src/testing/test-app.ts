// One in-memory PGlite per test file (it takes seconds to boot) and apps built on it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { fixedClock, type TestClock } from '../clock';
import { openMigratedDatabase, type OpenedDatabase } from '../db/client';
import { seedDatabase } from '../modules/common/seed';

export const TEST_SECRET = 'test-secret-that-is-long-enough';

export interface TestContext {
  app: FastifyInstance;
  database: OpenedDatabase;
  clock: TestClock;
  dataDir: string;
  close(): Promise<void>;
}

/** Call from beforeAll; call close() from afterAll. */
export async function startTestApp(opts: { shellDir?: string; releasesDir?: string } = {}): Promise<TestContext> {
  const database = await openMigratedDatabase({ kind: 'pglite' });
  await seedDatabase(database.db);
  const clock = fixedClock(new Date('2025-01-06T01:00:00Z')); // Monday 10:00 JST
  const dataDir = mkdtempSync(join(tmpdir(), 'kabuto-test-'));
  const app = await buildApp({
    db: database,
    clock,
    dataDir,
    releasesDir: opts.releasesDir ?? join(dataDir, 'releases'),
    shellDir: opts.shellDir ?? join(dataDir, 'no-shell'),
    secret: TEST_SECRET,
  });
  await app.ready();
  // Start-up recovery runs behind the listening app: tests begin once it is done (readiness 200).
  await app.startup.whenReady();
  return {
    app,
    database,
    clock,
    dataDir,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
