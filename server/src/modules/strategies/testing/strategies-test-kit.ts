// Helpers of the strategies tests: the trading test app (whole app, PGlite, test business clock, no
// simulated participants) with the strategies deps and mirror handed out, street liquidity placed
// by test accounts, and the strategy calls as a customer makes them.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { jstDate } from '../../../clock';
import type { FollowingView, TradePositionPage } from '@kabuto/shared-sdk/schemas';
import { ACCOUNT_KINDS, userAccountBalance } from '../../funds';
import {
  createMarginTrader,
  createTrader,
  FUND_PASSWORD,
  idemKey,
  placeOrder,
  postTrade,
  startTradingTestApp,
  trade,
  type TestCustomer,
  type TradingTestContext,
} from '../../trading/testing/trading-test-kit';
import type { StrategiesConfig } from '../config';
import { strategyTrustNavs } from '../schema';
import type { StrategiesDeps } from '../deps';
import type { Mirror } from '../mirroring/mirror';

export { createTrader, deposit, FUND_PASSWORD, idemKey, placeOrder, type TestCustomer } from '../../trading/testing/trading-test-kit';

export const CODE = '8306';

export interface StrategiesTestContext extends TradingTestContext {
  strategies: StrategiesDeps;
  mirror: Mirror;
  /** Waits until the leader's fills are mirrored, the mirrored orders answered by the venue, and their fill prices written. */
  settle(): Promise<void>;
}

export async function startStrategiesTestApp(config: Partial<StrategiesConfig> = {}, opts: { start?: Date } = {}): Promise<StrategiesTestContext> {
  let started: { deps: StrategiesDeps; mirror: Mirror } | null = null;
  const t = await startTradingTestApp({
    ...(opts.start ? { start: opts.start } : {}),
    strategies: {
      config: { sweepMs: 0, ...config },
      onStarted: (deps, mirror) => {
        started = { deps, mirror };
      },
    },
  });
  const s = started as { deps: StrategiesDeps; mirror: Mirror } | null;
  if (!s) throw new Error('strategies not started');
  const settle = async () => {
    for (let i = 0; i < 3; i++) {
      await t.service.engine.idle();
      await s.mirror.idle();
    }
  };
  return { ...t, strategies: s.deps, mirror: s.mirror, settle };
}

/**
 * startStrategiesTestApp for this test file: started in beforeAll and closed in afterAll. The
 * returned context is filled in by that beforeAll, so read it inside tests and hooks only.
 */
export function useStrategiesTestApp(config: Partial<StrategiesConfig> = {}): StrategiesTestContext {
  const t = {} as StrategiesTestContext;
  beforeAll(async () => {
    Object.assign(t, await startStrategiesTestApp(config));
  });
  afterAll(() => t.close());
  return t;
}

type FormValue = string | number | undefined;
export interface Answer<T = unknown> {
  status: number;
  msg: string;
  data: T;
}

export async function strategy<T = unknown>(app: FastifyInstance, action: string, form: Record<string, FormValue>, customer: TestCustomer): Promise<Answer<T>> {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(form)) if (v !== undefined) body.append(k, String(v));
  const res = await app.inject({
    method: 'POST',
    url: `/api/vue/strategy/${action}`,
    payload: body.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', token: customer.session.token, account: customer.session.account },
  });
  return res.json() as Answer<T>;
}

/** A customer's following as `strategy/following` answers it; throws when refused. */
export async function followingOf(app: FastifyInstance, c: TestCustomer, id: number): Promise<FollowingView> {
  const answer = await strategy<FollowingView>(app, 'following', { id }, c);
  if (answer.status !== 1) throw new Error(`strategy/following ${id} refused: ${answer.msg}`);
  return answer.data;
}

export function followForm(id: number, amount: FormValue, deadline: string, extra: Record<string, FormValue> = {}): Record<string, FormValue> {
  return { id, amount, deadline, fundPassword: FUND_PASSWORD, idempotencyKey: idemKey(), ...extra };
}

/** Closes `lots` of position `id` at market as the customer does (trade/close); answers the envelope's status. */
export async function closeAtMarket(app: FastifyInstance, c: TestCustomer, id: number, lots: number, idempotencyKey: string = idemKey()): Promise<number> {
  const res = await postTrade(app, 'close', { id, orderType: 'market', lots, fundPassword: FUND_PASSWORD, idempotencyKey }, c);
  return (res.json() as { status: number }).status;
}

