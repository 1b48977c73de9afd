// Operators attach images to support replies: the policy comes from the conversation (owner:
// its customer, purpose support-attachment), the upload target applies the customers' type and
// size rules, the reply claims each key once and only for that conversation, and the customer
// reads the image through their own signed URL.
import { and, eq } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { OpsSupportMessageView, SupportAttachmentUrl, SupportMessagePage, SupportSendResult } from '@kabuto/shared-sdk/schemas';
import { randomUploadKey } from '../common/testing/uploads';
import { uploads, UPLOAD_MAX_BYTES, type UploadPolicyGrant } from '../common';
import { auditLog } from '../ops';
import { tinyPng } from '../../testing/images';
import { multipartBody } from '../../testing/multipart';
import {
  createCustomer,
  createOperator,
  idemKey,
  opsCall,
  startSupportTestApp,
  support,
  supportAttachment,
  type SupportTestContext,
  type TestCustomer,
  type TestOperator,
} from './testing/support-test-kit';

let t: SupportTestContext;
let reviewer: TestOperator;
beforeAll(async () => {
  t = await startSupportTestApp();
  reviewer = await createOperator(t, 'reviewer');
}, 120_000);
afterAll(async () => t.close());

/** A customer who has written, and their conversation's id. */
async function customerWithConversation(): Promise<{ customer: TestCustomer; conversationId: number }> {
  const customer = await createCustomer(t);
  const sent = await support<SupportSendResult>(t.app, 'send', { text: 'help', idempotencyKey: idemKey() }, customer);
  expect(sent.status).toBe(1);
  return { customer, conversationId: sent.data.conversation.id };
}

function policyFor(conversationId: number, key: string, operator = reviewer) {
  return opsCall<UploadPolicyGrant>(t.app, operator, 'POST', `/support/conversations/${conversationId}/attachments/policy`, { key });
}

/** Posts `content` to the upload target under the grant, as the console's reply box does. */
async function upload(grant: UploadPolicyGrant, content: Buffer, contentType = 'image/png'): Promise<number> {
  const fields = { key: grant.key, policy: grant.policy, OSSAccessKeyId: grant.accessid, success_action_status: '200', signature: grant.signature };
  const { payload, headers } = multipartBody([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: 'file', filename: 'reply.png', contentType, content },
  ]);
  return (await t.app.inject({ method: 'POST', url: '/uploads/', payload, headers })).statusCode;
}

test('an operator uploads an image for a conversation and replies with it; the customer sees it through their signed URL', async () => {
  const { customer, conversationId } = await customerWithConversation();
  const key = randomUploadKey();
  const grant = await policyFor(conversationId, key);
  expect(grant).toMatchObject({ status: 1, data: { key, purpose: 'support-attachment' } });
  const policy = JSON.parse(Buffer.from(grant.data.policy, 'base64').toString('utf8')) as { conditions: unknown[] };
  expect(policy.conditions).toContainEqual({ 'x-kabuto-owner': String(customer.user.id) });
  expect(await upload(grant.data, tinyPng())).toBe(200);
  const [row] = await t.db.select().from(uploads).where(eq(uploads.key, key));
  expect(row).toMatchObject({ ownerUserId: customer.user.id, purpose: 'support-attachment', usedAt: null });

  const reply = await opsCall<OpsSupportMessageView>(t.app, reviewer, 'POST', `/support/conversations/${conversationId}/reply`, {
    text: 'See the screen',
    attachments: [key],
  });
  expect(reply).toMatchObject({ status: 1, msg: MSG.supportSent, data: { author: 'operator', text: 'See the screen', attachments: [{ key }] } });
  // An image alone is a reply too.
  const second = randomUploadKey();
  expect(await upload((await policyFor(conversationId, second)).data, tinyPng())).toBe(200);
  const imageOnly = await opsCall<OpsSupportMessageView>(t.app, reviewer, 'POST', `/support/conversations/${conversationId}/reply`, { attachments: [second] });
  expect(imageOnly).toMatchObject({ status: 1, data: { text: null, attachments: [{ key: second }] } });

  const audited = await t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'support.reply'), eq(auditLog.targetUserId, customer.user.id)));
  expect(audited.map((r) => r.details.attachments)).toEqual([[key], [second]]);

  const page = await support<SupportMessagePage>(t.app, 'messages', {}, customer);
  expect(page.data.list.filter((m) => m.author === 'operator').map((m) => m.attachments)).toEqual([[{ key }], [{ key: second }]]);
  const url = await support<SupportAttachmentUrl>(t.app, 'attachment', { key }, customer);
  expect(url).toMatchObject({ status: 1, data: { key } });
  const image = await t.app.inject({ method: 'GET', url: new URL(url.data.url).pathname });
  expect(image.statusCode).toBe(200);
  expect(image.rawPayload.equals(tinyPng())).toBe(true);

  // Used once: the same key cannot be attached again.
  const again = await opsCall(t.app, reviewer, 'POST', `/support/conversations/${conversationId}/reply`, { attachments: [key] });
  expect(again.msg).toBe(MSG.supportAttachmentNotFound);
});

