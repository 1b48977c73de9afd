// Helpers of the trading tests: the whole app on PGlite (or PostgreSQL via the funds test
// database) with a test clock inside Monday's morning session, a small universe and NO
// simulated participants (eventRate 1e-9: none in a day), so every price is set by test customers' orders on
// the venue — controlled prices, still only venue fills. The sweep timer is off: tests call
// `service.sweep()` when time moves.
import type { InstrumentOwnership } from '../ownership';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../../app';
import { fixedClock, jstDate, realBusinessClock, type TestClock } from '../../../clock';
import type { OpenedDatabase } from '../../../db/client';
import { seedDatabase } from '../../common';
import { createCustomer, depositThroughLedger, FUND_PASSWORD, idemKey, type TestCustomer } from '../../funds/testing/funds-test-kit';
import { openTestDatabase } from '../../funds/testing/test-database';
import { seedFundsConfig } from '../../funds';
import { createMarketRuntime, type MarketRuntime } from '../../market';
import { testUniverse } from '../../market/testing/market-test-kit';
import type { ConditionalOrderView, TradePosition } from '@kabuto/shared-sdk/schemas';
import type { TradingConfig } from '../config';
import { createInProcessTradingEvents, type InProcessTradingEvents } from '../events';
import type { TradingService } from '../service';
import { positionView } from '../positions/views';

export { createCustomer, FUND_PASSWORD, idemKey, type TestCustomer } from '../../funds/testing/funds-test-kit';

/** Monday 2025-01-06 10:00 JST: the morning continuous session. */
export const MORNING = jstDate(2025, 1, 6, 10, 0);
export const TRADING_CODES = ['7203', '6758', '9984', '8306', '543A'] as const;

export interface TradingTestContext {
  app: FastifyInstance;
  database: OpenedDatabase;
  db: OpenedDatabase['db'];
  /** The business clock (market sessions, settlement, deadlines): tests move it. */
  clock: TestClock;
  /** Real time (sessions, record stamps): stays put, so moving business time never ends a session. */
  wall: TestClock;
  runtime: MarketRuntime;
  service: TradingService;
  events: InProcessTradingEvents;
  close(): Promise<void>;
}

export async function startTradingTestApp(
  opts: {
    config?: Partial<TradingConfig>;
    start?: Date;
    eventRate?: number;
    walletCacheMs?: number;
    factsCacheMs?: number;
    /** A database another app used (a restart: this app's venue starts empty); closed by this context's close(). */
    database?: OpenedDatabase;
    /** false: the test runs service.recover() itself (default: the app runs it when ready). */
    recoverOnReady?: boolean;
    /** Stock lending's options (credit/lending), e.g. its config and step timer. */
    lending?: BuildAppOptions['lending'];
    /** Corporate actions' options, e.g. its sweep timer off and its deps handed back. */
    corporateActions?: BuildAppOptions['corporateActions'];
    /** Order following's options (strategies), e.g. its config and the started hook. */
    strategies?: BuildAppOptions['strategies'];
    /** A cluster venue leader's input log and the inputs it replays at start (cluster/venue-input-log.ts). */
    venueLog?: BuildAppOptions['venueLog'];
    /** A cluster's venue partition: the instruments this app's venue holds (cluster/partition-orders.ts). */
    ownership?: InstrumentOwnership;
    /** false: a cluster's API server (no sweeps, no recovery, no pump); default true. */
    background?: boolean;
  } = {},
): Promise<TradingTestContext> {
  const database = opts.database ?? (await openTestDatabase());
  if (!opts.database) {
    await seedDatabase(database.db);
    await seedFundsConfig(database.db);
  }
  const clock = fixedClock(opts.start ?? MORNING);
  const wall = fixedClock(opts.start ?? MORNING);
  const dataDir = mkdtempSync(join(tmpdir(), 'kabuto-trading-test-'));
  const runtime = createMarketRuntime({ clock, seed: 'trading-test', universe: testUniverse(TRADING_CODES), eventRate: opts.eventRate ?? 1e-9 });
  const events = createInProcessTradingEvents();
  let service: TradingService | null = null;
  const app = await buildApp({
    db: database,
    clock: wall,
    businessClock: realBusinessClock(clock),
    dataDir,
    releasesDir: join(dataDir, 'releases'),
    shellDir: join(dataDir, 'no-shell'),
    secret: 'trading-test-secret-long-enough',
    market: runtime,
    ...(opts.background === undefined ? {} : { background: opts.background }),
    ...(opts.lending ? { lending: opts.lending } : {}),
    ...(opts.corporateActions ? { corporateActions: opts.corporateActions } : {}),
    ...(opts.strategies ? { strategies: opts.strategies } : {}),
    ...(opts.venueLog ? { venueLog: opts.venueLog } : {}),
    ...(opts.walletCacheMs ? { funds: { walletCacheMs: opts.walletCacheMs } } : {}),
    trading: {
      config: { sweepMs: 0, ...opts.config },
      events,
      factsCacheMs: opts.factsCacheMs ?? 0,
      ...(opts.recoverOnReady === undefined ? {} : { recoverOnReady: opts.recoverOnReady }),
      ...(opts.ownership ? { ownership: opts.ownership } : {}),
      onService: (s) => {
        service = s;
      },
    },
  });
  await app.ready();
  if (!service) throw new Error('trading service not started');
  return {
    app,
    database,
    db: database.db,
    clock,
    wall,
    runtime,
    service,
    events,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A verified customer with `yen` of cash, deposited through the ledger as an approved deposit is. */
export async function createTrader(
  t: Pick<TradingTestContext, 'db' | 'clock' | 'wall'>,
  yen: bigint,
  opts: Parameters<typeof createCustomer>[1] = {},
): Promise<TestCustomer> {
  const c = await createCustomer({ db: t.db, clock: t.wall }, opts);
  if (yen > 0n) await deposit(t, c, yen);
  return c;
}

export function deposit(t: Pick<TradingTestContext, 'db' | 'clock'>, c: TestCustomer, yen: bigint): Promise<void> {
  return depositThroughLedger(t, c, yen);
}

type FormValue = string | number | undefined;

export function postTrade(app: FastifyInstance, action: string, form: Record<string, FormValue>, customer?: TestCustomer): Promise<LightMyRequestResponse> {
  return postVue(app, `trade/${action}`, form, customer);
}

function postVue(app: FastifyInstance, route: string, form: Record<string, FormValue>, customer?: TestCustomer): Promise<LightMyRequestResponse> {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(form)) if (v !== undefined) body.append(k, String(v));
  return app.inject({
    method: 'POST',
    url: `/api/vue/${route}`,
    payload: body.toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(customer ? { token: customer.session.token, account: customer.session.account } : {}),
    },
  });
}