export const cashOf = (t: Pick<TradingTestContext, 'db'>, c: TestCustomer) => userAccountBalance(t.db, c.user.id, ACCOUNT_KINDS.customerCash, 'JPY');

/** Street accounts resting sell orders (liquidity for market buys) and buy orders (for market sells). */
export async function openStreet(t: TradingTestContext, accounts = 4) {
  const streets: TestCustomer[] = [];
  for (let i = 0; i < accounts; i++) streets.push(await createMarginTrader(t, 10_000_000_000n));
  let turn = 0;
  const next = () => streets[turn++ % streets.length] as TestCustomer;
  return {
    /** The day's first trade (one lot crossing at `yen`): before it the venue only shows a special quote. */
    async open(yen: number) {
      const a = await placeOrder(t, next(), { code: CODE, product: 'margin', side: 'sell', price: String(yen), lots: 1, leverage: '1' });
      const b = await placeOrder(t, next(), { code: CODE, price: String(yen), lots: 1 });
      if (a.status !== 1 || b.data.status !== 'holding')
        throw new Error(`street open failed: ${a.msg} ${JSON.stringify(b.data.status)} ${JSON.stringify(t.runtime.market.quote(CODE))}`);
    },
    async askAt(yen: number, lots: number) {
      const placed = await placeOrder(t, next(), { code: CODE, product: 'margin', side: 'sell', price: String(yen), lots, leverage: '1' });
      if (placed.status !== 1) throw new Error(`street ask refused: ${placed.msg}`);
    },
    /** Cancels every street order still resting. */
    async clear() {
      for (const s of streets) {
        const page = (await trade<TradePositionPage>(t.app, 'list', { status: 'pending', size: 50 }, s)).data;
        for (const pos of page.list) await trade(t.app, 'cancel', { id: pos.id }, s);
      }
    },
    async bidAt(yen: number, lots: number) {
      const placed = await placeOrder(t, next(), { code: CODE, price: String(yen), lots });
      if (placed.status !== 1) throw new Error(`street bid refused: ${placed.msg}`);
    },
  };
}

/** A trust subscription's or redemption's form, with the fund password and a fresh key. */
export const trustSubscribeForm = (id: number, amount: string) => ({ id, amount, fundPassword: FUND_PASSWORD, idempotencyKey: idemKey() });
export const trustRedeemForm = (id: number, units: string) => ({ id, units, fundPassword: FUND_PASSWORD, idempotencyKey: idemKey() });

/**
 * A leader with one filled lot on 2025-02-06 who publishes a strategy on 2025-02-07 10:00 (the
 * trust tests' start; their history rule is the config's), with the street's book opened that day.
 */
export async function publishedLeader(t: StrategiesTestContext, text: { name: string; description: string }) {
  let p = t.runtime.market.quote(CODE).previousClose / 10;
  const street = await openStreet(t);
  const leader = await createTrader(t, 3_000_000n);
  await street.open(p);
  await street.askAt(p, 1);
  const first = await placeOrder(t, leader, { code: CODE, price: String(p), lots: 1 });
  if (first.data.status !== 'holding') throw new Error(`the leader's first lot did not fill: ${first.msg}`);
  t.clock.set(jstDate(2025, 2, 7, 10, 0));
  await t.service.sweep();
  p = t.runtime.market.quote(CODE).previousClose / 10;
  await street.open(p);
  const published = await strategy<{ id: number }>(t.app, 'optIn', { ...text, riskNotes: 'One stock; simulated.', idempotencyKey: idemKey() }, leader);
  if (published.status !== 1) throw new Error(`the leader could not publish: ${published.msg}`);
  return { leader, street, strategyId: published.data.id };
}

/** A trust's NAV row of one business date (throws when there is none). */
export async function trustNavOn(t: Pick<StrategiesTestContext, 'db'>, trustId: number, businessDate: string) {
  const [nav] = await t.db
    .select()
    .from(strategyTrustNavs)
    .where(and(eq(strategyTrustNavs.trustId, trustId), eq(strategyTrustNavs.businessDate, businessDate)));
  if (!nav) throw new Error(`no NAV of trust ${trustId} on ${businessDate}`);
  return nav;
}
