// Who may use support and what it may do (docs/api/support.md): a seat account uses every
// support call while funds and trading refuse it with the support hint; a restricted customer
// reaches support and is shown the customer text of the restriction, never the internal note;
// a deposit requested in the chat is the funds deposit, approved through the audited ops route
// exactly once; operator roles gate the ops calls; the operators' live stream delivers events.
import { and, count, eq } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type {
  DepositInfo,
  DepositRecord,
  OpsSupportCannedReply,
  OpsSupportConversationDetail,
  OpsSupportConversationRow,
  OpsSupportLiveEvent,
  SupportContactResult,
  SupportConversationView,
  SupportDepositRequestResult,
  SupportMessagePage,
  SupportSendResult,
} from '@kabuto/shared-sdk/schemas';
import { auditLog } from '../ops';
import { ledgerJournal, userAccountBalance } from '../funds';
import {
  createCustomer,
  createOperator,
  customerCall,
  idemKey,
  opsCall,
  startSupportTestApp,
  support,
  supportAttachment,
  type SupportTestContext,
  type TestOperator,
} from './testing/support-test-kit';

let t: SupportTestContext;
let reviewer: TestOperator;
let viewer: TestOperator;
beforeAll(async () => {
  t = await startSupportTestApp();
  reviewer = await createOperator(t, 'reviewer');
  viewer = await createOperator(t, 'viewer');
}, 120_000);
afterAll(async () => t.close());

const SUPPORT_HINT = { rule: 'seat-account-support-only', support: true };

test('a seat account uses support; funds and trading refuse it with the support hint, text unchanged', async () => {
  const seat = await createCustomer(t, { role: 'institution' });
  for (const path of ['funds/wallet', 'funds/depositInfo', 'trade/buyingPower', 'alerts/list']) {
    const refused = await customerCall(t.app, path, {}, seat);
    expect({ path, ...refused }).toEqual({ path, status: 0, msg: MSG.seatAccountSupportOnly, data: SUPPORT_HINT });
  }
  expect((await support<SupportConversationView>(t.app, 'conversation', {}, seat)).status).toBe(1);
  const sent = await support<SupportSendResult>(t.app, 'send', { text: '口座の入金をお願いします', idempotencyKey: idemKey() }, seat);
  expect(sent.status).toBe(1);
  // The chat is its deposit channel (spec §1): the channels and limits through support, then the
  // funds deposit itself, approved by an operator through the deposit queue's audited route.
  const info = await support<DepositInfo>(t.app, 'depositInfo', {}, seat);
  expect(info.status).toBe(1);
  expect(info.data.channels.map((c) => c.id)).toContain('bank-jpy');
  const proof = await supportAttachment(t, seat, 'deposit-proof');
  const deposit = await support<SupportDepositRequestResult>(
    t.app,
    'depositRequest',
    { channelId: 'bank-jpy', amount: '50000', proofKey: proof, idempotencyKey: idemKey() },
    seat,
  );
  expect(deposit).toMatchObject({ status: 1, msg: MSG.supportDepositRequested, data: { deposit: { state: 'pending', amount: { currency: 'JPY' } } } });
  const approved = await opsCall<DepositRecord>(t.app, reviewer, 'POST', `/funds/deposits/${deposit.data.deposit.id}/approve`, {});
  expect(approved).toMatchObject({ status: 1, data: { state: 'approved' } });
  expect(await userAccountBalance(t.db, seat.user.id, 'customer_cash', 'JPY')).toBe(50000n);
  const chat = await support<SupportMessagePage>(t.app, 'messages', {}, seat);
  expect(chat.data.list.find((m) => m.kind === 'deposit-request')?.data).toMatchObject({ deposit: { state: 'approved' } });
  for (const action of ['messages', 'contact']) {
    expect((await support(t.app, action, action === 'contact' ? { topic: 'deposit' } : {}, seat)).status).toBe(1);
  }
});

