// Helpers of the funds tests: an app on PGlite or PostgreSQL (test-database.ts), verified
// users with sessions, step-up grants, proof uploads, operators, and form posts.
import { randomBytes, randomUUID, scryptSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../../app';
import { fixedClock, jstDate, type BusinessClock, type TestClock } from '../../../clock';
import type { OpenedDatabase } from '../../../db/client';
import { seedDatabase } from '../../common';
import { insertUpload } from '../../common/testing/uploads';
import { identityVerifications, stepUpGrants, users, type UserRow } from '../../identity';
import { operators } from '../../ops';
import { sha256Hex } from '../../../crypto/tokens';
import { createSession } from '../../identity';
import type { FundsDeps } from '../deps';
import { createFundsExtensions, type FundsExtensions } from '../extensions';
import { createSimulatedRatesProvider } from '../exchange/rates';
import { ACCOUNT_KINDS, brokerAccount, customerCash } from '../ledger/accounts';
import { postJournal } from '../ledger/post';
import { fundsDepsOf, type FundsPluginOptions } from '../plugin';
import { seedFundsConfig } from '../seed';
import { openTestDatabase } from './test-database';

/** Monday 2025-01-06 10:00 JST: inside the deposit and withdrawal windows. */
export const OPEN_HOURS = jstDate(2025, 1, 6, 10, 0);

export interface FundsTestContext {
  app: FastifyInstance;
  database: OpenedDatabase;
  db: OpenedDatabase['db'];
  clock: TestClock;
  ctx: FundsDeps;
  extensions: FundsExtensions;
  close(): Promise<void>;
}

export async function startFundsTestApp(
  opts: Pick<FundsPluginOptions, 'demo' | 'demoSweepMs'> & {
    /** The business clock (windows, dates); default: the test clock itself. */
    businessClock?: (real: TestClock) => BusinessClock;
  } = {},
): Promise<FundsTestContext> {
  const database = await openTestDatabase();
  await seedDatabase(database.db);
  await seedFundsConfig(database.db);
  const clock = fixedClock(OPEN_HOURS);
  const dataDir = mkdtempSync(join(tmpdir(), 'kabuto-funds-test-'));
  const extensions = createFundsExtensions();
  const rates = createSimulatedRatesProvider();
  const funds = { rates, extensions, demo: opts.demo, demoSweepMs: opts.demoSweepMs };
  const businessClock = opts.businessClock?.(clock);
  const app = await buildApp({
    db: database,
    clock,
    ...(businessClock ? { businessClock } : {}),
    dataDir,
    releasesDir: join(dataDir, 'releases'),
    shellDir: join(dataDir, 'no-shell'),
    secret: 'funds-test-secret-long-enough',
    funds,
  });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    clock,
    ctx: fundsDepsOf({ db: database.db, clock, ...(businessClock ? { businessClock } : {}), ...funds }),
    extensions,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const FUND_PASSWORD = '246810';
/** Verified in kanji with a katakana reading, as a Japanese customer is. */
export const REAL_NAME = '山田 太郎';
export const NAME_KANA = 'ヤマダ\u3000タロウ';

/** A scrypt hash in the identity module's format with a small cost, so tests stay fast. */
export function cheapHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: 1024, r: 8, p: 1 });
  return ['scrypt', 1024, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

let nextAccount = 9010000000 + Math.floor(Math.random() * 900000) * 10;
export function freshAccount(): string {
  nextAccount += 1;
  return String(nextAccount);
}

export interface TestCustomer {
  user: UserRow;
  session: { token: string; account: string; sessionId: string };
}

/** A deposit proof uploaded by `owner`, as the upload target records it. */
export async function uploadRow(db: OpenedDatabase['db'], clock: TestClock, owner: Pick<TestCustomer, 'user'>): Promise<string> {
  return insertUpload(db, { owner: owner.user.id, purpose: 'deposit-proof', now: clock.now() });
}

/** A member with verified identity (real name and its katakana reading), a fund password and a session. */
export async function createCustomer(
  t: Pick<FundsTestContext, 'db' | 'clock'>,
  opts: { verified?: boolean; realName?: string; nameKana?: string | null; fundPassword?: string | null; role?: UserRow['role'] } = {},
): Promise<TestCustomer> {
  const { db, clock } = t;
  const [user] = await db
    .insert(users)
    .values({
      account: freshAccount(),
      passwordHash: cheapHash('abcd1234'),
      fundPasswordHash: opts.fundPassword === null ? null : cheapHash(opts.fundPassword ?? FUND_PASSWORD),
      role: opts.role ?? 'member',
      createdAt: clock.now(),
    })
    .returning();
  if (!user) throw new Error('user not created');
  if (opts.verified ?? true) {
    const front = await insertUpload(db, { owner: user.id, purpose: 'kyc-front', now: clock.now() });
    const back = await insertUpload(db, { owner: user.id, purpose: 'kyc-back', now: clock.now() });
    await db.insert(identityVerifications).values({
      userId: user.id,
      realName: opts.realName ?? REAL_NAME,
      nameKana: opts.nameKana === undefined ? NAME_KANA : opts.nameKana,
      idNumber: 'AB1234567',
      docType: 'passport',
      frontKey: front,
      backKey: back,
      state: 'verified',
      submittedAt: clock.now(),
      reviewedAt: clock.now(),
      reviewedBy: 'ops',
    });
  }
  const session = await createSession(db, clock, { userId: user.id, userAgent: 'jest', deviceId: null });
  return { user, session: { token: session.token, account: user.account, sessionId: session.sessionId } };
}

/** `yen` on the customer's cash, posted through the ledger as an approved deposit posts it. */
export async function depositThroughLedger(
  t: Pick<FundsTestContext, 'db' | 'clock'>,
  customer: TestCustomer,
  yen: bigint,
  reference = `test-deposit:${customer.user.id}:${yen}`,
): Promise<void> {
  await t.db.transaction(async (tx) =>
    postJournal(tx, t.clock, {
      type: 'deposit',
      reference,
      userId: customer.user.id,
      postings: [
        { account: brokerAccount(ACCOUNT_KINDS.brokerBank, 'JPY'), amount: -yen },
        { account: customerCash(customer.user.id, 'JPY'), amount: yen },
      ],
    }),
  );
}

/** A step-up grant for the session, as user/stepUpVerify would leave it. */
export async function grantStepUp(t: Pick<FundsTestContext, 'db' | 'clock'>, customer: TestCustomer, purpose: 'withdraw' | 'bank-card'): Promise<void> {
  const now = t.clock.now();
  await t.db
    .insert(stepUpGrants)
    .values({ sessionId: customer.session.sessionId, purpose, method: 'passkey', createdAt: now, expiresAt: new Date(now.getTime() + 5 * 60_000) });
}

export async function createOperator(db: OpenedDatabase['db'], name: string): Promise<{ name: string; token: string; id: number }> {
  const token = randomBytes(24).toString('base64url');
  const [row] = await db
    .insert(operators)
    .values({ name, credentialHash: sha256Hex(token), createdAt: new Date(), role: 'admin' })
    .returning();
  if (!row) throw new Error('operator not created');
  return { name, token, id: row.id };
}

export type FormValue = string | number | boolean | undefined;

/** A customer call under /api/vue (`group/action`), form-encoded, with the customer's session when given. */
export function postVue(app: FastifyInstance, path: string, form: Record<string, FormValue>, customer?: TestCustomer): Promise<LightMyRequestResponse> {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(form)) if (v !== undefined) body.append(k, String(v));
  return app.inject({
    method: 'POST',
    url: `/api/vue/${path}`,
    payload: body.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(customer ? { token: customer.session.token, account: customer.session.account } : {}) },
  });
}

