// The group-committed write path of chat messages (writer.ts, docs/support.md "Write path"):
// a batch whose transaction fails answers none of its jobs from that attempt, the good ones
// are then stored once each and the bad one alone fails; a customer's concurrent sends are
// stored and published in the order they came, across batches; a key sent twice in one batch
// stores one message.
import { eq, inArray } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { SupportConversationView } from '@kabuto/shared-sdk/schemas';
import { realBusinessClock } from '../../clock';
import { auditLog } from '../ops';
import { supportMessages } from './schema';
import {
  createCustomer,
  createOperator,
  idemKey,
  opsCall,
  recordCustomerEvents,
  recordOperatorEvents,
  startSupportTestApp,
  support,
  type SupportTestContext,
  type TestCustomer,
  type TestOperator,
} from './testing/support-test-kit';
import { supportWriter, type SupportWriteJob, type SupportWriterDeps } from './writer';

let t: SupportTestContext;
let deps: SupportWriterDeps;
let reviewer: TestOperator;
beforeAll(async () => {
  t = await startSupportTestApp();
  reviewer = await createOperator(t, 'reviewer');
}, 120_000);
afterAll(async () => t.close());
// A writer of its own per test, so its counts are this test's.
beforeEach(() => {
  deps = { db: t.db, clock: t.clock, businessClock: realBusinessClock(t.business), userEvents: t.app.userEvents, live: t.live };
});

async function conversationOf(customer: TestCustomer): Promise<number> {
  const answer = await support<SupportConversationView>(t.app, 'conversation', {}, customer);
  return answer.data.id;
}

function customerJob(customer: TestCustomer, conversationId: number, text: string, key = idemKey()): SupportWriteJob {
  return {
    kind: 'customer',
    conversationId,
    userId: customer.user.id,
    account: customer.user.account,
    body: text,
    attachments: [],
    idempotencyKey: key,
    now: t.clock.now(),
  };
}

test('a batch that fails answers nothing from that attempt; the good messages are stored once, the bad one alone fails', async () => {
  const a = await createCustomer(t);
  const b = await createCustomer(t);
  const [ca, cb] = [await conversationOf(a), await conversationOf(b)];
  const liveA = recordCustomerEvents(t, a);
  const ops = recordOperatorEvents(t);
  const writer = supportWriter(deps);
  const jobs: SupportWriteJob[] = [
    customerJob(a, ca, 'batch a1'),
    customerJob(b, cb, 'batch b1'),
    // An operator that does not exist: the insert breaks its foreign key, so the whole
    // transaction fails, though every job passed the checks before it.
    {
      kind: 'operator',
      conversationId: cb,
      operator: { id: 999_999, name: 'ghost' },
      body: 'batch ghost',
      attachments: [],
      private: false,
      idempotencyKey: null,
      now: t.clock.now(),
    },
    {
      kind: 'operator',
      conversationId: ca,
      operator: { id: reviewer.id, name: reviewer.name },
      body: 'batch reply a',
      attachments: [],
      private: false,
      idempotencyKey: null,
      now: t.clock.now(),
    },
  ];
  // Handed in during one turn of the event loop: one batch.
  const answered: string[] = [];
  const settled = await Promise.allSettled(
    jobs.map((job) =>
      writer.run(job).then((r) => {
        // Answered only after its own commit: each good job is in the database when its caller hears.
        answered.push(job.body ?? '');
        return r;
      }),
    ),
  );
  liveA.stop();
  ops.stop();

  expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
  // The batch was rolled back whole and every job written again on its own.
  expect(writer.stats.retriedAlone).toBe(4);
  expect(writer.stats.batches).toBe(0);
  expect(answered).toEqual(['batch a1', 'batch b1', 'batch reply a']);

  const stored = await t.db
    .select()
    .from(supportMessages)
    .where(inArray(supportMessages.body, ['batch a1', 'batch b1', 'batch ghost', 'batch reply a']));
  expect(stored.map((m) => m.body).sort()).toEqual(['batch a1', 'batch b1', 'batch reply a']);
  // Published once each after their commit; the failed write never.
  const opsTexts = ops.events.flatMap((e) => (e.type === 'message' ? [e.message.text] : []));
  expect(opsTexts).toEqual(['batch a1', 'batch b1', 'batch reply a']);
  const customerTexts = liveA.events.flatMap((e) => (e.type === 'message' ? [e.message.text] : []));
  expect(customerTexts).toEqual(['batch a1', 'batch reply a']);
  // The reply's audit row is there once; the ghost's is not.
  const reply = stored.find((m) => m.body === 'batch reply a');
  const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'support.reply'));
  expect(audits.filter((r) => r.details.messageId === reply?.id)).toHaveLength(1);
  expect(audits.filter((r) => r.operator === 'ghost')).toHaveLength(0);
});

