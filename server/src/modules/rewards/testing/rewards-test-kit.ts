// Helpers of the rewards tests: the whole app on PGlite with a business test clock (Monday
// 2025-01-06 10:00 JST, a business day), the referral timer off (tests run
// the grant), and the calls of the `rewards` group and its operator side.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../app';
import { fixedClock, realBusinessClock, type TestClock } from '../../../clock';
import type { OpenedDatabase } from '../../../db/client';
import { seedDatabase } from '../../common';
import { seedFundsConfig } from '../../funds';
import { createOperator, OPEN_HOURS, opsJson, vueCall, type Answer, type TestCustomer } from '../../funds/testing/funds-test-kit';
import { openTestDatabase } from '../../funds/testing/test-database';
import type { RewardsDeps } from '../deps';

export { createCustomer, idemKey, OPEN_HOURS, type TestCustomer } from '../../funds/testing/funds-test-kit';

export const DAY_MS = 24 * 60 * 60 * 1000;

export interface RewardsTestContext {
  app: FastifyInstance;
  db: OpenedDatabase['db'];
  /** The business clock's time (the wall clock stays put, so sessions do not expire). */
  clock: TestClock;
  deps: RewardsDeps;
  operator: { name: string; token: string };
  close(): Promise<void>;
}

export async function startRewardsTestApp(): Promise<RewardsTestContext> {
  const database = await openTestDatabase();
  await seedDatabase(database.db);
  await seedFundsConfig(database.db);
  // Sessions live on the wall clock; the test moves business days on the business clock.
  const clock = fixedClock(OPEN_HOURS);
  const wall = fixedClock(OPEN_HOURS);
  const dataDir = mkdtempSync(join(tmpdir(), 'kabuto-rewards-test-'));
  let deps: RewardsDeps | null = null;
  const app = await buildApp({
    db: database,
    clock: wall,
    businessClock: realBusinessClock(clock),
    dataDir,
    releasesDir: join(dataDir, 'releases'),
    shellDir: join(dataDir, 'no-shell'),
    secret: 'rewards-test-secret-long-enough',
    rewards: { config: { referralSweepMs: 0 }, onDeps: (d) => (deps = d) },
  });
  await app.ready();
  if (!deps) throw new Error('rewards deps not built');
  const operator = await createOperator(database.db, 'ops-rewards');
  return {
    app,
    db: database.db,
    clock,
    deps,
    operator,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function rewards<T = unknown>(
  app: FastifyInstance,
  action: string,
  form: Record<string, string | number | undefined>,
  customer: TestCustomer,
): Promise<Answer<T>> {
  return vueCall<T>(app, `rewards/${action}`, form, customer);
}

export function opsRewards<T = unknown>(t: RewardsTestContext, method: 'GET' | 'POST', path: string, body?: Record<string, unknown>): Promise<Answer<T>> {
  return opsJson<T>(t.app, t.operator.token, method, `/rewards${path}`, body);
}
