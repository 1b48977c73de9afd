// Money-call limits, as the attacker tries them: the "submitting too often" limit of money calls
// counts only calls proven to be the customer's, so a stranger who knows the customer's
// phone number cannot use up the customer's allowance.
import { MSG } from '@kabuto/shared-sdk/messages';
import { MONEY_CALLS_PER_MINUTE } from './routes/funds';
import { call, createCustomer, idemKey, startFundsTestApp, uploadRow, type FundsTestContext } from './testing/funds-test-kit';

let t: FundsTestContext;
beforeAll(async () => {
  t = await startFundsTestApp();
});
afterAll(() => t.close());

const ACTIONS = ['deposit', 'withdraw', 'exchangeQuote', 'exchange'] as const;

function strangerCall(action: string, headers: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/vue/funds/${action}`,
    payload: 'amount=1',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
}

it("leaves the victim's money calls working after 60 tokenless (or wrong-token) calls naming the victim's account", async () => {
  const victim = await createCustomer(t);
  for (const action of ACTIONS) {
    for (let i = 0; i < MONEY_CALLS_PER_MINUTE; i += 1) {
      const headers: Record<string, string> =
        i % 2 === 0 ? { account: victim.session.account } : { account: victim.session.account, token: 'not-the-victims-token' };
      expect((await strangerCall(action, headers)).statusCode).toBe(401);
    }
  }
  const proofKey = await uploadRow(t.db, t.clock, victim);
  const deposit = await call(t.app, 'deposit', { channelId: 'bank-jpy', amount: '10000', proofKey, idempotencyKey: idemKey() }, victim);
  expect(deposit).toMatchObject({ status: 1, msg: MSG.depositSubmitted });
  const quote = await call(t.app, 'exchangeQuote', { from: 'JPY', to: 'USD', amount: '1000' }, victim);
  expect(quote.msg).not.toBe(MSG.tooFrequent);
});

it("still limits the customer's own calls, per user", async () => {
  const customer = await createCustomer(t);
  const answers: string[] = [];
  for (let i = 0; i <= MONEY_CALLS_PER_MINUTE; i += 1) {
    answers.push((await call(t.app, 'exchangeQuote', { from: 'JPY', to: 'USD', amount: '1000' }, customer)).msg);
  }
  expect(answers.slice(0, -1)).not.toContain(MSG.tooFrequent);
  expect(answers.at(-1)).toBe(MSG.tooFrequent);
  // Another customer is not affected.
  const other = await createCustomer(t);
  expect((await call(t.app, 'exchangeQuote', { from: 'JPY', to: 'USD', amount: '1000' }, other)).msg).not.toBe(MSG.tooFrequent);
});

it('limits only the money calls: reads sharing their guards (wallet, records) are never refused as too frequent', async () => {
  // @fastify/rate-limit appended each money call's hook to the guard array the routes share,
  // so the 61st wallet read of a minute was refused (app.ts copies each route's hook arrays).
  const customer = await createCustomer(t);
  for (let i = 0; i <= MONEY_CALLS_PER_MINUTE + 5; i += 1) {
    expect((await call(t.app, 'wallet', {}, customer)).msg).not.toBe(MSG.tooFrequent);
  }
  expect((await call(t.app, 'records', {}, customer)).msg).not.toBe(MSG.tooFrequent);
});
