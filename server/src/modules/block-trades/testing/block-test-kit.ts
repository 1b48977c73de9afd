// Helpers of the block-trade tests: the trading test app (whole app, PGlite, test business clock,
// no simulated participants) with the operator steps called directly as an operator would.
import type { FastifyInstance } from 'fastify';
import { realBusinessClock } from '../../../clock';
import { eq } from 'drizzle-orm';
import { ACCOUNT_KINDS, ledgerAccounts, ledgerBalances, userAccountBalance } from '../../funds';
import { FUND_PASSWORD, idemKey, startTradingTestApp, type TestCustomer, type TradingTestContext } from '../../trading/testing/trading-test-kit';
import { publishOffer, stockInventory, type NewOffer, type OperatorDeps } from '../inventory';

export { createTrader, closeAtMarket, trade, FUND_PASSWORD, idemKey, type TestCustomer } from '../../trading/testing/trading-test-kit';

export const OPERATOR = { id: 1, name: 'block-test-operator' };
export const CODE = '7203';

export interface BlockTestContext extends TradingTestContext {
  ops: OperatorDeps;
  /** Previous close of CODE in tenths. */
  previousClose: number;
}

export async function startBlockTestApp(): Promise<BlockTestContext> {
  const t = await startTradingTestApp();
  const ops: OperatorDeps = { db: t.db, clock: t.wall, businessClock: realBusinessClock(t.clock), venue: t.runtime.market };
  return { ...t, ops, previousClose: t.runtime.market.quote(CODE).previousClose };
}

const H = 3600_000;
/** An open offer of CODE (stocking the inventory it needs first): −3 %, 1 h window, defaults overridable. */
export async function openOffer(t: BlockTestContext, over: Partial<NewOffer> = {}, stock = true) {
  const quantity = over.quantity ?? 10_000;
  if (stock) await stockInventory(t.ops, OPERATOR, { code: over.code ?? CODE, shares: quantity }, 'test');
  const now = t.clock.now().getTime();
  return publishOffer(
    t.ops,
    OPERATOR,
    { code: CODE, premiumBp: -300, quantity, windowStart: new Date(now), windowEnd: new Date(now + H), dailyLimit: 3_000, maxPerCustomer: 5_000, ...over },
    'test',
  );
}

type FormValue = string | number | undefined;
export interface Answer<T = unknown> {
  status: number;
  msg: string;
  data: T;
}

export async function block<T = unknown>(app: FastifyInstance, action: string, form: Record<string, FormValue>, customer: TestCustomer): Promise<Answer<T>> {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(form)) if (v !== undefined) body.append(k, String(v));
  const res = await app.inject({
    method: 'POST',
    url: `/api/vue/block/${action}`,
    payload: body.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', token: customer.session.token, account: customer.session.account },
  });
  return res.json() as Answer<T>;
}

export function buy<T = unknown>(t: BlockTestContext, c: TestCustomer, offerId: number, shares: FormValue, extra: Record<string, FormValue> = {}) {
  return block<T>(t.app, 'buy', { offerId, shares, fundPassword: FUND_PASSWORD, idempotencyKey: idemKey(), ...extra }, c);
}

export const cashOf = (t: Pick<BlockTestContext, 'db'>, c: TestCustomer) => userAccountBalance(t.db, c.user.id, ACCOUNT_KINDS.customerCash, 'JPY');

/** A broker ledger account's balance (0 before its first posting). */
export async function brokerBalance(t: Pick<BlockTestContext, 'db'>, kind: string): Promise<bigint> {
  const [row] = await t.db
    .select({ balance: ledgerBalances.balance })
    .from(ledgerAccounts)
    .innerJoin(ledgerBalances, eq(ledgerBalances.accountId, ledgerAccounts.id))
    .where(eq(ledgerAccounts.key, `${kind}:JPY`))
    .limit(1);
  return row?.balance ?? 0n;
}
