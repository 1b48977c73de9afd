// The customer journey through the funds API: bind a card (step-up), deposit with proof,
// operator approval, exchange, withdrawal with fund password and step-up, payment; the
// records and postings show every step and the ledger balances.
import { MSG } from '@kabuto/shared-sdk/messages';
import type {
  BankCard,
  DepositRecord,
  ExchangeQuote,
  ExchangeRecord,
  Page,
  PostingItem,
  TradeRecord,
  Wallet,
  WalletPostingsPage,
  WithdrawalRecord,
} from '@kabuto/shared-sdk/schemas';
import { checkLedger } from './ledger/balances';
import {
  call,
  createCustomer,
  createOperator,
  grantStepUp,
  idemKey,
  ops,
  startFundsTestApp,
  uploadRow,
  type FundsTestContext,
  type TestCustomer,
} from './testing/funds-test-kit';

let t: FundsTestContext;
let op: { token: string };
let alice: TestCustomer;

beforeAll(async () => {
  t = await startFundsTestApp();
  op = await createOperator(t.db, 'reviewer');
  alice = await createCustomer(t);
});
afterAll(async () => t.close());

const CARD = { holderName: 'ﾔﾏﾀﾞ ﾀﾛｳ', bankCode: '0001', branchCode: '001', accountNumber: '1234567', accountType: 'ordinary' };

