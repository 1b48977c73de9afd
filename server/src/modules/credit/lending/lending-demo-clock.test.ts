// Stock lending on the demo business clock, as an operator drives it: opt in, advance two business
// days (POST /api/ops/clock/advance does the same), and the lending steps registered on the clock
// have run at 15:45 each day — the settled holding lent, a fee accrued and posted each day.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { MSG } from '@kabuto/shared-sdk/messages';
import { LENDING_RISKS_VERSION, type LendingRecordsPage, type LendingSummary } from '@kabuto/shared-sdk/schemas';
import { buildApp } from '../../../app';
import { fixedClock, jstDate } from '../../../clock';
import type { OpenedDatabase } from '../../../db/client';
import { seedDatabase } from '../../common';
import { seedFundsConfig, userAccountBalance } from '../../funds';
import { createCustomer, vueCall, type Answer, type TestCustomer } from '../../funds/testing/funds-test-kit';
import { openTestDatabase } from '../../funds/testing/test-database';
import { createMarketRuntime, databaseClockStore, SteppedBusinessClock } from '../../market';
import { testUniverse } from '../../market/testing/market-test-kit';
import { recordOffExchangeBuy } from '../../trading';
import { TRADING_CODES } from '../../trading/testing/trading-test-kit';

const CODE = '7203';
let database: OpenedDatabase;
let dataDir: string;
let app: FastifyInstance;
let clock: SteppedBusinessClock;
let c: TestCustomer;

function lending<T>(action: string, form: Record<string, string> = {}): Promise<Answer<T>> {
  return vueCall<T>(app, `lending/${action}`, form, c);
}

beforeAll(async () => {
  database = await openTestDatabase();
  await seedDatabase(database.db);
  await seedFundsConfig(database.db);
  dataDir = mkdtempSync(join(tmpdir(), 'kabuto-lending-demo-'));
  // Tuesday 2025-01-07 10:00, simulated; the wall clock stays put.
  const wall = fixedClock(jstDate(2025, 1, 7, 10, 0));
  clock = new SteppedBusinessClock({ progression: 'sessions', start: jstDate(2025, 1, 7, 10, 0), wall, store: databaseClockStore(database.db) });
  await clock.open();
  const runtime = createMarketRuntime({ clock, seed: 'lending-demo-test', universe: testUniverse(TRADING_CODES), eventRate: 1e-9 });
  app = await buildApp({
    db: database,
    clock: wall,
    businessClock: clock,
    dataDir,
    releasesDir: join(dataDir, 'r'),
    shellDir: join(dataDir, 's'),
    secret: 'lending-demo-test-secret-long-enough',
    market: runtime,
    trading: { config: { sweepMs: 0 } },
    // Every issue at 1.5 % and always in demand, so each day's fee is posted.
    lending: { stepMs: 0, config: { demand: { ...DEMAND, rateBands: [{ perMille: 1000, rateBp: 150 }], shortPerMille: 0 } } },
  });
  await app.ready();
  await clock.begin();
  c = await createCustomer({ db: database.db, clock: wall });
  // A settled holding of 200 shares, bought off-auction two weeks earlier.
  await database.db.transaction((tx) =>
    recordOffExchangeBuy(tx, {
      userId: c.user.id,
      code: CODE,
      shares: 200,
      priceTenths: 28_000,
      at: wall.now(),
      tradeDate: '2024-12-20',
      tradeId: 'lending-demo-holding',
      lockUpUntil: null,
    }),
  );
});

afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const DEMAND = {
  seed: 'kabuto-lending-v1',
  rateBands: [],
  shortPerMille: 150,
  highPerMille: 0,
  highMultiplier: 2,
  sharesOutstandingMin: 100_000_000,
  sharesOutstandingMax: 3_000_000_000,
};

test('opt in, advance two demo business days: the steps lend and accrue a posted fee each day', async () => {
  expect((await lending('optIn', { acceptRisks: 'true', risksVersion: LENDING_RISKS_VERSION })).msg).toBe(MSG.lendingOptedIn);
  // Tuesday 15:45 lends; Wednesday 15:45 accrues Wednesday and lends on; Thursday 15:45 accrues Thursday.
  await clock.advance(); // → Wed 09:00, through Tue 15:45
  await clock.advance(); // → Thu 09:00, through Wed 15:45
  await clock.advance(); // → Fri 09:00, through Thu 15:45
  const summary = (await lending<LendingSummary>('summary')).data;
  expect(summary.holdings).toEqual([expect.objectContaining({ code: CODE, heldQuantity: 200, lentQuantity: 200, status: 'lent' })]);
  expect(summary.lastStepDate).toBe('2025-01-09');
  const records = (await lending<LendingRecordsPage>('records', { kind: 'accrual' })).data;
  expect(records.list.map((r) => r.businessDate)).toEqual(['2025-01-09', '2025-01-08']);
  for (const r of records.list) {
    const closeTenths = BigInt(Math.round(Number(r.closePrice) * 10));
    expect(BigInt(r.amount.minor)).toBe((closeTenths * 200n * 150n) / (10n * 365n * 10_000n));
    expect(BigInt(r.amount.minor)).toBeGreaterThan(0n);
    expect(r.journalId).not.toBeNull();
  }
  const accrued = records.list.reduce((s, r) => s + BigInt(r.amount.minor), 0n);
  expect(summary.totals.accrued.minor).toBe(String(accrued));
  expect(await userAccountBalance(database.db, c.user.id, 'lending_fee_receivable', 'JPY')).toBe(accrued);
});