export interface Answer<T = unknown> {
  status: number;
  msg: string;
  data: T;
}

/** A funds call (e.g. 'wallet') as the customer. */
export async function funds<T = unknown>(app: FastifyInstance, action: string, form: Record<string, FormValue>, customer: TestCustomer): Promise<Answer<T>> {
  return (await postVue(app, `funds/${action}`, form, customer)).json<Answer<T>>();
}

export async function trade<T = unknown>(app: FastifyInstance, action: string, form: Record<string, FormValue>, customer: TestCustomer): Promise<Answer<T>> {
  const res = await postTrade(app, action, form, customer);
  return res.json() as Answer<T>;
}

/** The margin questionnaire answers the rules accept (trade/marginApply). */
/** A non-zero commission schedule (¥55 up to ¥300,000 of fills, ¥99 above), for tests that need fees to post. */
export const TIERED_FEES = {
  tiers: [
    { upTo: 300_000n, fee: 55n },
    { upTo: null, fee: 99n },
  ],
  serviceFee: 0n,
  buyFee: 0n,
  sellFee: 0n,
  stampDuty: 0n,
};

export const MARGIN_FORM = { stockExperience: '1to3', financialAssets: '5to10m', annualIncome: '5to10m', objective: 'growth', riskAcknowledged: 1, agree: 1 };

/** A trader (createTrader) whose margin application was accepted, so it may sell short. */
export async function createMarginTrader(t: Pick<TradingTestContext, 'app' | 'db' | 'clock' | 'wall'>, yen: bigint): Promise<TestCustomer> {
  const c = await createTrader(t, yen);
  const applied = await trade(t.app, 'marginApply', MARGIN_FORM, c);
  if (applied.status !== 1) throw new Error(`marginApply refused: ${applied.msg}`);
  return c;
}

/**
 * Places an order of `code`: a cash limit buy of one lot with the fund password and a fresh key,
 * unless `form` says otherwise. trade/place answers at 注文受付 (the order durable, pending);
 * this then waits until the venue's answer (acceptance, the fills it made at once) is written and
 * gives the position as it then stands, what the customer's channel brings the screens.
 */
export async function placeOrder(
  t: Pick<TradingTestContext, 'app' | 'service'>,
  customer: TestCustomer,
  form: Record<string, FormValue> & { code: string },
): Promise<Answer<TradePosition>> {
  const placed = await trade<TradePosition>(
    t.app,
    'place',
    { product: 'cash', side: 'buy', orderType: 'limit', lots: 1, fundPassword: FUND_PASSWORD, idempotencyKey: idemKey(), ...form },
    customer,
  );
  return settled(t, customer, placed);
}

/** An answer of trade/place once the venue's answer to the order is written (see placeOrder); a refusal as it is. */
export async function settled(t: Pick<TradingTestContext, 'service'>, customer: TestCustomer, placed: Answer<TradePosition>): Promise<Answer<TradePosition>> {
  if (placed.status !== 1) return placed;
  await t.service.engine.idle();
  const view = await positionView(t.service.deps, placed.data.id, customer.user.id);
  return { ...placed, data: placed.data.replayed ? { ...view, replayed: true } : view };
}

/** Places a conditional order of `code`: one cash lot with the fund password and a fresh key, unless `form` says otherwise. */
export function placeConditional(
  app: FastifyInstance,
  customer: TestCustomer,
  form: Record<string, FormValue> & { code: string },
): Promise<Answer<ConditionalOrderView>> {
  return trade<ConditionalOrderView>(
    app,
    'conditional/place',
    { product: 'cash', lots: 1, fundPassword: FUND_PASSWORD, idempotencyKey: idemKey(), ...form },
    customer,
  );
}

/** Conditional order group `id` as conditional/list shows it to its owner. */
export async function conditionalView(app: FastifyInstance, customer: TestCustomer, id: number): Promise<ConditionalOrderView> {
  const list = (await trade<ConditionalOrderView[]>(app, 'conditional/list', {}, customer)).data;
  const v = list.find((g) => g.id === id);
  if (!v) throw new Error(`group ${id} not listed`);
  return v;
}

/** Closes position `id` at market with the fund password and a fresh key. */
export function closeAtMarket(app: FastifyInstance, customer: TestCustomer, id: number): Promise<Answer<TradePosition>> {
  return trade<TradePosition>(app, 'close', { id, orderType: 'market', fundPassword: FUND_PASSWORD, idempotencyKey: idemKey() }, customer);
}
