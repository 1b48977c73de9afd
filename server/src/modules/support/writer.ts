// The write path of chat messages (docs/support.md "Write path"): customers' text sends and
// operators' replies and notes are group-committed (db/group-commit.ts). The sends that arrive
// while a batch is being written go together in the next one: the conversations locked at once,
// the idempotency keys looked up at once, the messages in one insert with ids taken beforehand,
// one update of every conversation touched, the audit rows in one insert, one commit. Each caller
// is answered only after the commit of the batch holding its message (persisted before
// acknowledged), and the live events go out between that commit and the answers, computed from
// the batch (no read after the commit). A batch whose transaction fails is written again one job
// at a time, so one bad message fails alone and the others are stored once.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import { GroupCommit, type JobOutcome } from '../../db/group-commit';
import type { Database } from '../../db/client';
import { ApiFailure } from '../../http/envelope';
import { claimUpload } from '../common';
import { users } from '../identity';
import { writeAudits, type AuditEntry, type OperatorIdentity } from '../ops';
import type { SupportDeps } from './deps';
import { supportHoursAt } from './hours';
import { publishStored } from './publish';
import { supportConversations, supportMessages, type SupportConversationRow, type SupportMessageDataRow, type SupportMessageRow } from './schema';

/** At most this many messages' jobs in one transaction. */
const MAX_BATCH = 512;

export interface CustomerSendJob {
  kind: 'customer';
  conversationId: number;
  userId: number;
  account: string;
  body: string | null;
  attachments: readonly string[];
  idempotencyKey: string;
  now: Date;
}

export interface OperatorWriteJob {
  kind: 'operator';
  conversationId: number;
  operator: OperatorIdentity;
  body: string | null;
  attachments: readonly string[];
  private: boolean;
  /** The console's key for this message, or null (a caller that does not retry). */
  idempotencyKey: string | null;
  now: Date;
}

/**
 * The key a job's message is stored with. Operators' keys are stored prefixed: a customer's key
 * cannot hold ':' (IDEMPOTENCY_KEY_PATTERN), so the two never meet in the conversation's unique index.
 */
function storedKeyOf(job: SupportWriteJob): string | null {
  if (job.kind === 'customer') return job.idempotencyKey;
  return job.idempotencyKey === null ? null : `ops:${job.idempotencyKey}`;
}

export type SupportWriteJob = CustomerSendJob | OperatorWriteJob;

export type SupportWriteResult =
  /** The key was already used: the stored message (the caller answers it as before). */
  | { kind: 'replayed'; message: SupportMessageRow }
  | {
      kind: 'stored';
      message: SupportMessageRow;
      autoReply: SupportMessageRow | null;
      /** The conversation as this job left it. */
      conversation: SupportConversationRow;
      /** The customer's unread count after this job. */
      unread: number;
    };

export type SupportWriter = GroupCommit<SupportWriteJob, SupportWriteResult>;

/** What the writer uses of the module's deps. */
export type SupportWriterDeps = Pick<SupportDeps, 'db' | 'clock' | 'businessClock' | 'userEvents' | 'live'>;

const writers = new WeakMap<SupportWriterDeps, SupportWriter>();

/**
 * The app's writer (one per deps object). Its batches are written one at a time and jobs go
 * into them in arrival order, so a customer's concurrent sends are stored in the order they came.
 */
export function supportWriter(deps: SupportWriterDeps): SupportWriter {
  let writer = writers.get(deps);
  if (!writer) {
    writer = new GroupCommit<SupportWriteJob, SupportWriteResult>((jobs) => writeBatch(deps, jobs), { maxBatch: MAX_BATCH });
    writers.set(deps, writer);
  }
  return writer;
}

interface Locked {
  row: SupportConversationRow;
  account: string;
  unread: number;
  /** Touched by a job that changes the conversation (all but private notes). */
  changed: boolean;
}

/** What one job adds, before the ids are known. */
interface Planned {
  kind: 'planned';
  job: SupportWriteJob;
  rows: Omit<SupportMessageRow, 'id'>[];
  /** Index in `rows` of the auto reply (its data names the message's id, known once allocated). */
  autoAt: number | null;
  statusChanged: 'open' | 'waiting' | null;
  conversation: SupportConversationRow;
  unread: number;
  account: string;
}

type Step = { kind: 'refused'; error: unknown } | { kind: 'replayed'; message: SupportMessageRow } | { kind: 'sameKeyAs'; index: number } | Planned;

/** Support's messages (operator, system, automatic) the customer has not read: store.ts customerUnread, per locked row. */
const unreadOfCustomer = sql<number>`(select count(*)::int from ${supportMessages} m where m.conversation_id = ${supportConversations.id} and not m.private and m.author <> 'customer' and m.id > coalesce(${supportConversations.customerReadUpTo}, 0))`;