test('a restricted customer reaches support and sees the customer text, never the internal note', async () => {
  const c = await createCustomer(t);
  const admin = await createOperator(t, 'admin');
  const set = await opsCall(t.app, admin, 'POST', `/users/${c.user.account}/restrictions`, {
    restriction: 'trade_banned',
    on: true,
    reason: 'INTERNAL: matched AML watchlist entry 77',
    customerReason: 'ご本人確認書類の再提出をお願いします',
  });
  expect(set.status).toBe(1);
  await opsCall(t.app, admin, 'POST', `/users/${c.user.account}/restrictions`, { restriction: 'withdraw_banned', on: true, reason: 'INTERNAL: chargeback' });

  expect((await support(t.app, 'contact', { topic: 'nonsense' }, c)).msg).toBe(MSG.supportTopicInvalid);
  const contact = await support<SupportContactResult>(t.app, 'contact', { topic: 'restriction' }, c);
  expect(contact.status).toBe(1);
  expect(contact.data.conversation.topic).toBe('restriction');
  expect(contact.data.message).toMatchObject({
    author: 'system',
    kind: 'restriction',
    data: {
      kind: 'restriction',
      restrictions: [
        { restriction: 'trade_banned', reason: 'ご本人確認書類の再提出をお願いします' },
        { restriction: 'withdraw_banned', reason: null },
      ],
    },
  });
  const page = await support<SupportMessagePage>(t.app, 'messages', {}, c);
  expect(JSON.stringify(page.data)).not.toContain('INTERNAL');
  expect((await support(t.app, 'send', { text: 'why?', idempotencyKey: idemKey() }, c)).status).toBe(1);

  // The operator sees both texts side by side.
  const detail = await opsCall<OpsSupportConversationDetail>(t.app, reviewer, 'GET', `/support/conversations/${contact.data.conversation.id}`);
  expect(detail.data.customer.restrictions).toEqual([
    { restriction: 'trade_banned', internalNote: 'INTERNAL: matched AML watchlist entry 77', customerText: 'ご本人確認書類の再提出をお願いします' },
    { restriction: 'withdraw_banned', internalNote: 'INTERNAL: chargeback', customerText: null },
  ]);

  // A customer without restrictions: the conversation, no message.
  const free = await createCustomer(t);
  const none = await support<SupportContactResult>(t.app, 'contact', { topic: 'restriction' }, free);
  expect(none.data.message).toBeNull();
});

test('a deposit requested in the chat: approved through the ops deposit route once; wallet, postings and the message follow', async () => {
  const c = await createCustomer(t);
  const events: string[] = [];
  const stop = t.app.userEvents.subscribe(c.user.id, (frame) => events.push(frame));
  const proof = await supportAttachment(t, c, 'deposit-proof');
  const key = idemKey();

  // The funds rules hold: minimum, proof purpose, channel.
  expect((await support(t.app, 'depositRequest', { channelId: 'bank-jpy', amount: '10', proofKey: proof, idempotencyKey: idemKey() }, c)).status).toBe(0);
  const wrongProof = await supportAttachment(t, c, 'support-attachment');
  expect((await support(t.app, 'depositRequest', { channelId: 'bank-jpy', amount: '30000', proofKey: wrongProof, idempotencyKey: idemKey() }, c)).msg).toBe(
    MSG.uploadNotFound,
  );
  expect((await support(t.app, 'depositRequest', { channelId: 'nowhere', amount: '30000', proofKey: proof, idempotencyKey: idemKey() }, c)).msg).toBe(
    MSG.depositChannelNotFound,
  );

  const form = { channelId: 'bank-jpy', amount: '30000', proofKey: proof, idempotencyKey: key };
  const requested = await support<SupportDepositRequestResult>(t.app, 'depositRequest', form, c);
  expect(requested.status).toBe(1);
  const depositId = requested.data.deposit.id;
  expect(requested.data.message).toMatchObject({
    author: 'customer',
    kind: 'deposit-request',
    data: { kind: 'deposit-request', deposit: { id: depositId, state: 'pending' } },
  });
  // A retry: the same deposit, the same message.
  const retried = await support<SupportDepositRequestResult>(t.app, 'depositRequest', form, c);
  expect(retried.data.deposit.id).toBe(depositId);
  expect(retried.data.message.id).toBe(requested.data.message.id);

  // The operator sees it inline and approves it with the existing audited deposit route.
  const conversationId = requested.data.message.conversationId;
  const detail = await opsCall<OpsSupportConversationDetail>(t.app, reviewer, 'GET', `/support/conversations/${conversationId}`);
  expect(detail.data.messages.filter((m) => m.kind === 'deposit-request')).toHaveLength(1);
  expect(detail.data.customer.pendingDeposits).toBe(1);
  expect(await userAccountBalance(t.db, c.user.id, 'customer_cash', 'JPY')).toBe(0n);

  const approved = await opsCall<DepositRecord>(t.app, reviewer, 'POST', `/funds/deposits/${depositId}/approve`, {});
  expect(approved).toMatchObject({ status: 1, data: { id: depositId, state: 'approved' } });
  const twice = await opsCall(t.app, reviewer, 'POST', `/funds/deposits/${depositId}/approve`, {});
  expect(twice).toMatchObject({ status: 0, msg: MSG.reviewNotPending });

  expect(await userAccountBalance(t.db, c.user.id, 'customer_cash', 'JPY')).toBe(30000n);
  const [journals] = await t.db
    .select({ n: count() })
    .from(ledgerJournal)
    .where(eq(ledgerJournal.reference, `deposit:${depositId}`));
  expect(journals?.n).toBe(1);
  const [audits] = await t.db
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'funds.deposit.approve'), eq(auditLog.targetUserId, c.user.id)));
  expect(audits?.n).toBe(1);

  // The message shows the deposit's state now; the open screen was told by the deposit event.
  const page = await support<SupportMessagePage>(t.app, 'messages', {}, c);
  expect(page.data.list.find((m) => m.kind === 'deposit-request')?.data).toMatchObject({ deposit: { id: depositId, state: 'approved' } });
  expect(events.map((f) => JSON.parse(f) as { event: string; data: { id?: number; state?: string } })).toContainEqual(
    expect.objectContaining({ event: 'deposit', data: { id: depositId, state: 'approved' } }),
  );
  stop();
});

