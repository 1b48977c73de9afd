// The support chat end to end on the app (docs/api/support.md): a message goes customer →
// operator → customer with the live events of both sides; a customer's write reopens a resolved
// conversation; outside business hours one automatic reply per closed period; a retried send
// answers the same message; attachments are claimed once, by their owner, for their purpose;
// text is stored and answered as text; private notes never reach the customer; nobody reads
// another customer's conversation or attachment; the send limit names its number.
import { and, count, eq } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import {
  SUPPORT_SEND_PER_MINUTE,
  SUPPORT_TEXT_MAX,
  type OpsSupportConversationDetail,
  type OpsSupportConversationRow,
  type OpsSupportMessageView,
  type SupportAttachmentUrl,
  type SupportConversationView,
  type SupportMessagePage,
  type SupportSendResult,
} from '@kabuto/shared-sdk/schemas';
import { uploads } from '../common';
import { supportMessages } from './schema';
import {
  createCustomer,
  createOperator,
  idemKey,
  MONDAY_EVENING,
  OPEN_HOURS,
  opsCall,
  recordCustomerEvents,
  recordOperatorEvents,
  startSupportTestApp,
  support,
  supportAttachment,
  type SupportTestContext,
  type TestOperator,
} from './testing/support-test-kit';

let t: SupportTestContext;
let reviewer: TestOperator;
beforeAll(async () => {
  t = await startSupportTestApp();
  reviewer = await createOperator(t, 'reviewer');
}, 120_000);
afterAll(async () => t.close());
beforeEach(() => t.business.set(OPEN_HOURS));

test('round trip: customer → operator → customer, with the live events of both sides', async () => {
  const c = await createCustomer(t);
  const mine = recordCustomerEvents(t, c);
  const theirs = recordOperatorEvents(t);

  const first = await support<SupportConversationView>(t.app, 'conversation', {}, c);
  expect(first.status).toBe(1);
  expect(first.data).toMatchObject({ status: 'open', topic: 'general', unread: 0, canRate: false, rating: null });
  expect(first.data.hours).toMatchObject({ open: true, nextOpenAt: null, opens: '09:00', closes: '17:30', timeZone: 'Asia/Tokyo' });

  const sent = await support<SupportSendResult>(t.app, 'send', { text: '  入金が反映されません  ', idempotencyKey: idemKey() }, c);
  expect(sent).toMatchObject({ status: 1, msg: MSG.supportSent });
  expect(sent.data.message).toMatchObject({ author: 'customer', kind: 'text', text: '入金が反映されません', attachments: [] });
  expect(sent.data.autoReply).toBeNull();
  expect(theirs.events).toContainEqual(
    expect.objectContaining({ type: 'message', account: c.user.account, message: expect.objectContaining({ id: sent.data.message.id }) }),
  );

  // The operator finds it in the inbox, unread, waiting.
  const inbox = await opsCall<OpsSupportConversationRow[]>(t.app, reviewer, 'GET', `/support/conversations?account=${c.user.account}`);
  expect(inbox.data).toHaveLength(1);
  const row = inbox.data[0]!;
  expect(row).toMatchObject({ status: 'open', unread: 1, preview: '入金が反映されません', assignee: null });
  expect(row.waitingSince).not.toBeNull();

  const read = await opsCall<OpsSupportConversationRow>(t.app, reviewer, 'POST', `/support/conversations/${row.id}/read`, { upToId: sent.data.message.id });
  expect(read.data.unread).toBe(0);
  expect(mine.events).toContainEqual({ type: 'read', conversationId: row.id, reader: 'operator', upToId: sent.data.message.id });

  await opsCall(t.app, reviewer, 'POST', `/support/conversations/${row.id}/typing`, { typing: true });
  expect(mine.events).toContainEqual({ type: 'typing', conversationId: row.id, author: 'operator', typing: true });

  const reply = await opsCall<OpsSupportMessageView>(t.app, reviewer, 'POST', `/support/conversations/${row.id}/reply`, { text: '確認いたします' });
  expect(reply).toMatchObject({ status: 1, data: { author: 'operator', operator: reviewer.name, private: false, text: '確認いたします' } });

  // The customer got it live, with the unread count, and sees it in the page; the conversation waits on them.
  const pushed = mine.events.find((e) => e.type === 'message' && e.message.id === reply.data.id);
  expect(pushed).toMatchObject({ type: 'message', unread: 1, message: { author: 'operator', text: '確認いたします' } });
  expect(mine.events).toContainEqual({ type: 'status', conversationId: row.id, status: 'waiting' });
  const page = await support<SupportMessagePage>(t.app, 'messages', {}, c);
  expect(page.data.list.map((m) => [m.author, m.text])).toEqual([
    ['customer', '入金が反映されません'],
    ['operator', '確認いたします'],
  ]);
  // Operator messages carry no operator name for the customer.
  expect(page.data.list[1]).not.toHaveProperty('operator');
  const after = await support<SupportConversationView>(t.app, 'conversation', {}, c);
  expect(after.data).toMatchObject({ status: 'waiting', unread: 1, supportReadUpToId: sent.data.message.id });

  // The customer reads: the operators get the receipt and the unread count drops.
  const readByCustomer = await support<SupportConversationView>(t.app, 'read', { upToId: reply.data.id }, c);
  expect(readByCustomer.data.unread).toBe(0);
  expect(theirs.events).toContainEqual({ type: 'read', conversationId: row.id, account: c.user.account, reader: 'customer', upToId: reply.data.id });
  await support(t.app, 'typing', { typing: 'true' }, c);
  expect(theirs.events).toContainEqual({ type: 'typing', conversationId: row.id, account: c.user.account, author: 'customer', typing: true });

  // Every change the operator made is audited.
  const detail = await opsCall<OpsSupportConversationDetail>(t.app, reviewer, 'GET', `/support/conversations/${row.id}`);
  expect(detail.data.customerReadUpToId).toBe(reply.data.id);
  expect(detail.data.customer).toMatchObject({ account: c.user.account, kyc: 'verified', restrictions: [], openOrders: 0, pendingDeposits: 0 });
  mine.stop();
  theirs.stop();
});