/** The conversations of a batch, locked in id order, with their customer's account and unread count. */
async function lockAll(tx: Database, ids: number[]): Promise<Map<number, Locked>> {
  const rows = await tx
    .select({ row: supportConversations, account: users.account, unread: unreadOfCustomer })
    .from(supportConversations)
    .innerJoin(users, eq(users.id, supportConversations.userId))
    .where(inArray(supportConversations.id, ids))
    .orderBy(supportConversations.id)
    .for('update', { of: supportConversations });
  return new Map(rows.map((r) => [r.row.id, { row: r.row, account: r.account, unread: Number(r.unread), changed: false }]));
}

/** Stored messages of the batch's keys (customers' and operators'), by conversation and stored key. */
async function storedKeys(tx: Database, jobs: readonly SupportWriteJob[]): Promise<Map<string, SupportMessageRow>> {
  const keyed = jobs.filter((j) => storedKeyOf(j) !== null);
  if (keyed.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(supportMessages)
    .where(
      and(
        inArray(supportMessages.conversationId, [...new Set(keyed.map((j) => j.conversationId))]),
        inArray(supportMessages.idempotencyKey, [...new Set(keyed.map((j) => storedKeyOf(j) as string))]),
      ),
    );
  return new Map(rows.map((r) => [`${r.conversationId}|${r.idempotencyKey}`, r]));
}

/** Claims a job's attachments; a refusal rolls back its own claims only (a savepoint). */
async function claimAll(tx: Database, job: SupportWriteJob, owner: number): Promise<ApiFailure | null> {
  if (job.attachments.length === 0) return null;
  try {
    await tx.transaction(async (sp) => {
      for (const key of job.attachments) {
        if (!(await claimUpload(sp, { key, owner, purpose: 'support-attachment', now: job.now }))) throw new ApiFailure(MSG.supportAttachmentNotFound);
      }
    });
    return null;
  } catch (error) {
    if (error instanceof ApiFailure) return error;
    throw error;
  }
}

/**
 * The job's messages and what they do to the conversation (conversations.ts and inbox.ts keep
 * the same rules for the calls that are not batched): a customer's message opens the
 * conversation (a resolved one reopens, with a status line) and outside business hours the
 * first of each closed period gets the automatic reply; a reply makes it wait on the customer;
 * a private note changes nothing for them.
 */
function plan(job: SupportWriteJob, c: Locked, nextOpenAt: Date | null): Planned {
  const base = {
    conversationId: c.row.id,
    attachments: [...job.attachments],
    createdAt: job.now,
    operatorId: null,
    private: false,
    body: null,
    idempotencyKey: null,
  };
  const rows: Omit<SupportMessageRow, 'id'>[] = [];
  let autoAt: number | null = null;
  let statusChanged: Planned['statusChanged'] = null;
  const before = c.row;
  if (job.kind === 'customer') {
    rows.push({ ...base, author: 'customer', kind: 'text', body: job.body, data: { kind: 'text' }, idempotencyKey: job.idempotencyKey });
    if (before.status === 'resolved') rows.push({ ...base, attachments: [], author: 'system', kind: 'status', data: { kind: 'status', status: 'open' } });
    const autoReply = nextOpenAt !== null && before.autoRepliedFor?.getTime() !== nextOpenAt.getTime();
    if (autoReply) {
      autoAt = rows.length;
      // forMessageId is set once the ids are allocated.
      rows.push({ ...base, attachments: [], author: 'auto', kind: 'auto', data: { kind: 'auto', nextOpenAt: nextOpenAt.toISOString(), forMessageId: 0 } });
    }
    c.row = {
      ...before,
      status: 'open',
      lastActivityAt: job.now,
      waitingSince: before.waitingSince ?? job.now,
      autoRepliedFor: autoReply ? nextOpenAt : before.autoRepliedFor,
    };
    c.changed = true;
    if (before.status !== 'open') statusChanged = 'open';
  } else {
    rows.push({
      ...base,
      author: 'operator',
      operatorId: job.operator.id,
      private: job.private,
      kind: 'text',
      body: job.body,
      data: { kind: 'text' },
      idempotencyKey: storedKeyOf(job),
    });
    if (!job.private) {
      c.row = { ...before, status: 'waiting', waitingSince: null, lastActivityAt: job.now };
      c.changed = true;
      if (before.status !== 'waiting') statusChanged = 'waiting';
    }
  }
  c.unread += rows.filter((r) => !r.private && r.author !== 'customer').length;
  return { kind: 'planned', job, rows, autoAt, statusChanged, conversation: c.row, unread: c.unread, account: c.account };
}

/** One id per row, from the messages' own sequence, so the rows' order and the auto replies' references are known before the insert. */
async function allocateIds(tx: Database, n: number): Promise<number[]> {
  if (n === 0) return [];
  const result: unknown = await tx.execute(sql`select nextval(pg_get_serial_sequence('support_messages', 'id'))::int as id from generate_series(1, ${n}::int)`);
  // node-postgres and PGlite both answer { rows }.
  return (result as { rows: { id: number | string }[] }).rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/** Every changed conversation in one statement. */
async function updateConversations(tx: Database, changed: readonly SupportConversationRow[]): Promise<void> {
  if (changed.length === 0) return;
  const iso = (d: Date | null) => (d === null ? null : d.toISOString());
  const values = sql.join(
    changed.map(
      (c) =>
        sql`(${c.id}::int, ${c.status}::text, ${iso(c.lastActivityAt)}::timestamptz, ${iso(c.waitingSince)}::timestamptz, ${iso(c.autoRepliedFor)}::timestamptz)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    update ${supportConversations} set
      status = v.status, last_activity_at = v.last_activity_at, waiting_since = v.waiting_since, auto_replied_for = v.auto_replied_for
    from (values ${values}) as v(id, status, last_activity_at, waiting_since, auto_replied_for)
    where ${supportConversations.id} = v.id`);
}

async function writeBatch(deps: SupportWriterDeps, jobs: readonly SupportWriteJob[]): Promise<JobOutcome<SupportWriteResult>[]> {
  const nextOpenAt = supportHoursAt(deps.businessClock.now()).nextOpenAt;
  const planned = await deps.db.transaction(async (tx) => {
    const locked = await lockAll(tx, [...new Set(jobs.map((j) => j.conversationId))]);
    const keys = await storedKeys(tx, jobs);
    const keysInBatch = new Map<string, number>();
    const steps: Step[] = [];
    for (const job of jobs) {
      const c = locked.get(job.conversationId);
      if (!c) {
        steps.push({ kind: 'refused', error: new ApiFailure(MSG.supportConversationNotFound) });
        continue;
      }
      const storedKey = storedKeyOf(job);
      if (storedKey !== null) {
        const key = `${job.conversationId}|${storedKey}`;
        const stored = keys.get(key);
        if (stored) {
          steps.push({ kind: 'replayed', message: stored });
          continue;
        }
        const earlier = keysInBatch.get(key);
        if (earlier !== undefined) {
          steps.push({ kind: 'sameKeyAs', index: earlier });
          continue;
        }
        keysInBatch.set(key, steps.length);
      }
      const refused = await claimAll(tx, job, c.row.userId);
      if (refused) {
        keysInBatch.delete(`${job.conversationId}|${storedKey}`);
        steps.push({ kind: 'refused', error: refused });
        continue;
      }
      steps.push(plan(job, c, nextOpenAt));
    }

    const plans = steps.filter((s): s is Planned => s.kind === 'planned');
    const ids = await allocateIds(
      tx,
      plans.reduce((n, p) => n + p.rows.length, 0),
    );
    const stored = new Map<Planned, SupportMessageRow[]>();
    let next = 0;
    for (const p of plans) {
      const rows = p.rows.map((r) => ({ ...r, id: ids[next++] as number }));
      const first = rows[0] as SupportMessageRow;
      if (p.autoAt !== null) {
        const auto = rows[p.autoAt] as SupportMessageRow;
        auto.data = { ...(auto.data as Extract<SupportMessageDataRow, { kind: 'auto' }>), forMessageId: first.id };
      }
      stored.set(p, rows);
    }
    const all = [...stored.values()].flat();
    if (all.length > 0) await tx.insert(supportMessages).values(all);
    await updateConversations(
      tx,
      [...locked.values()].filter((c) => c.changed).map((c) => c.row),
    );
    const audits: { operator: OperatorIdentity; entry: AuditEntry }[] = [];
    for (const p of plans) {
      if (p.job.kind !== 'operator') continue;
      const message = (stored.get(p) as SupportMessageRow[])[0] as SupportMessageRow;
      audits.push({
        operator: p.job.operator,
        entry: {
          action: p.job.private ? 'support.note' : 'support.reply',
          targetUserId: p.conversation.userId,
          reason: null,
          details: {
            conversationId: p.conversation.id,
            messageId: message.id,
            ...(p.job.attachments.length > 0 ? { attachments: [...p.job.attachments] } : {}),
          },
        },
      });
    }
    await writeAudits(tx, deps.clock, audits);
    return { steps, stored };
  });

  // Committed: live events in the batch's order, then the answers.
  const { steps, stored } = planned;
  const outcomes: JobOutcome<SupportWriteResult>[] = [];
  for (const step of steps) {
    if (step.kind === 'refused') outcomes.push({ ok: false, error: step.error });
    else if (step.kind === 'replayed') outcomes.push({ ok: true, value: { kind: 'replayed', message: step.message } });
    else if (step.kind === 'sameKeyAs') {
      const first = outcomes[step.index];
      outcomes.push(
        first?.ok
          ? { ok: true, value: { kind: 'replayed', message: first.value.message } }
          : { ok: false, error: new Error('support: same key as a refused send') },
      );
    } else {
      const rows = stored.get(step) as SupportMessageRow[];
      const message = rows[0] as SupportMessageRow;
      publishStored(deps, {
        conversationId: step.conversation.id,
        userId: step.conversation.userId,
        account: step.account,
        messages: rows,
        status: step.statusChanged,
        operatorName: step.job.kind === 'operator' ? step.job.operator.name : null,
        unread: step.unread,
      });
      outcomes.push({
        ok: true,
        value: {
          kind: 'stored',
          message,
          autoReply: step.autoAt === null ? null : (rows[step.autoAt] ?? null),
          conversation: step.conversation,
          unread: step.unread,
        },
      });
    }
  }
  return outcomes;
}
