// The credit score's restriction with a published threshold above a new verified customer's
// score (80): withdrawals are blocked by funds' withdrawal blocker and a loan application is
// refused with the restriction, both with the catalogue message; the inputs are shown.
import { creditScoreWithdrawMessage, MSG } from '@kabuto/shared-sdk/messages';
import type { CreditSummary } from '@kabuto/shared-sdk/schemas';
import { DEFAULT_CREDIT_CONFIG } from './config';
import { createTrader, credit, FUND_PASSWORD, giveHolding, idemKey, startCreditTestApp, type CreditTestContext } from './testing/credit-test-kit';

let t: CreditTestContext;
beforeAll(async () => {
  t = await startCreditTestApp({ config: { score: { ...DEFAULT_CREDIT_CONFIG.score, withdrawThreshold: 85 } } });
}, 60_000);
afterAll(async () => t.close());

it('restricts an account below the withdrawal threshold: withdrawals blocked, loans refused, inputs shown', async () => {
  const c = await createTrader(t, 100_000n);
  t.closes.set('7203', 20_000);
  await giveHolding(t, c, '7203', 1000, 20_000);
  const summary = (await credit<CreditSummary>(t.app, 'summary', {}, c)).data;
  expect(summary.score).toMatchObject({
    score: 80,
    base: 60,
    restricted: true,
    withdrawThreshold: 85,
    inputs: [
      { name: 'verified-identity', value: 'true', points: 20 },
      { name: 'account-age', value: '0', points: 0 },
      { name: 'repayment-history', value: '0', points: 0 },
      { name: 'margin-calls', value: '0', points: 0 },
      { name: 'forced-sales', value: '0', points: 0 },
    ],
  });
  const blocker = t.deps.funds.withdrawalBlockers.find((b) => b.name === 'credit-score');
  expect(await blocker?.check(t.db, c.user.id)).toEqual({ special: creditScoreWithdrawMessage(80, 85) });
  const applied = await credit(t.app, 'apply', { amount: '100000', fundPassword: FUND_PASSWORD, idempotencyKey: idemKey() }, c);
  expect(applied).toMatchObject({ status: 0, msg: MSG.accountRestrictedByCreditScore, data: { score: 80, threshold: 85 } });
});