test('private notes reach operators only: never in the customer’s page nor their live events', async () => {
  const c = await createCustomer(t);
  const mine = recordCustomerEvents(t, c);
  const theirs = recordOperatorEvents(t);
  const sent = await support<SupportSendResult>(t.app, 'send', { text: 'hello', idempotencyKey: idemKey() }, c);
  const id = sent.data.message.conversationId;
  const note = await opsCall<OpsSupportMessageView>(t.app, reviewer, 'POST', `/support/conversations/${id}/note`, {
    text: 'VIP, check the 2024 complaint first',
  });
  expect(note).toMatchObject({ status: 1, msg: MSG.supportNoteAdded, data: { private: true, author: 'operator' } });
  expect(theirs.events).toContainEqual(expect.objectContaining({ type: 'message', message: expect.objectContaining({ id: note.data.id, private: true }) }));

  const page = await support<SupportMessagePage>(t.app, 'messages', {}, c);
  expect(page.data.list.map((m) => m.id)).toEqual([sent.data.message.id]);
  expect(JSON.stringify(mine.events)).not.toContain('2024 complaint');
  // A note is not a message for the customer to read: not unread, not readable by id.
  expect((await support<SupportConversationView>(t.app, 'conversation', {}, c)).data.unread).toBe(0);
  expect(await support(t.app, 'read', { upToId: note.data.id }, c)).toMatchObject({ status: 0, msg: MSG.supportMessageNotFound });
  // Nor does a note answer them: the conversation still waits on support.
  expect((await support<SupportConversationView>(t.app, 'conversation', {}, c)).data.status).toBe('open');
  const detail = await opsCall<OpsSupportConversationDetail>(t.app, reviewer, 'GET', `/support/conversations/${id}`);
  expect(detail.data.messages.map((m) => [m.text, m.private])).toEqual([
    ['hello', false],
    ['VIP, check the 2024 complaint first', true],
  ]);
  mine.stop();
  theirs.stop();
});

