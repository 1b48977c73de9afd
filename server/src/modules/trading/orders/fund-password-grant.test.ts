// The fund password checked once per order ticket (identity/fund-password.ts): 50 parallel
// orders of one customer sent with one grant are all answered, and the grant is checked on
// each: expired, another customer's or another session's, or unknown, it is refused with a
// translated message (never taken as "no password"); a wrong password gets no grant.
import { eq } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { FundPasswordGrant, TradePosition } from '@kabuto/shared-sdk/schemas';
import { createSession, fundPasswordGrants } from '../../identity';
import { checkLedger } from '../../funds';
import { tradingPositions } from '../schema';
import {
  createTrader,
  FUND_PASSWORD,
  idemKey,
  startTradingTestApp,
  trade,
  type Answer,
  type TestCustomer,
  type TradingTestContext,
} from '../testing/trading-test-kit';

const CODE = '8306'; // resting buys below the seed's one ask (trading-flow.test.ts)

let t: TradingTestContext;
beforeAll(async () => {
  t = await startTradingTestApp();
}, 120_000);
afterAll(async () => t.close());

async function askGrant(c: { session: { token: string; account: string } }, fundPassword: string): Promise<Answer<FundPasswordGrant>> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/vue/user/fundPasswordGrant',
    payload: new URLSearchParams({ fundPassword }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', token: c.session.token, account: c.session.account },
  });
  return res.json<Answer<FundPasswordGrant>>();
}

function placeWith(c: TestCustomer, proof: Record<string, string>, price = '1600') {
  return trade<TradePosition>(
    t.app,
    'place',
    { code: CODE, product: 'cash', side: 'buy', orderType: 'limit', price, lots: 1, idempotencyKey: idemKey(), ...proof },
    c,
  );
}

test('50 parallel orders with one grant are all answered and placed', async () => {
  const a = await createTrader(t, 100_000_000n);
  const granted = await askGrant(a, FUND_PASSWORD);
  expect(granted.status).toBe(1);
  expect(granted.data.ttlSeconds).toBe(120);
  const started = performance.now();
  const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => placeWith(a, { fundPasswordGrant: granted.data.grant }, String(1600 + i))));
  const seconds = (performance.now() - started) / 1000;
  expect(answers.map((r) => r.msg)).toEqual(Array.from({ length: 50 }, () => MSG.orderPlaced));
  expect(await t.db.select().from(tradingPositions).where(eq(tradingPositions.userId, a.user.id))).toHaveLength(50);
  // Generous on a shared box; one key derivation in all, not fifty.
  expect(seconds).toBeLessThan(20);
  await t.service.engine.idle();
  expect((await checkLedger(t.db)).balanced).toBe(true);
}, 120_000);

test('a wrong fund password gets no grant; the password alone still places an order', async () => {
  const a = await createTrader(t, 1_000_000n);
  const wrong = await askGrant(a, '000000');
  expect(wrong.msg).toBe(MSG.wrongFundPassword);
  expect(await t.db.select().from(fundPasswordGrants).where(eq(fundPasswordGrants.userId, a.user.id))).toHaveLength(0);
  expect((await placeWith(a, { fundPassword: FUND_PASSWORD })).msg).toBe(MSG.orderPlaced);
});

test('an expired grant, another customer’s, another session’s or an unknown one is refused', async () => {
  const a = await createTrader(t, 1_000_000n);
  const b = await createTrader(t, 1_000_000n);
  const grantA = (await askGrant(a, FUND_PASSWORD)).data.grant;
  // b sends a's grant: a grant names its user and session.
  const foreign = await placeWith(b, { fundPasswordGrant: grantA });
  expect(foreign.msg).toBe(MSG.fundPasswordGrantInvalid);
  // a's other session (another phone) cannot use it either.
  const other = await createSession(t.db, t.wall, { userId: a.user.id, userAgent: 'test', deviceId: null });
  const otherSession = { ...a, session: { token: other.token, account: a.session.account, sessionId: other.sessionId } };
  expect((await placeWith(otherSession, { fundPasswordGrant: grantA })).msg).toBe(MSG.fundPasswordGrantInvalid);
  // Made up (well formed) and malformed.
  expect((await placeWith(a, { fundPasswordGrant: 'A'.repeat(43) })).msg).toBe(MSG.fundPasswordGrantInvalid);
  expect((await placeWith(a, { fundPasswordGrant: 'short' })).msg).toBe(MSG.fundPasswordGrantInvalid);
  // Good until it expires (real time: a security timer), then refused, even with 50 orders' worth of use.
  expect((await placeWith(a, { fundPasswordGrant: grantA })).msg).toBe(MSG.orderPlaced);
  t.wall.advance(121_000);
  try {
    const expired = await placeWith(a, { fundPasswordGrant: grantA });
    expect(expired.msg).toBe(MSG.fundPasswordGrantInvalid);
    // A close confirms the same way.
    const close = await trade(t.app, 'close', { id: 1, orderType: 'market', fundPasswordGrant: grantA, idempotencyKey: idemKey() }, a);
    expect(close.status).toBe(0);
  } finally {
    t.wall.advance(-121_000);
  }
});

test('signing out ends the session’s grants', async () => {
  const a = await createTrader(t, 1_000_000n);
  const grant = (await askGrant(a, FUND_PASSWORD)).data.grant;
  const out = await t.app.inject({ method: 'POST', url: '/api/vue/user/logout', headers: { token: a.session.token, account: a.session.account } });
  expect(out.json<Answer>().status).toBe(1);
  expect(await t.db.select().from(fundPasswordGrants).where(eq(fundPasswordGrants.userId, a.user.id))).toHaveLength(0);
  expect(grant).toHaveLength(43);
});