describe('funds flow', () => {
  let card: BankCard;

  it('binds a bank card only with a bank-card step-up, owned by the verified name', async () => {
    expect(await call(t.app, 'bankCardAdd', CARD, alice)).toMatchObject({ status: 0, msg: MSG.stepUpRequired, data: { stepUp: 'bank-card' } });
    await grantStepUp(t, alice, 'bank-card');
    expect((await call(t.app, 'bankCardAdd', { ...CARD, holderName: 'スズキ ハナコ' }, alice)).msg).toBe(MSG.bankCardNotOwned);
    expect((await call(t.app, 'bankCardAdd', { ...CARD, holderName: 'Yamada' }, alice)).msg).toBe(MSG.holderNameKatakana);
    expect((await call(t.app, 'bankCardAdd', { ...CARD, bankCode: '9999' }, alice)).msg).toBe(MSG.bankNotFound);
    expect((await call(t.app, 'bankCardAdd', { ...CARD, branchCode: '998' }, alice)).msg).toBe(MSG.branchNotFound);
    expect((await call(t.app, 'bankCardAdd', { ...CARD, accountNumber: '12345' }, alice)).msg).toBe(MSG.bankAccountNumberInvalid);
    expect((await call(t.app, 'bankCardAdd', { ...CARD, accountType: 'savings' }, alice)).msg).toBe(MSG.bankAccountTypeInvalid);
    const added = await call<BankCard>(t.app, 'bankCardAdd', CARD, alice);
    expect(added).toMatchObject({
      status: 1,
      msg: MSG.bindSuccess,
      data: { holderName: 'ヤマダタロウ', bankName: 'みずほ', branchName: '東京営業部', accountNumberMasked: '***4567' },
    });
    card = added.data;
    expect((await call(t.app, 'bankCardAdd', CARD, alice)).msg).toBe(MSG.bankCardExists);
    const bob = await createCustomer(t, { nameKana: 'やまだ たろう' });
    expect((await call(t.app, 'bankCardDelete', { id: card.id }, bob)).msg).toBe(MSG.stepUpRequired);
    await grantStepUp(t, bob, 'bank-card');
    expect((await call(t.app, 'bankCardDelete', { id: card.id }, bob)).msg).toBe(MSG.bankCardNotFound);
    expect((await call<{ list: BankCard[] }>(t.app, 'bankCards', {}, alice)).data.list).toHaveLength(1);
  });

  it('compares the holder with the verified reading, not the kanji name; no reading, no card', async () => {
    const kanjiOnly = await createCustomer(t, { realName: '山田 太郎', nameKana: null });
    await grantStepUp(t, kanjiOnly, 'bank-card');
    const other = { ...CARD, accountNumber: '7654321' };
    expect((await call(t.app, 'bankCardAdd', other, kanjiOnly)).msg).toBe(MSG.bankCardNotOwned);
    expect((await call(t.app, 'bankCardAdd', { ...other, holderName: '山田太郎' }, kanjiOnly)).msg).toBe(MSG.holderNameKatakana);
    const smallKana = await createCustomer(t, { realName: '佐藤 京子', nameKana: 'サトウ キョウコ' });
    await grantStepUp(t, smallKana, 'bank-card');
    // Passbooks print small kana large: ｻﾄｳ ｷﾖｳｺ is the same holder.
    expect(await call(t.app, 'bankCardAdd', { ...other, holderName: 'ｻﾄｳ ｷﾖｳｺ' }, smallKana)).toMatchObject({
      status: 1,
      data: { holderName: 'サトウキヨウコ' },
    });
  });

  it('looks banks and branches up in zengin-code', async () => {
    const banks = await call<{ list: { code: string; name: string }[] }>(t.app, 'banks', { q: 'みずほ' }, alice);
    expect(banks.data.list).toContainEqual(expect.objectContaining({ code: '0001', name: 'みずほ' }));
    const branches = await call<{ list: { code: string }[] }>(t.app, 'branches', { bankCode: '0001', q: '001' }, alice);
    expect(branches.data.list[0]?.code).toBe('001');
  });

  let deposit: DepositRecord;
  it('takes a deposit with proof as pending, credits it only on approval', async () => {
    const proofKey = await uploadRow(t.db, t.clock, alice);
    const res = await call<DepositRecord>(t.app, 'deposit', { channelId: 'bank-jpy', amount: '500000', proofKey, idempotencyKey: idemKey() }, alice);
    expect(res).toMatchObject({
      status: 1,
      msg: MSG.depositSubmitted,
      data: { state: 'pending', amount: { currency: 'JPY', minor: '500000', amount: '500000' }, autoApproveAt: null },
    });
    deposit = res.data;
    expect((await call<Wallet>(t.app, 'wallet', {}, alice)).data.balance.minor).toBe('0');
    const queue = await ops<{ id: number }[]>(t.app, op.token, 'GET', '/deposits');
    expect(queue.data.map((d) => d.id)).toContain(deposit.id);
    expect(await ops(t.app, op.token, 'POST', `/deposits/${deposit.id}/approve`, {})).toMatchObject({ status: 1, data: { state: 'approved' } });
    expect((await ops(t.app, op.token, 'POST', `/deposits/${deposit.id}/approve`, {})).msg).toBe(MSG.reviewNotPending);
    const wallet = (await call<Wallet>(t.app, 'wallet', {}, alice)).data;
    expect(wallet).toMatchObject({ balance: { minor: '500000' }, available: { minor: '500000' }, frozen: { minor: '0' }, totalAssets: { minor: '500000' } });
  });

  it('exchanges JPY to USD at the quoted rate, once per key', async () => {
    const quote = await call<ExchangeQuote>(t.app, 'exchangeQuote', { from: 'JPY', to: 'USD', amount: '157600' }, alice);
    expect(quote.status).toBe(1);
    const { rate, to, from } = quote.data;
    // Rate applied = rate shown: to = floor(from × rate) in cents.
    const [intPart = '0', fracPart = ''] = rate.split('.');
    const rateScaled = BigInt(intPart + fracPart.padEnd(10, '0'));
    expect(BigInt(to.minor)).toBe((BigInt(from.minor) * rateScaled * 100n) / 10_000_000_000n);
    const key = idemKey();
    const done = await call<ExchangeRecord>(t.app, 'exchange', { quoteId: quote.data.quoteId, idempotencyKey: key }, alice);
    expect(done).toMatchObject({ status: 1, msg: MSG.exchangeSuccess, data: { rate, to, from } });
    const again = await call<ExchangeRecord>(t.app, 'exchange', { quoteId: quote.data.quoteId, idempotencyKey: key }, alice);
    expect(again).toMatchObject({ status: 1, data: { id: done.data.id, replayed: true } });
    expect((await call(t.app, 'exchange', { quoteId: quote.data.quoteId, idempotencyKey: idemKey() }, alice)).msg).toBe(MSG.exchangeQuoteExpired);
    const wallet = (await call<Wallet>(t.app, 'wallet', {}, alice)).data;
    expect(wallet.balance.minor).toBe('342400');
    expect(wallet.usdAmount.minor).toBe(to.minor);
  });

  it('refuses a stale quote, the same currency and unknown currencies', async () => {
    const quote = await call<ExchangeQuote>(t.app, 'exchangeQuote', { from: 'JPY', to: 'USD', amount: '1000' }, alice);
    t.clock.advance(30_000);
    expect((await call(t.app, 'exchange', { quoteId: quote.data.quoteId, idempotencyKey: idemKey() }, alice)).msg).toBe(MSG.exchangeQuoteExpired);
    expect((await call(t.app, 'exchangeQuote', { from: 'JPY', to: 'JPY', amount: '1000' }, alice)).msg).toBe(MSG.sameCurrency);
    expect((await call(t.app, 'exchangeQuote', { from: 'JPY', to: 'EUR', amount: '1000' }, alice)).msg).toBe(MSG.currencyUnsupported);
    expect((await call(t.app, 'exchangeQuote', { from: 'USD', to: 'JPY', amount: '1.001' }, alice)).msg).toBe(MSG.amountTooManyDecimals);
    expect((await call(t.app, 'exchangeQuote', { from: 'JPY', to: 'USD', amount: '1' }, alice)).msg).toBe(MSG.exchangeAmountTooSmall);
  });

  let withdrawal: WithdrawalRecord;
  it('withdraws with fund password and step-up, freezing at once; the operator pays', async () => {
    const form = { cardId: card.id, amount: '100000', fundPassword: '246810', idempotencyKey: idemKey() };
    expect((await call(t.app, 'withdraw', form, alice)).msg).toBe(MSG.stepUpRequired);
    await grantStepUp(t, alice, 'withdraw');
    expect((await call(t.app, 'withdraw', { ...form, fundPassword: '111111' }, alice)).msg).toBe(MSG.wrongFundPassword);
    expect((await call(t.app, 'withdraw', { ...form, amount: '99' }, alice)).msg).toBe('出金最小值100日元');
    expect((await call(t.app, 'withdraw', { ...form, amount: '10000001' }, alice)).msg).toBe('出金最大值10,000,000日元');
    expect((await call(t.app, 'withdraw', { ...form, amount: '400000' }, alice)).msg).toBe(MSG.insufficientWithdrawable);
    const res = await call<WithdrawalRecord>(t.app, 'withdraw', form, alice);
    expect(res).toMatchObject({
      status: 1,
      msg: MSG.withdrawSubmitted,
      data: { state: 'pending', amount: { minor: '100000' }, card: { bankName: 'みずほ', accountNumberMasked: '***4567' } },
    });
    withdrawal = res.data;
    expect(new Date(withdrawal.expectedBy).toISOString()).toBe('2025-01-07T15:00:00.000Z'); // 24:00 JST Tue = T+1
    let wallet = (await call<Wallet>(t.app, 'wallet', {}, alice)).data;
    expect(wallet).toMatchObject({ balance: { minor: '342400' }, available: { minor: '242400' }, frozen: { minor: '100000' } });
    expect((await ops(t.app, op.token, 'POST', `/withdrawals/${withdrawal.id}/pay`, {})).data).toMatchObject({ state: 'paid' });
    wallet = (await call<Wallet>(t.app, 'wallet', {}, alice)).data;
    expect(wallet).toMatchObject({ balance: { minor: '242400' }, available: { minor: '242400' }, frozen: { minor: '0' } });
  });

  it('refuses a withdrawal outside the window with the special message (window set by an audited operator call)', async () => {
    expect((await ops(t.app, op.token, 'POST', '/config', { name: 'withdraw_time', value: '25:00-26:00', reason: 'test' })).msg).toBe(MSG.fundsConfigInvalid);
    expect((await ops(t.app, op.token, 'POST', '/config', { name: 'withdraw_time', value: '09:00-09:30', reason: 'test' })).status).toBe(1);
    await grantStepUp(t, alice, 'withdraw');
    const res = await call(t.app, 'withdraw', { cardId: card.id, amount: '1000', fundPassword: '246810', idempotencyKey: idemKey() }, alice);
    expect(res.msg).toBe('請於出金時間：Mon-Fri 09:00-09:30');
    expect((await ops(t.app, op.token, 'POST', '/config', { name: 'withdraw_time', value: '09:00-15:30', reason: 'test' })).status).toBe(1);
  });

  it('shows every step in the records and the postings behind each figure', async () => {
    const deposits = await call<Page<DepositRecord> & { totals: unknown[] }>(t.app, 'records', { tab: 'deposit' }, alice);
    expect(deposits.data).toMatchObject({ total: 1, hasMore: false, totals: [{ currency: 'JPY', minor: '500000' }] });
    const withdrawals = await call<Page<WithdrawalRecord>>(t.app, 'records', { tab: 'withdraw' }, alice);
    expect(withdrawals.data.list[0]).toMatchObject({ id: withdrawal.id, state: 'paid' });
    const trades = await call<Page<TradeRecord>>(t.app, 'records', { tab: 'trade' }, alice);
    expect(trades.data.list).toHaveLength(1);
    expect(trades.data.list[0]?.type).toBe('exchange');
    const balance = await call<WalletPostingsPage>(t.app, 'walletPostings', { figure: 'balance' }, alice);
    expect(balance.data.sum).toEqual([{ currency: 'JPY', minor: '242400', amount: '242400' }]);
    expect(balance.data.list.map((p) => p.type)).toEqual(['withdrawal_paid', 'withdrawal_freeze', 'withdrawal_freeze', 'exchange', 'deposit']);
    const all = await call<Page<PostingItem> & { totals: { currency: string; minor: string }[] }>(t.app, 'transactions', { size: 2 }, alice);
    expect(all.data).toMatchObject({ size: 2, total: 6, hasMore: true });
    expect((await call(t.app, 'records', { tab: 'other' }, alice)).msg).toBe(MSG.invalidParams);
    const check = await checkLedger(t.db);
    expect(check.balanced).toBe(true);
    expect(await ops(t.app, op.token, 'GET', '/ledger/check')).toMatchObject({ status: 1, data: { balanced: true } });
  });
});