test('a resolved conversation reopens when the customer writes, and may be rated once per resolution', async () => {
  const c = await createCustomer(t);
  const sent = await support<SupportSendResult>(t.app, 'send', { text: 'question', idempotencyKey: idemKey() }, c);
  const id = sent.data.message.conversationId;
  expect(await support(t.app, 'rate', { stars: 5 }, c)).toMatchObject({ status: 0, msg: MSG.supportRateNotResolved });

  const mine = recordCustomerEvents(t, c);
  const resolved = await opsCall<OpsSupportConversationRow>(t.app, reviewer, 'POST', `/support/conversations/${id}/status`, { status: 'resolved' });
  expect(resolved.data).toMatchObject({ status: 'resolved', waitingSince: null });
  expect(mine.events).toContainEqual({ type: 'status', conversationId: id, status: 'resolved' });
  expect((await support<SupportConversationView>(t.app, 'conversation', {}, c)).data).toMatchObject({ status: 'resolved', canRate: true });

  for (const stars of ['0', '6', '2.5', 'x']) expect((await support(t.app, 'rate', { stars }, c)).msg).toBe(MSG.supportRatingInvalid);
  expect((await support(t.app, 'rate', { stars: 4, comment: 'x'.repeat(501) }, c)).msg).toBe(MSG.supportCommentTooLong);
  const rated = await support<SupportConversationView>(t.app, 'rate', { stars: 4, comment: 'quick' }, c);
  expect(rated).toMatchObject({ status: 1, msg: MSG.supportRated, data: { rating: { stars: 4, comment: 'quick' }, canRate: false } });
  expect(await support(t.app, 'rate', { stars: 5 }, c)).toMatchObject({ status: 0, msg: MSG.supportAlreadyRated });

  const again = await support<SupportSendResult>(t.app, 'send', { text: 'one more thing', idempotencyKey: idemKey() }, c);
  expect(again.data.conversation).toMatchObject({ status: 'open', canRate: false });
  expect(mine.events).toContainEqual({ type: 'status', conversationId: id, status: 'open' });
  const page = await support<SupportMessagePage>(t.app, 'messages', {}, c);
  expect(page.data.list.filter((m) => m.kind === 'status').map((m) => m.data)).toEqual([
    { kind: 'status', status: 'resolved' },
    { kind: 'status', status: 'open' },
  ]);
  // The next resolution may be rated again.
  await opsCall(t.app, reviewer, 'POST', `/support/conversations/${id}/status`, { status: 'resolved' });
  expect((await support(t.app, 'rate', { stars: 3 }, c)).status).toBe(1);
  mine.stop();
});

test('outside business hours: one automatic reply per closed period, naming the next opening', async () => {
  const c = await createCustomer(t);
  t.business.set(MONDAY_EVENING);
  const conversation = await support<SupportConversationView>(t.app, 'conversation', {}, c);
  const tuesdayNine = '2025-01-07T00:00:00.000Z';
  expect(conversation.data.hours).toMatchObject({ open: false, nextOpenAt: tuesdayNine, closesAt: null });

  const first = await support<SupportSendResult>(t.app, 'send', { text: 'anyone there?', idempotencyKey: idemKey() }, c);
  expect(first.data.autoReply).toMatchObject({ author: 'auto', kind: 'auto', text: null, data: { kind: 'auto', nextOpenAt: tuesdayNine } });
  const second = await support<SupportSendResult>(t.app, 'send', { text: 'hello?', idempotencyKey: idemKey() }, c);
  expect(second.data.autoReply).toBeNull();

  // Friday evening → Monday 09:00 JST; the new closed period gets its own reply. 2025-01-13 is
  // Coming of Age Day, a Japanese holiday: support opens on Tuesday the 14th.
  t.business.set(new Date('2025-01-10T10:00:00Z'));
  const friday = await support<SupportSendResult>(t.app, 'send', { text: 'weekend question', idempotencyKey: idemKey() }, c);
  expect(friday.data.autoReply?.data).toEqual({ kind: 'auto', nextOpenAt: '2025-01-14T00:00:00.000Z' });

  // Inside hours: no automatic reply.
  t.business.set(new Date('2025-01-14T00:00:00Z'));
  const open = await support<SupportSendResult>(t.app, 'send', { text: 'good morning', idempotencyKey: idemKey() }, c);
  expect(open.data.autoReply).toBeNull();
  expect(open.data.conversation.hours).toMatchObject({ open: true, closesAt: '2025-01-14T08:30:00.000Z' });
  const autos = (await support<SupportMessagePage>(t.app, 'messages', { limit: 50 }, c)).data.list.filter((m) => m.kind === 'auto');
  expect(autos).toHaveLength(2);
});

test('a retried send answers the same message and its automatic reply; never two messages', async () => {
  const c = await createCustomer(t);
  t.business.set(MONDAY_EVENING);
  const key = idemKey();
  const attachment = await supportAttachment(t, c);
  const [a, b] = await Promise.all([
    support<SupportSendResult>(t.app, 'send', { text: 'once', attachments: attachment, idempotencyKey: key }, c),
    support<SupportSendResult>(t.app, 'send', { text: 'once', attachments: attachment, idempotencyKey: key }, c),
  ]);
  const again = await support<SupportSendResult>(t.app, 'send', { text: 'once', attachments: attachment, idempotencyKey: key }, c);
  for (const answer of [a, b, again]) expect(answer.status).toBe(1);
  expect(new Set([a.data.message.id, b.data.message.id, again.data.message.id]).size).toBe(1);
  expect(again.data.autoReply?.id).toBe(a.data.autoReply?.id ?? b.data.autoReply?.id);
  const [stored] = await t.db.select({ n: count() }).from(supportMessages).where(eq(supportMessages.conversationId, a.data.message.conversationId));
  expect(stored?.n).toBe(2);
  expect(await support(t.app, 'send', { text: 'no key' }, c)).toMatchObject({ status: 0, msg: MSG.idempotencyKeyRequired });
});

