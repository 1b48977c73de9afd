// Every bad input gets its catalogue message and changes nothing: no posting, no frozen
// money, no request row, no idempotency key.
import { count, eq } from 'drizzle-orm';
import { MSG, depositMaxMessage, depositMinMessage } from '@kabuto/shared-sdk/messages';
import { UNIT } from './money';
import type { BankCard } from '@kabuto/shared-sdk/schemas';
import { users } from '../identity';
import { deposits, fundsIdempotency, ledgerPostings, withdrawals } from './schema';
import { approveDeposit } from './deposits/deposits';
import {
  call,
  post,
  createCustomer,
  grantStepUp,
  idemKey,
  startFundsTestApp,
  uploadRow,
  type FundsTestContext,
  type TestCustomer,
} from './testing/funds-test-kit';

let t: FundsTestContext;
let user: TestCustomer;
let card: BankCard;
let proofKey: string;

async function footprint() {
  const [p] = await t.db.select({ n: count() }).from(ledgerPostings);
  const [d] = await t.db.select({ n: count() }).from(deposits);
  const [w] = await t.db.select({ n: count() }).from(withdrawals);
  const [k] = await t.db.select({ n: count() }).from(fundsIdempotency);
  return [p?.n, d?.n, w?.n, k?.n];
}

beforeAll(async () => {
  t = await startFundsTestApp();
  user = await createCustomer(t);
  await grantStepUp(t, user, 'bank-card');
  card = (
    await call<BankCard>(
      t.app,
      'bankCardAdd',
      { holderName: 'ヤマダタロウ', bankCode: '0005', branchCode: '001', accountNumber: '7654321', accountType: 'current' },
      user,
    )
  ).data;
  proofKey = await uploadRow(t.db, t.clock, user);
  const res = await call<{ id: number }>(t.app, 'deposit', { channelId: 'bank-jpy', amount: '50000', proofKey, idempotencyKey: idemKey() }, user);
  await approveDeposit(t.ctx, res.data.id, { operator: { id: 0, name: 'test' }, reason: null });
  await grantStepUp(t, user, 'withdraw');
});
afterAll(async () => t.close());

const deposit = (over: Record<string, string | undefined>) => ({ channelId: 'bank-jpy', amount: '10000', proofKey, idempotencyKey: idemKey(), ...over });
const withdraw = (over: Record<string, string | number | undefined>) => ({
  cardId: card.id,
  amount: '1000',
  fundPassword: '246810',
  idempotencyKey: idemKey(),
  ...over,
});