test('one customer’s concurrent sends are stored and published in the order they came, across batches', async () => {
  const a = await createCustomer(t);
  const ca = await conversationOf(a);
  const live = recordCustomerEvents(t, a);
  const writer = supportWriter(deps);
  const texts = Array.from({ length: 12 }, (_, i) => `order ${i}`);
  const runs: Promise<unknown>[] = [];
  for (const [i, text] of texts.entries()) {
    runs.push(writer.run(customerJob(a, ca, text)));
    // Half arrive while the first batch is being written.
    if (i === 5) await new Promise((resolve) => setImmediate(resolve));
  }
  await Promise.all(runs);
  live.stop();
  expect(writer.stats.batches).toBeGreaterThanOrEqual(2);
  const rows = await t.db.select().from(supportMessages).where(eq(supportMessages.conversationId, ca)).orderBy(supportMessages.id);
  expect(rows.map((r) => r.body)).toEqual(texts);
  expect(live.events.flatMap((e) => (e.type === 'message' ? [e.message.text] : []))).toEqual(texts);
  // The unread count each event carries is the batch's own figure: nothing from support yet.
  expect(live.events.every((e) => e.type !== 'message' || e.unread === 0)).toBe(true);
});

test('a key sent twice in one batch stores one message and answers it to both', async () => {
  const a = await createCustomer(t);
  const ca = await conversationOf(a);
  const writer = supportWriter(deps);
  const key = idemKey();
  const [first, second] = await Promise.all([writer.run(customerJob(a, ca, 'twice', key)), writer.run(customerJob(a, ca, 'twice', key))]);
  expect(writer.stats.batches).toBe(1);
  expect(first.kind).toBe('stored');
  expect(second.kind).toBe('replayed');
  expect(second.message.id).toBe(first.message.id);
  const rows = await t.db.select().from(supportMessages).where(eq(supportMessages.idempotencyKey, key));
  expect(rows).toHaveLength(1);
});

test('an operator’s reply sent again with its key (an answer lost to a restart) is stored once; another operator cannot replay it; a customer’s key of the same text is another message', async () => {
  const a = await createCustomer(t);
  const ca = await conversationOf(a);
  const key = idemKey();
  const reply = (operator: TestOperator) =>
    opsCall<{ id: number }>(t.app, operator, 'POST', `/support/conversations/${ca}/reply`, { text: 'retried reply', idempotencyKey: key });
  const [first, again] = await Promise.all([reply(reviewer), reply(reviewer)]);
  const later = await reply(reviewer);
  expect([first.status, again.status, later.status]).toEqual([1, 1, 1]);
  expect(new Set([first.data.id, again.data.id, later.data.id]).size).toBe(1);
  const other = await createOperator(t, 'reviewer');
  expect((await reply(other)).msg).toBe(MSG.invalidParams);
  // The customer may use the very same key string: operators' keys are stored apart.
  expect((await support(t.app, 'send', { text: 'same key, my own', idempotencyKey: key }, a)).status).toBe(1);
  const rows = await t.db.select().from(supportMessages).where(eq(supportMessages.conversationId, ca));
  expect(rows.filter((r) => r.body === 'retried reply')).toHaveLength(1);
  expect(rows.filter((r) => r.body === 'same key, my own')).toHaveLength(1);
  const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'support.reply'));
  expect(audits.filter((r) => r.details.messageId === first.data.id)).toHaveLength(1);
  // A malformed key is refused at the edge, nothing stored.
  const bad = await opsCall(t.app, reviewer, 'POST', `/support/conversations/${ca}/reply`, { text: 'bad key', idempotencyKey: 'x' });
  expect(bad.status).toBe(0);
  expect((await t.db.select().from(supportMessages).where(eq(supportMessages.body, 'bad key'))).length).toBe(0);
});