export function post(app: FastifyInstance, action: string, form: Record<string, FormValue>, customer?: TestCustomer): Promise<LightMyRequestResponse> {
  return postVue(app, `funds/${action}`, form, customer);
}

/** postVue's answer. */
export async function vueCall<T = unknown>(app: FastifyInstance, path: string, form: Record<string, FormValue>, customer: TestCustomer): Promise<Answer<T>> {
  return (await postVue(app, path, form, customer)).json() as Answer<T>;
}

/** An operator call under /api/ops (`path` after it), JSON, with the operator's credential. */
export async function opsJson<T = unknown>(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  body?: Record<string, unknown>,
): Promise<Answer<T>> {
  const res = await app.inject({
    method,
    url: `/api/ops${path}`,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    payload: body ? JSON.stringify(body) : undefined,
  });
  return res.json() as Answer<T>;
}

export interface Answer<T = unknown> {
  status: number;
  msg: string;
  data: T;
}

export async function call<T = unknown>(app: FastifyInstance, action: string, form: Record<string, FormValue>, customer: TestCustomer): Promise<Answer<T>> {
  const res = await post(app, action, form, customer);
  return res.json() as Answer<T>;
}

export function ops<T = unknown>(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  body?: Record<string, unknown>,
): Promise<Answer<T>> {
  return opsJson<T>(app, token, method, `/funds${path}`, body);
}

export function idemKey(): string {
  return randomUUID();
}