test('operator roles: reads for viewers, changes for reviewers; no credential 401; refusals audited', async () => {
  const c = await createCustomer(t);
  const sent = await support<SupportSendResult>(t.app, 'send', { text: 'help', idempotencyKey: idemKey() }, c);
  const id = sent.data.message.conversationId;
  expect((await opsCall(t.app, viewer, 'GET', '/support/conversations')).status).toBe(1);
  expect((await opsCall(t.app, viewer, 'GET', `/support/conversations/${id}`)).status).toBe(1);
  expect((await opsCall(t.app, viewer, 'GET', '/support/canned')).status).toBe(1);
  for (const [method, path, body] of [
    ['POST', `/support/conversations/${id}/reply`, { text: 'hi' }],
    ['POST', `/support/conversations/${id}/note`, { text: 'hi' }],
    ['POST', `/support/conversations/${id}/assign`, {}],
    ['POST', `/support/conversations/${id}/status`, { status: 'resolved' }],
    ['POST', '/support/canned', { title: 'x', text: 'y' }],
    ['GET', `/support/attachments/url?key=imgs/AAAAAAAAAAAAAAA.png`, undefined],
  ] as const) {
    const refused = await opsCall(t.app, viewer, method, path, body);
    expect({ path, http: refused.http, msg: refused.msg }).toEqual({ path, http: 403, msg: MSG.noPermission });
  }
  const [refusals] = await t.db
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'ops.refused'), eq(auditLog.operator, viewer.name)));
  expect(refusals?.n).toBe(6);
  const anonymous = await t.app.inject({ method: 'GET', url: '/api/ops/support/conversations' });
  expect(anonymous.statusCode).toBe(401);
  // Nothing the viewer tried happened.
  const page = await support<SupportMessagePage>(t.app, 'messages', {}, c);
  expect(page.data.list).toHaveLength(1);
});