test('the upload target refuses a file that is no image and one over 5 MiB, under an operator’s policy too', async () => {
  const { conversationId } = await customerWithConversation();
  const notImage = await policyFor(conversationId, randomUploadKey());
  expect(await upload(notImage.data, Buffer.from('%PDF-1.7 not an image'), 'image/png')).toBeGreaterThanOrEqual(400);
  const oversized = await policyFor(conversationId, randomUploadKey());
  const big = Buffer.concat([tinyPng(), Buffer.alloc(UPLOAD_MAX_BYTES)]);
  expect(await upload(oversized.data, big)).toBeGreaterThanOrEqual(400);
  for (const key of [notImage.data.key, oversized.data.key]) expect(await t.db.select().from(uploads).where(eq(uploads.key, key))).toEqual([]);
  // Neither key can be replied with: nothing was stored.
  const reply = await opsCall(t.app, reviewer, 'POST', `/support/conversations/${conversationId}/reply`, { attachments: [notImage.data.key] });
  expect(reply.msg).toBe(MSG.supportAttachmentNotFound);
});

test('another conversation’s key, the customer’s own upload of another purpose, a missing conversation, and a viewer are refused', async () => {
  const a = await customerWithConversation();
  const b = await customerWithConversation();
  const key = randomUploadKey();
  expect(await upload((await policyFor(a.conversationId, key)).data, tinyPng())).toBe(200);
  const crossed = await opsCall(t.app, reviewer, 'POST', `/support/conversations/${b.conversationId}/reply`, { text: 'wrong chat', attachments: [key] });
  expect(crossed).toMatchObject({ status: 0, msg: MSG.supportAttachmentNotFound });
  // The refusal stored nothing and spent nothing: the key still fits its own conversation.
  const [row] = await t.db.select().from(uploads).where(eq(uploads.key, key));
  expect(row?.usedAt).toBeNull();
  expect((await opsCall(t.app, reviewer, 'POST', `/support/conversations/${a.conversationId}/reply`, { attachments: [key] })).status).toBe(1);

  const proof = await supportAttachment(t, a.customer, 'deposit-proof');
  expect((await opsCall(t.app, reviewer, 'POST', `/support/conversations/${a.conversationId}/reply`, { attachments: [proof] })).msg).toBe(
    MSG.supportAttachmentNotFound,
  );

  expect((await policyFor(999_999, randomUploadKey())).msg).toBe(MSG.supportConversationNotFound);
  expect((await policyFor(a.conversationId, 'imgs/short.png')).msg).toBe(MSG.supportAttachmentNotFound);
  expect((await policyFor(a.conversationId, key)).msg).toBe(MSG.invalidParams);
  const viewer = await createOperator(t, 'viewer');
  expect(await policyFor(a.conversationId, randomUploadKey(), viewer)).toMatchObject({ http: 403, msg: MSG.noPermission });
  const empty = await opsCall(t.app, reviewer, 'POST', `/support/conversations/${a.conversationId}/reply`, { text: '  ' });
  expect(empty.msg).toBe(MSG.supportMessageEmpty);
});

test('a private note carries images for operators only: the customer neither sees the note nor gets a URL for its image', async () => {
  const { customer, conversationId } = await customerWithConversation();
  const key = randomUploadKey();
  expect(await upload((await policyFor(conversationId, key)).data, tinyPng())).toBe(200);
  const note = await opsCall<OpsSupportMessageView>(t.app, reviewer, 'POST', `/support/conversations/${conversationId}/note`, {
    text: 'Receipt checked against the bank statement',
    attachments: [key],
  });
  expect(note).toMatchObject({ status: 1, msg: MSG.supportNoteAdded, data: { private: true, attachments: [{ key }] } });
  // An image alone is a note too; an empty note is refused.
  const second = randomUploadKey();
  expect(await upload((await policyFor(conversationId, second)).data, tinyPng())).toBe(200);
  expect((await opsCall(t.app, reviewer, 'POST', `/support/conversations/${conversationId}/note`, { attachments: [second] })).status).toBe(1);
  expect((await opsCall(t.app, reviewer, 'POST', `/support/conversations/${conversationId}/note`, { text: ' ' })).msg).toBe(MSG.supportMessageEmpty);

  const page = await support<SupportMessagePage>(t.app, 'messages', {}, customer);
  expect(page.data.list.some((m) => m.author === 'operator')).toBe(false);
  for (const k of [key, second]) {
    expect(await support(t.app, 'attachment', { key: k }, customer)).toMatchObject({ status: 0, msg: MSG.supportAttachmentNotFound });
  }
  // A customer message cannot claim the note's image either: it is used.
  const claimed = await support(t.app, 'send', { attachments: key, idempotencyKey: idemKey() }, customer);
  expect(claimed).toMatchObject({ status: 0, msg: MSG.supportAttachmentNotFound });

  const seen = await opsCall<SupportAttachmentUrl>(t.app, reviewer, 'GET', `/support/attachments/url?key=${encodeURIComponent(key)}`);
  expect(seen).toMatchObject({ status: 1, data: { key } });
  const audited = await t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'support.note'), eq(auditLog.targetUserId, customer.user.id)));
  expect(audited.map((r) => r.details.attachments)).toEqual([[key], [second]]);
});