test('attachments: claimed once, by their owner, for support; others answer as missing; signed URL for the owner only', async () => {
  const c = await createCustomer(t);
  const other = await createCustomer(t);
  const own = await supportAttachment(t, c);
  const wrongPurpose = await supportAttachment(t, c, 'deposit-proof');
  const theirs = await supportAttachment(t, other);
  for (const key of [wrongPurpose, theirs, 'imgs/AAAAAAAAAAAAAAA.png']) {
    const refused = await support(t.app, 'send', { text: 'see image', attachments: key, idempotencyKey: idemKey() }, c);
    expect({ key, msg: refused.msg }).toEqual({ key, msg: MSG.supportAttachmentNotFound });
  }
  // A refusal rolls back the other claims of the same message.
  const mixed = await support(t.app, 'send', { attachments: `${own},${theirs}`, idempotencyKey: idemKey() }, c);
  expect(mixed.msg).toBe(MSG.supportAttachmentNotFound);
  const [unclaimed] = await t.db.select({ usedAt: uploads.usedAt }).from(uploads).where(eq(uploads.key, own));
  expect(unclaimed?.usedAt).toBeNull();

  const sent = await support<SupportSendResult>(t.app, 'send', { attachments: own, idempotencyKey: idemKey() }, c);
  expect(sent.data.message).toMatchObject({ text: null, attachments: [{ key: own }] });
  const used = await support(t.app, 'send', { attachments: own, idempotencyKey: idemKey() }, c);
  expect(used.msg).toBe(MSG.supportAttachmentNotFound);

  const bad: [Record<string, string>, string][] = [
    [{ attachments: 'not-a-key' }, MSG.supportAttachmentNotFound],
    [{ attachments: [1, 2, 3, 4, 5].map(() => own).join(',') }, MSG.supportTooManyAttachments],
    [{ attachments: `${own},${own}` }, MSG.supportAttachmentNotFound],
    [{ text: '   ' }, MSG.supportMessageEmpty],
    [{}, MSG.supportMessageEmpty],
    [{ text: 'x'.repeat(SUPPORT_TEXT_MAX + 1) }, MSG.supportTextTooLong],
  ];
  for (const [form, msg] of bad) {
    const answer = await support(t.app, 'send', { ...form, idempotencyKey: idemKey() }, c);
    expect({ form: Object.keys(form), msg: answer.msg }).toEqual({ form: Object.keys(form), msg });
  }
  expect((await support(t.app, 'send', { text: 'x'.repeat(SUPPORT_TEXT_MAX), idempotencyKey: idemKey() }, c)).status).toBe(1);

  const url = await support<SupportAttachmentUrl>(t.app, 'attachment', { key: own }, c);
  expect(url.status).toBe(1);
  expect(url.data.url).toMatch(new RegExp(`/uploads/signed/\\d+/[^/]+/${own.replace('.', '\\.')}$`));
  expect(Date.parse(url.data.expiresAt)).toBeGreaterThan(t.clock.now().getTime());
  // Another customer asking for my attachment gets the answer a missing key gets.
  const missing = await support(t.app, 'attachment', { key: 'imgs/BBBBBBBBBBBBBBB.png' }, other);
  const stolen = await support(t.app, 'attachment', { key: own }, other);
  expect(stolen).toEqual(missing);
  expect(stolen).toMatchObject({ status: 0, msg: MSG.supportAttachmentNotFound });
  // An upload of mine that is not in my conversation is no support attachment either.
  expect((await support(t.app, 'attachment', { key: wrongPurpose }, c)).msg).toBe(MSG.supportAttachmentNotFound);

  // Operators open it through the audited ops call.
  const viewed = await opsCall<SupportAttachmentUrl>(t.app, reviewer, 'GET', `/support/attachments/url?key=${encodeURIComponent(own)}`);
  expect(viewed.data.key).toBe(own);
});