describe('bad input moves nothing', () => {
  const depositCases: [string, Record<string, string | undefined>, string][] = [
    ['zero', { amount: '0' }, MSG.amountInvalid],
    ['negative', { amount: '-100' }, MSG.amountInvalid],
    ['not a number', { amount: 'abc' }, MSG.amountInvalid],
    ['exponent', { amount: '1e5' }, MSG.amountInvalid],
    ['decimals on yen', { amount: '10000.5' }, MSG.amountTooManyDecimals],
    ['too many decimals on USD', { channelId: 'bank-usd', amount: '100.001' }, MSG.amountTooManyDecimals],
    ['unknown channel', { channelId: 'bank-eur' }, MSG.depositChannelNotFound],
    ['missing proof', { proofKey: undefined }, MSG.depositProofMissing],
    ['proof never uploaded', { proofKey: 'imgs/AAAAAAAAAAAAAAA.png' }, MSG.uploadNotFound],
    ['below the channel minimum', { amount: '999' }, depositMinMessage('1,000', UNIT)],
    ['above the channel maximum', { amount: '10000001' }, depositMaxMessage('10,000,000', UNIT)],
    // Fields are told in page order: a ¥500 deposit without a receipt hears about the minimum first.
    ['below the minimum and no proof', { amount: '500', proofKey: undefined }, depositMinMessage('1,000', UNIT)],
    ['missing idempotency key', { idempotencyKey: undefined }, MSG.idempotencyKeyRequired],
  ];
  it.each(depositCases)('deposit: %s', async (_name, over, msg) => {
    const before = await footprint();
    expect(await call(t.app, 'deposit', deposit(over), user)).toMatchObject({ status: 0, msg });
    expect(await footprint()).toEqual(before);
  });

  it('deposit outside 09:00-17:00 JST: the special message', async () => {
    const before = await footprint();
    const saved = t.clock.now();
    t.clock.set(new Date('2025-01-05T23:59:00Z')); // 08:59 JST
    expect((await call(t.app, 'deposit', deposit({}), user)).msg).toBe('請於入金時間：09:00-17:00');
    t.clock.set(saved);
    expect(await footprint()).toEqual(before);
  });

  const withdrawCases: [string, Record<string, string | number | undefined>, string][] = [
    ['zero', { amount: '0' }, MSG.amountInvalid],
    ['negative', { amount: '-5' }, MSG.amountInvalid],
    ['non-integer yen', { amount: '100.5' }, MSG.amountTooManyDecimals],
    ['below the minimum', { amount: '99' }, '出金最小值100日元'],
    ['more than available', { amount: '50001' }, MSG.insufficientWithdrawable],
    ['wrong fund password', { fundPassword: '135791' }, MSG.wrongFundPassword],
    ['malformed fund password', { fundPassword: 'abc' }, MSG.fundPasswordRule],
    ['no card', { cardId: undefined }, MSG.bankCardRequired],
    ['unknown card', { cardId: 999999 }, MSG.bankCardNotFound],
    ['missing idempotency key', { idempotencyKey: 'short' }, MSG.idempotencyKeyRequired],
  ];
  it.each(withdrawCases)('withdraw: %s', async (_name, over, msg) => {
    const before = await footprint();
    expect(await call(t.app, 'withdraw', withdraw(over), user)).toMatchObject({ status: 0, msg });
    expect(await footprint()).toEqual(before);
  });

  it('withdraw: unverified identity, no fund password, institution, withdraw ban', async () => {
    const before = await footprint();
    const unverified = await createCustomer(t, { verified: false });
    await grantStepUp(t, unverified, 'withdraw');
    expect((await call(t.app, 'withdraw', withdraw({}), unverified)).msg).toBe(MSG.realNameRequiredBeforeWithdraw);
    const noPassword = await createCustomer(t, { fundPassword: null });
    await grantStepUp(t, noPassword, 'withdraw');
    expect((await call(t.app, 'withdraw', withdraw({}), noPassword)).msg).toBe(MSG.fundPasswordNotSet);
    const seat = await createCustomer(t, { role: 'institution' });
    expect((await call(t.app, 'wallet', {}, seat)).msg).toBe(MSG.seatAccountSupportOnly);
    const banned = await createCustomer(t);
    await t.db.update(users).set({ withdrawBanned: true }).where(eq(users.id, banned.user.id));
    await grantStepUp(t, banned, 'withdraw');
    const res = await post(t.app, 'withdraw', withdraw({}), banned);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 0, msg: MSG.withdrawBarred, data: { restriction: 'withdraw_banned' } });
    // Still signed in: the wallet answers on the next call.
    expect((await call(t.app, 'wallet', {}, banned)).status).toBe(1);
    expect(await footprint()).toEqual(before);
  });

  it('idempotency: a repeat answers the first answer; other parameters under the same key are refused', async () => {
    const key = idemKey();
    const first = await call<{ id: number }>(t.app, 'withdraw', withdraw({ idempotencyKey: key }), user);
    expect(first.status).toBe(1);
    const before = await footprint();
    const repeat = await call<{ id: number; replayed: boolean }>(t.app, 'withdraw', withdraw({ idempotencyKey: key }), user);
    expect(repeat).toMatchObject({ status: 1, msg: MSG.withdrawSubmitted, data: { id: first.data.id, replayed: true } });
    expect((await call(t.app, 'withdraw', withdraw({ idempotencyKey: key, amount: '2000' }), user)).msg).toBe(MSG.idempotencyKeyReused);
    expect((await call(t.app, 'deposit', deposit({ idempotencyKey: key }), user)).msg).toBe(MSG.idempotencyKeyReused);
    expect(await footprint()).toEqual(before);
  });
});
