// Every money movement and bank-account change tells the customer: a site message in tw/jp/en
// with the amount and the time, the outbox copy, and live events to their open screens.
import { and, desc, eq } from 'drizzle-orm';
import type { BankCard, DepositRecord, ExchangeQuote, WithdrawalRecord } from '@kabuto/shared-sdk/schemas';
import { siteMessages } from '../identity';
import { outbox } from '../../notifications/schema';
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
/** Frames alice's open screens received (she has one /ws connection authenticated). */
const frames: { event: string; data: Record<string, unknown> }[] = [];
const AT = '2025-01-06 10:00 JST';

beforeAll(async () => {
  t = await startFundsTestApp();
  op = await createOperator(t.db, 'reviewer');
  alice = await createCustomer(t);
  t.app.userEvents.subscribe(alice.user.id, (frame) => frames.push(JSON.parse(frame) as { event: string; data: Record<string, unknown> }));
});
afterAll(async () => t.close());

async function latestMessage(kind: string) {
  const [row] = await t.db
    .select()
    .from(siteMessages)
    .where(and(eq(siteMessages.userId, alice.user.id), eq(siteMessages.kind, kind)))
    .orderBy(desc(siteMessages.id))
    .limit(1);
  return row;
}

async function latestOutbox() {
  const [row] = await t.db.select().from(outbox).where(eq(outbox.recipient, alice.user.account)).orderBy(desc(outbox.id)).limit(1);
  return row;
}

/** The message exists in all three languages, each naming `amounts` and the time. */
async function expectNotice(kind: string, amounts: { tw: string; jp: string; en: string }[]) {
  const message = await latestMessage(kind);
  expect(message).toBeDefined();
  for (const lang of ['tw', 'jp', 'en'] as const) {
    expect(message?.title[lang]).toBeTruthy();
    expect(message?.body[lang]).toContain(AT);
    for (const a of amounts) expect(message?.body[lang]).toContain(a[lang]);
  }
  const sent = await latestOutbox();
  expect(sent?.body).toContain(message?.body.en);
  return message;
}

const CARD = { holderName: 'ﾔﾏﾀﾞ ﾀﾛｳ', bankCode: '0001', branchCode: '001', accountNumber: '1234567', accountType: 'ordinary' };
const YEN_1M = { tw: '1,000,000 日圓', jp: '1,000,000円', en: 'JPY 1,000,000' };

describe('money notices', () => {
  let card: BankCard;

  it('adding a bank card tells the customer (security-relevant), with the last digits and the time', async () => {
    await grantStepUp(t, alice, 'bank-card');
    card = (await call<BankCard>(t.app, 'bankCardAdd', CARD, alice)).data;
    const message = await expectNotice('bank_card_added', [{ tw: '4567', jp: '4567', en: '4567' }]);
    expect(message?.body.en).toContain('If this was not you');
    expect(frames).toContainEqual(expect.objectContaining({ event: 'bankCard', data: { change: 'added' } }));
  });

  it('an approved ¥1,000,000 deposit sends a site message with the amount, and the open screens update', async () => {
    frames.length = 0;
    const proofKey = await uploadRow(t.db, t.clock, alice);
    const deposit = (await call<DepositRecord>(t.app, 'deposit', { channelId: 'bank-jpy', amount: '1000000', proofKey, idempotencyKey: idemKey() }, alice))
      .data;
    expect(frames).toContainEqual(expect.objectContaining({ event: 'deposit', data: { id: deposit.id, state: 'pending' } }));
    expect((await ops(t.app, op.token, 'POST', `/deposits/${deposit.id}/approve`, {})).status).toBe(1);
    await expectNotice('deposit_approved', [YEN_1M]);
    expect(frames).toContainEqual(expect.objectContaining({ event: 'deposit', data: { id: deposit.id, state: 'approved' } }));
    expect(frames).toContainEqual(expect.objectContaining({ event: 'balance', data: { reason: 'deposit' } }));
    const unread = frames.filter((f) => f.event === 'message').at(-1);
    expect(unread?.data).toEqual({ kind: 'deposit_approved', unread: expect.any(Number) });
    expect(Number(unread?.data.unread)).toBeGreaterThanOrEqual(2);
  });

  it('a rejected deposit says so with the amount and the reason', async () => {
    const proofKey = await uploadRow(t.db, t.clock, alice);
    const deposit = (await call<DepositRecord>(t.app, 'deposit', { channelId: 'bank-jpy', amount: '2000', proofKey, idempotencyKey: idemKey() }, alice)).data;
    expect((await ops(t.app, op.token, 'POST', `/deposits/${deposit.id}/reject`, { reason: 'proof unreadable' })).status).toBe(1);
    const message = await expectNotice('deposit_rejected', [{ tw: '2,000 日圓', jp: '2,000円', en: 'JPY 2,000' }]);
    expect(message?.body.en).toContain('proof unreadable');
  });

  it('an exchange names both amounts', async () => {
    const quote = await call<ExchangeQuote>(t.app, 'exchangeQuote', { from: 'JPY', to: 'USD', amount: '157600' }, alice);
    expect((await call(t.app, 'exchange', { quoteId: quote.data.quoteId, idempotencyKey: idemKey() }, alice)).status).toBe(1);
    const usd = quote.data.to.amount.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    await expectNotice('exchange_done', [
      { tw: '157,600 日圓', jp: '157,600円', en: 'JPY 157,600' },
      { tw: `${usd} USD`, jp: `${usd} USD`, en: `USD ${usd}` },
    ]);
  });

  it('a withdrawal is told when accepted, when paid and when rejected', async () => {
    frames.length = 0;
    await grantStepUp(t, alice, 'withdraw');
    const form = { cardId: card.id, amount: '100000', fundPassword: '246810' };
    const first = (await call<WithdrawalRecord>(t.app, 'withdraw', { ...form, idempotencyKey: idemKey() }, alice)).data;
    await expectNotice('withdrawal_accepted', [
      { tw: '100,000 日圓', jp: '100,000円', en: 'JPY 100,000' },
      { tw: '4567', jp: '4567', en: '4567' },
    ]);
    expect(frames).toContainEqual(expect.objectContaining({ event: 'withdrawal', data: { id: first.id, state: 'accepted' } }));
    expect((await ops(t.app, op.token, 'POST', `/withdrawals/${first.id}/pay`, {})).status).toBe(1);
    await expectNotice('withdrawal_paid', [{ tw: '100,000 日圓', jp: '100,000円', en: 'JPY 100,000' }]);
    expect(frames).toContainEqual(expect.objectContaining({ event: 'withdrawal', data: { id: first.id, state: 'paid' } }));
    const second = (await call<WithdrawalRecord>(t.app, 'withdraw', { ...form, amount: '5000', idempotencyKey: idemKey() }, alice)).data;
    expect((await ops(t.app, op.token, 'POST', `/withdrawals/${second.id}/reject`, { reason: 'account closed at the bank' })).status).toBe(1);
    const rejected = await expectNotice('withdrawal_rejected', [{ tw: '5,000 日圓', jp: '5,000円', en: 'JPY 5,000' }]);
    expect(rejected?.body.en).toContain('account closed at the bank');
  });

  it('deleting a bank card tells the customer', async () => {
    await grantStepUp(t, alice, 'bank-card');
    expect((await call(t.app, 'bankCardDelete', { id: card.id }, alice)).status).toBe(1);
    await expectNotice('bank_card_deleted', [{ tw: '4567', jp: '4567', en: '4567' }]);
  });
});
