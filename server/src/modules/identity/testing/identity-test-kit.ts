// Helpers for identity tests: an app with room for extra test routes, users made
// directly in the database, form posts with or without a session, outbox codes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../../app';
import { fixedClock, type TestClock } from '../../../clock';
import { openMigratedDatabase, type OpenedDatabase } from '../../../db/client';
import { outbox } from '../../../notifications/schema';
import { ensureBootstrapOperator } from '../../ops';
import { DEVICE_COOKIE } from '../device-cookies';
import { inviteCodes, users, type UserRow } from '../schema';
// Upload-policy signing key of identity tests (uploads are not what they test).
const TEST_SECRET = 'identity-test-secret-long-enough';
import { hashPassword } from '../passwords';

export interface IdentityTestContext {
  app: FastifyInstance;
  database: OpenedDatabase;
  db: OpenedDatabase['db'];
  clock: TestClock;
  dataDir: string;
  close(): Promise<void>;
}

/** Like startTestApp, but `routes` may add test-only routes before the app is ready. */
export async function startIdentityTestApp(routes?: (app: FastifyInstance) => void, opts: { sessionCacheMs?: number } = {}): Promise<IdentityTestContext> {
  const database = await openMigratedDatabase({ kind: 'pglite' });
  const clock = fixedClock(new Date('2025-01-06T01:00:00Z')); // Monday 10:00 JST
  const dataDir = mkdtempSync(join(tmpdir(), 'kabuto-identity-test-'));
  const app = await buildApp({
    db: database,
    clock,
    dataDir,
    releasesDir: join(dataDir, 'releases'),
    shellDir: join(dataDir, 'no-shell'),
    secret: TEST_SECRET,
    sessionCacheMs: opts.sessionCacheMs,
  });
  routes?.(app);
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    clock,
    dataDir,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * startIdentityTestApp for this test file: started in beforeAll (with the bootstrap operator
 * holding `operatorToken`, if given) and closed in afterAll. The returned context is filled in
 * by that beforeAll, so read it inside tests and hooks only.
 */
export function useIdentityTestApp(
  opts: { routes?: (app: FastifyInstance) => void; sessionCacheMs?: number; operatorToken?: string } = {},
): IdentityTestContext {
  const t = {} as IdentityTestContext;
  beforeAll(async () => {
    Object.assign(t, await startIdentityTestApp(opts.routes, { sessionCacheMs: opts.sessionCacheMs }));
    if (opts.operatorToken) await ensureBootstrapOperator(t.db, t.clock, t.dataDir, opts.operatorToken);
  });
  afterAll(() => t.close());
  return t;
}

/** The envelope of an answer; `data` loose, as each test reads its own fields. */
export const body = (res: { json(): unknown }) => res.json() as { status: number; msg: string; data: any };

export const PASSWORD = 'abcd1234';

let nextAccount = 9000000001;
/** A fresh valid ten-digit account per call. */
export function freshAccount(): string {
  nextAccount += 1;
  return String(nextAccount);
}

export async function createUser(db: OpenedDatabase['db'], fields: Partial<typeof users.$inferInsert> & { password?: string } = {}): Promise<UserRow> {
  const { password, ...rest } = fields;
  const [row] = await db
    .insert(users)
    .values({ account: freshAccount(), passwordHash: await hashPassword(password ?? PASSWORD), createdAt: new Date('2025-01-01T00:00:00Z'), ...rest })
    .returning();
  if (!row) throw new Error('user not created');
  return row;
}

export async function createInvite(db: OpenedDatabase['db'], code: string, active = true): Promise<void> {
  await db.insert(inviteCodes).values({ code, active, createdAt: new Date('2025-01-01T00:00:00Z') });
}

export interface Session {
  token: string;
  account: string;
}

type FormValue = string | number | boolean | undefined;

export function post(app: FastifyInstance, action: string, form: Record<string, FormValue> = {}, session?: Session): Promise<LightMyRequestResponse> {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(form)) if (v !== undefined) body.append(k, String(v));
  return app.inject({
    method: 'POST',
    url: `/api/vue/user/${action}`,
    payload: body.toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(session ? { token: session.token, account: session.account } : {}),
    },
  });
}

/** A password login from a given client address, with the browser's device cookie if it has one. */
export function loginFrom(app: FastifyInstance, address: string, account: string, password: string, cookie?: string): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/vue/user/login',
    remoteAddress: address,
    payload: new URLSearchParams({ account, password, agreePrivacy: 'true' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie: `other=1; ${DEVICE_COOKIE}=${cookie}` } : {}) },
  });
}

/** A POST to the operator API with an operator's bearer token. */
export function opsPost(app: FastifyInstance, token: string, url: string, payload: object): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: `/api/ops${url}`, payload, headers: { authorization: `Bearer ${token}` } });
}

/** Logs in with the password (no passkey on the account) and returns the session. */
export async function login(app: FastifyInstance, account: string, password = PASSWORD, extra: Record<string, FormValue> = {}): Promise<Session> {
  const res = await post(app, 'login', { account, password, agreePrivacy: 'true', ...extra });
  const body = res.json() as { status: number; msg: string; data: { token?: string } | null };
  if (body.status !== 1 || !body.data?.token) throw new Error(`login failed: ${res.body}`);
  return { token: body.data.token, account };
}

/** The newest outbox row sent to `recipient`. */
export async function lastOutbox(db: OpenedDatabase['db'], recipient: string) {
  const [row] = await db.select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(desc(outbox.id)).limit(1);
  return row;
}

/** The 6-digit code of the newest outbox message to `recipient`. */
export async function lastCode(db: OpenedDatabase['db'], recipient: string): Promise<string> {
  const row = await lastOutbox(db, recipient);
  const code = row?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${recipient}`);
  return code;
}
