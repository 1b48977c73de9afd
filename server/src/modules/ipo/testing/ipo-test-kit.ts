// Helpers of the IPO tests: the whole app on PGlite (or PostgreSQL via KABUTO_TEST_DATABASE_URL)
// with a test business clock, the IPO sweep off (tests take the clock's steps themselves), and
// customers funded through the ledger as an approved deposit is.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../app';
import { fixedClock, jstDate, realBusinessClock, type TestClock } from '../../../clock';
import type { OpenedDatabase } from '../../../db/client';
import { createOutboxGateway } from '../../../notifications/gateway';
import { seedDatabase } from '../../common';
import { ACCOUNT_KINDS, seedFundsConfig, userAccountBalance } from '../../funds';
import { createCustomer, depositThroughLedger, FUND_PASSWORD, idemKey, type TestCustomer } from '../../funds/testing/funds-test-kit';
import { openTestDatabase } from '../../funds/testing/test-database';
import { createMarketRuntime } from '../../market';
import { testUniverse } from '../../market/testing/market-test-kit';
import type { IpoDeps } from '../deps';
import { createIssue, type NewIssue } from '../lifecycle';

export { FUND_PASSWORD, idemKey, type TestCustomer };

export const START = jstDate(2025, 1, 6, 10, 0);
export const OPERATOR = { id: 1, name: 'ipo-test-operator' };

export interface IpoTestContext {
  app: FastifyInstance;
  db: OpenedDatabase['db'];
  /** The business clock (the issue schedule): tests move it. */
  clock: TestClock;
  /** Real time (sessions, record stamps): stays put, so moving business time never ends a session. */
  wall: TestClock;
  deps: IpoDeps;
  close(): Promise<void>;
}

export async function startIpoTestApp(): Promise<IpoTestContext> {
  const database = await openTestDatabase();
  await seedDatabase(database.db);
  await seedFundsConfig(database.db);
  const clock = fixedClock(START);
  const wall = fixedClock(START);
  const dataDir = mkdtempSync(join(tmpdir(), 'kabuto-ipo-test-'));
  const runtime = createMarketRuntime({ clock, seed: 'ipo-test', universe: testUniverse(['7203']), eventRate: 1e-9 });
  const notifications = createOutboxGateway(database.db, wall);
  const app = await buildApp({
    db: database,
    clock: wall,
    businessClock: realBusinessClock(clock),
    dataDir,
    releasesDir: join(dataDir, 'releases'),
    shellDir: join(dataDir, 'no-shell'),
    secret: 'ipo-test-secret-long-enough-000',
    market: runtime,
    notifications,
    trading: { config: { sweepMs: 0 } },
    ipo: { sweepMs: 0 },
  });
  await app.ready();
  // Steps the tests take directly (no app venue) behave as if the venue traded every code, so
  // holdings are created; through the HTTP app the app's venue lists the code first.
  const deps: IpoDeps = { db: database.db, clock: wall, businessClock: realBusinessClock(clock), notifications, venueHas: () => true };
  return {
    app,
    db: database.db,
    clock,
    wall,
    deps,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * startIpoTestApp for this test file: started in beforeAll and closed in afterAll. The
 * returned context is filled in by that beforeAll, so read it inside tests and hooks only.
 */
export function useIpoTestApp(): IpoTestContext {
  const t = {} as IpoTestContext;
  beforeAll(async () => {
    Object.assign(t, await startIpoTestApp());
  }, 120_000);
  afterAll(() => t.close());
  return t;
}

export async function createFundedCustomer(t: Pick<IpoTestContext, 'db' | 'wall'>, yen: bigint): Promise<TestCustomer> {
  const c = await createCustomer({ db: t.db, clock: t.wall });
  if (yen > 0n) await depositThroughLedger({ db: t.db, clock: t.wall }, c, yen, `test-deposit:${c.user.id}`);
  return c;
}

export const cashOf = (t: Pick<IpoTestContext, 'db'>, c: TestCustomer) => userAccountBalance(t.db, c.user.id, ACCOUNT_KINDS.customerCash, 'JPY');
export const escrowOf = (t: Pick<IpoTestContext, 'db'>, c: TestCustomer) => userAccountBalance(t.db, c.user.id, 'ipo_escrow', 'JPY');

let codeSeq = 0;
/** A fresh issue code per call (4 characters, not in the universe). */
export function nextCode(): string {
  codeSeq++;
  // TSE-shaped (digit, letter, digit, letter) with a Q, which the JPX never issues.
  return `8Q${Math.floor(codeSeq / 26) % 10}${String.fromCharCode(65 + (codeSeq % 26))}`;
}

const S = 1000;
/** An issue in book-building now: closes in 60 s, lottery at 120 s, deadline at 1 h, listing at 2 h. */
export async function openIssue(t: IpoTestContext, over: Partial<NewIssue> = {}) {
  const now = t.clock.now().getTime();
  return createIssue(
    t.deps,
    OPERATOR,
    {
      code: nextCode(),
      names: { tw: '（模擬）測試', jp: '（模擬）テスト', en: '(Simulated) Test' },
      market: 'growth',
      priceLower: 900,
      priceUpper: 1000,
      bookBuildingStart: new Date(now),
      bookBuildingEnd: new Date(now + 60 * S),
      lotteryAt: new Date(now + 120 * S),
      paymentDeadline: new Date(now + 3600 * S),
      listingAt: new Date(now + 7200 * S),
      unitsAvailable: 100,
      maxUnitsPerCustomer: 500,
      lotteryModel: 'perCustomer',
      ...over,
    },
    'test',
  );
}

type FormValue = string | number | undefined;
export interface Answer<T = unknown> {
  status: number;
  msg: string;
  data: T;
}

export async function ipo<T = unknown>(app: FastifyInstance, action: string, form: Record<string, FormValue>, customer?: TestCustomer): Promise<Answer<T>> {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(form)) if (v !== undefined) body.append(k, String(v));
  const res = await app.inject({
    method: 'POST',
    url: `/api/vue/ipo/${action}`,
    payload: body.toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(customer ? { token: customer.session.token, account: customer.session.account } : {}),
    },
  });
  return res.json() as Answer<T>;
}

export function apply(t: IpoTestContext, c: TestCustomer, code: string, quantity: FormValue, extra: Record<string, FormValue> = {}) {
  return ipo(t.app, 'apply', { code, quantity, fundPassword: FUND_PASSWORD, idempotencyKey: idemKey(), ...extra }, c);
}