test('a customer cannot read, mark or continue another customer’s conversation', async () => {
  const a = await createCustomer(t);
  const b = await createCustomer(t);
  const aSent = await support<SupportSendResult>(t.app, 'send', { text: 'my account number is private', idempotencyKey: idemKey() }, a);
  const bConversation = await support<SupportConversationView>(t.app, 'conversation', {}, b);
  expect(bConversation.data.id).not.toBe(aSent.data.message.conversationId);
  const bPage = await support<SupportMessagePage>(t.app, 'messages', {}, b);
  expect(bPage.data.list).toEqual([]);
  // beforeId past a's message still only pages b's conversation.
  const cursor = await support<SupportMessagePage>(t.app, 'messages', { beforeId: aSent.data.message.id + 1 }, b);
  expect(cursor.data.list).toEqual([]);
  expect(await support(t.app, 'read', { upToId: aSent.data.message.id }, b)).toMatchObject({ status: 0, msg: MSG.supportMessageNotFound });
  // b's same idempotency key is b's own message, not a replay of a's.
  const bSent = await support<SupportSendResult>(t.app, 'send', { text: 'mine', idempotencyKey: 'shared-key-1234' }, b);
  const aSame = await support<SupportSendResult>(t.app, 'send', { text: 'also mine', idempotencyKey: 'shared-key-1234' }, a);
  expect(bSent.data.message.text).toBe('mine');
  expect(aSame.data.message.text).toBe('also mine');
});

test('text that looks like HTML is stored and answered exactly as text', async () => {
  const c = await createCustomer(t);
  const text = '<script>alert("x")</script><img src=x onerror=alert(1)> & <b>bold</b>';
  const sent = await support<SupportSendResult>(t.app, 'send', { text, idempotencyKey: idemKey() }, c);
  expect(sent.data.message.text).toBe(text);
  const [row] = await t.db.select({ body: supportMessages.body }).from(supportMessages).where(eq(supportMessages.id, sent.data.message.id));
  expect(row?.body).toBe(text);
  const page = await support<SupportMessagePage>(t.app, 'messages', {}, c);
  expect(page.data.list[0]?.text).toBe(text);
  const reply = await opsCall<OpsSupportMessageView>(t.app, reviewer, 'POST', `/support/conversations/${sent.data.message.conversationId}/reply`, {
    text: '<i>ok</i>',
  });
  expect(reply.data.text).toBe('<i>ok</i>');
});

test('messages page backwards: newest page first, oldest first within a page, limit at most 50', async () => {
  const c = await createCustomer(t);
  const ids: number[] = [];
  for (let i = 0; i < 7; i++) ids.push((await support<SupportSendResult>(t.app, 'send', { text: `m${i}`, idempotencyKey: idemKey() }, c)).data.message.id);
  const newest = await support<SupportMessagePage>(t.app, 'messages', { limit: 3 }, c);
  expect(newest.data.list.map((m) => m.text)).toEqual(['m4', 'm5', 'm6']);
  const older = await support<SupportMessagePage>(t.app, 'messages', { limit: 3, beforeId: newest.data.nextBeforeId ?? 0 }, c);
  expect(older.data.list.map((m) => m.text)).toEqual(['m1', 'm2', 'm3']);
  const oldest = await support<SupportMessagePage>(t.app, 'messages', { limit: 3, beforeId: older.data.nextBeforeId ?? 0 }, c);
  expect(oldest.data).toEqual({ list: [expect.objectContaining({ text: 'm0', id: ids[0] })], nextBeforeId: null });
  for (const limit of ['0', '51', 'x', '2.5']) expect((await support(t.app, 'messages', { limit }, c)).msg).toBe(MSG.invalidParams);
  expect((await support(t.app, 'messages', { beforeId: '-1' }, c)).msg).toBe(MSG.supportMessageNotFound);
});

test('the send limit counts per customer and names its number', async () => {
  const c = await createCustomer(t);
  const other = await createCustomer(t);
  for (let i = 0; i < SUPPORT_SEND_PER_MINUTE; i++) {
    expect((await support(t.app, 'send', { text: `n${i}`, idempotencyKey: idemKey() }, c)).status).toBe(1);
  }
  const over = await support(t.app, 'send', { text: 'one too many', idempotencyKey: idemKey() }, c);
  expect(over).toEqual({ status: 0, msg: MSG.supportSendTooFrequent, data: { max: SUPPORT_SEND_PER_MINUTE, perSeconds: 60 } });
  const [stored] = await t.db
    .select({ n: count() })
    .from(supportMessages)
    .where(
      and(
        eq(supportMessages.conversationId, (await support<SupportConversationView>(t.app, 'conversation', {}, c)).data.id),
        eq(supportMessages.body, 'one too many'),
      ),
    );
  expect(stored?.n).toBe(0);
  // Another customer's allowance is their own.
  expect((await support(t.app, 'send', { text: 'hi', idempotencyKey: idemKey() }, other)).status).toBe(1);
});
