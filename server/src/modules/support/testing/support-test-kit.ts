// Helpers of the support tests: an app on one PGlite per file with a business clock the test
// drives apart from real time, customers (members, seat accounts) and operators of a chosen
// role, the customer and operator calls, and recorders of the live events both sides get.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { OpsSupportLiveEvent, SupportEventData } from '@kabuto/shared-sdk/schemas';
import { buildApp } from '../../../app';
import { fixedClock, jstDate, realBusinessClock, type TestClock } from '../../../clock';
import { sha256Hex } from '../../../crypto/tokens';
import type { OpenedDatabase } from '../../../db/client';
import { seedDatabase } from '../../common';
import { insertUpload } from '../../common/testing/uploads';
import { seedFundsConfig } from '../../funds';
import { createCustomer as createFundsCustomer, vueCall, type TestCustomer } from '../../funds/testing/funds-test-kit';
import { openTestDatabase } from '../../funds/testing/test-database';
import type { UserRow } from '../../identity';
import { operators, type OperatorRole } from '../../ops';
import { createSupportLiveHub, type SupportLiveHub } from '../live';

export type { TestCustomer };

/** Monday 2025-01-06 10:00 JST: support is open (and the deposit window too). */
export const OPEN_HOURS = jstDate(2025, 1, 6, 10, 0);
/** Monday 2025-01-06 18:00 JST: support closed until Tuesday 09:00 JST. */
export const MONDAY_EVENING = jstDate(2025, 1, 6, 18, 0);

export interface SupportTestContext {
  app: FastifyInstance;
  db: OpenedDatabase['db'];
  /** Real time (stamps, signed URLs). */
  clock: TestClock;
  /** Business time (support hours, deposit window): set it to open or close support. */
  business: TestClock;
  live: SupportLiveHub;
  close(): Promise<void>;
}

export async function startSupportTestApp(): Promise<SupportTestContext> {
  const database = await openTestDatabase();
  await seedDatabase(database.db);
  await seedFundsConfig(database.db);
  const clock = fixedClock(OPEN_HOURS);
  const business = fixedClock(OPEN_HOURS);
  const live = createSupportLiveHub();
  const dataDir = mkdtempSync(join(tmpdir(), 'kabuto-support-test-'));
  const app = await buildApp({
    db: database,
    clock,
    businessClock: realBusinessClock(business),
    dataDir,
    releasesDir: join(dataDir, 'releases'),
    shellDir: join(dataDir, 'no-shell'),
    secret: 'support-test-secret-long-enough',
    support: { live },
  });
  await app.ready();
  return {
    app,
    db: database.db,
    clock,
    business,
    live,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function createCustomer(t: Pick<SupportTestContext, 'db' | 'clock'>, opts: { role?: UserRow['role']; verified?: boolean } = {}): Promise<TestCustomer> {
  return createFundsCustomer(t, opts);
}

export function supportAttachment(
  t: Pick<SupportTestContext, 'db' | 'clock'>,
  owner: TestCustomer,
  purpose: 'support-attachment' | 'deposit-proof' | 'avatar' = 'support-attachment',
) {
  return insertUpload(t.db, { owner: owner.user.id, purpose, now: t.clock.now() });
}

export interface TestOperator {
  id: number;
  name: string;
  token: string;
}

export async function createOperator(
  t: Pick<SupportTestContext, 'db' | 'clock'>,
  role: OperatorRole,
  name = `op${randomBytes(4).toString('hex')}`,
): Promise<TestOperator> {
  const token = randomBytes(24).toString('base64url');
  const [row] = await t.db
    .insert(operators)
    .values({ name, credentialHash: sha256Hex(token), createdAt: t.clock.now(), role })
    .returning();
  if (!row) throw new Error('operator not created');
  return { id: row.id, name, token };
}

export interface Answer<T = unknown> {
  status: number;
  msg: string;
  data: T;
}

type FormValue = string | number | boolean | undefined;

/** A customer call, form-encoded as the SDK sends it. */
export function support<T = unknown>(app: FastifyInstance, action: string, form: Record<string, FormValue>, customer: TestCustomer): Promise<Answer<T>> {
  return customerCall<T>(app, `support/${action}`, form, customer);
}

/** Any customer call under /api/vue (other groups: funds, trade, user). */
export function customerCall<T = unknown>(app: FastifyInstance, path: string, form: Record<string, FormValue>, customer: TestCustomer): Promise<Answer<T>> {
  return vueCall<T>(app, path, form, customer);
}

/** An operator call under /api/ops (JSON), with its HTTP status. */
export async function opsCall<T = unknown>(
  app: FastifyInstance,
  operator: TestOperator,
  method: 'GET' | 'POST',
  path: string,
  body?: Record<string, unknown>,
): Promise<Answer<T> & { http: number }> {
  const res = await app.inject({
    method,
    url: `/api/ops${path}`,
    headers: { authorization: `Bearer ${operator.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    payload: body ? JSON.stringify(body) : undefined,
  });
  return { ...(res.json() as Answer<T>), http: res.statusCode };
}

export function idemKey(): string {
  return randomUUID();
}

/** The `support` events one customer's open connections get, in order. */
export function recordCustomerEvents(t: SupportTestContext, customer: TestCustomer): { events: SupportEventData[]; stop(): void } {
  const events: SupportEventData[] = [];
  const stop = t.app.userEvents.subscribe(customer.user.id, (frame) => {
    const parsed = JSON.parse(frame) as { event: string; data: SupportEventData };
    if (parsed.event === 'support') events.push(parsed.data);
  });
  return { events, stop };
}

/** Everything the operators' stream carries, in order. */
export function recordOperatorEvents(t: SupportTestContext): { events: OpsSupportLiveEvent[]; stop(): void } {
  const events: OpsSupportLiveEvent[] = [];
  const stop = t.live.subscribe((event) => events.push(event));
  return { events, stop };
}