test('inbox filters, assignment, status, canned replies, and the operators’ audited changes', async () => {
  const a = await createCustomer(t);
  const b = await createCustomer(t);
  const onlyLooked = await createCustomer(t);
  const aSent = await support<SupportSendResult>(t.app, 'send', { text: 'from a', idempotencyKey: idemKey() }, a);
  await support<SupportSendResult>(t.app, 'send', { text: 'from b', idempotencyKey: idemKey() }, b);
  // Opening the chat makes a conversation, but with nothing asked it is no case for the inbox.
  await support(t.app, 'conversation', {}, onlyLooked);
  const aId = aSent.data.message.conversationId;

  expect((await opsCall(t.app, reviewer, 'POST', `/support/conversations/${aId}/assign`, { operator: 'nobody-here' })).msg).toBe(MSG.supportOperatorNotFound);
  const assigned = await opsCall<OpsSupportConversationRow>(t.app, reviewer, 'POST', `/support/conversations/${aId}/assign`, {});
  expect(assigned).toMatchObject({ status: 1, msg: MSG.supportAssigned, data: { assignee: reviewer.name } });
  const mine = await opsCall<OpsSupportConversationRow[]>(t.app, reviewer, 'GET', `/support/conversations?assignee=${reviewer.name}`);
  expect(mine.data.map((r) => r.account)).toEqual([a.user.account]);
  const unassigned = await opsCall<OpsSupportConversationRow[]>(t.app, reviewer, 'GET', '/support/conversations?unassigned=true&limit=200');
  expect(unassigned.data.map((r) => r.account)).toContain(b.user.account);
  expect(unassigned.data.map((r) => r.account)).not.toContain(a.user.account);
  expect(unassigned.data.map((r) => r.account)).not.toContain(onlyLooked.user.account);

  await opsCall(t.app, reviewer, 'POST', `/support/conversations/${aId}/status`, { status: 'resolved' });
  const resolved = await opsCall<OpsSupportConversationRow[]>(t.app, reviewer, 'GET', `/support/conversations?status=resolved&account=${a.user.account}`);
  expect(resolved.data).toHaveLength(1);
  expect((await opsCall(t.app, reviewer, 'GET', '/support/conversations?status=closed')).msg).toBe(MSG.invalidParams);
  expect((await opsCall(t.app, reviewer, 'POST', `/support/conversations/${aId}/status`, { status: 'snoozed' })).msg).toBe(MSG.invalidParams);
  expect((await opsCall(t.app, reviewer, 'POST', `/support/conversations/999999/reply`, { text: 'x' })).msg).toBe(MSG.supportConversationNotFound);
  expect((await opsCall(t.app, reviewer, 'POST', `/support/conversations/${aId}/reply`, { text: '  ' })).msg).toBe(MSG.supportMessageEmpty);

  expect((await opsCall(t.app, reviewer, 'POST', '/support/canned', { title: '', text: 'x' })).msg).toBe(MSG.supportCannedInvalid);
  const canned = await opsCall<OpsSupportCannedReply>(t.app, reviewer, 'POST', '/support/canned', { title: 'Hours', text: '平日9:00〜17:30です' });
  expect(canned).toMatchObject({ status: 1, data: { title: 'Hours', text: '平日9:00〜17:30です', createdBy: reviewer.name } });
  expect((await opsCall<OpsSupportCannedReply[]>(t.app, viewer, 'GET', '/support/canned')).data.map((r) => r.id)).toContain(canned.data.id);
  expect((await opsCall(t.app, reviewer, 'POST', `/support/canned/${canned.data.id}/delete`)).msg).toBe(MSG.supportCannedDeleted);
  expect((await opsCall(t.app, reviewer, 'POST', `/support/canned/${canned.data.id}/delete`)).msg).toBe(MSG.supportCannedNotFound);

  const actions = await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.operator, reviewer.name));
  for (const action of ['support.assign', 'support.status', 'support.canned.create', 'support.canned.delete']) {
    expect(actions.map((r) => r.action)).toContain(action);
  }
});

test('the operators’ live stream: server-sent events over GET with the Bearer header', async () => {
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const refused = await fetch(`${address}/api/ops/support/live`);
  expect(refused.status).toBe(401);
  const controller = new AbortController();
  const res = await fetch(`${address}/api/ops/support/live`, { headers: { authorization: `Bearer ${viewer.token}` }, signal: controller.signal });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const c = await createCustomer(t);
  const sent = await support<SupportSendResult>(t.app, 'send', { text: 'live please', idempotencyKey: idemKey() }, c);
  const events: OpsSupportLiveEvent[] = [];
  while (!events.some((e) => e.type === 'message' && e.message.id === sent.data.message.id)) {
    const chunk = await reader.read();
    if (chunk.done) break;
    buffer += decoder.decode(chunk.value, { stream: true });
    const blocks = buffer.split('\n\n');
    buffer = blocks.pop() ?? '';
    for (const block of blocks) if (block.startsWith('data: ')) events.push(JSON.parse(block.slice(6)) as OpsSupportLiveEvent);
  }
  expect(events).toContainEqual(
    expect.objectContaining({ type: 'message', account: c.user.account, message: expect.objectContaining({ text: 'live please' }) }),
  );
  controller.abort();
});
