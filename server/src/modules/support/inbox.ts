// The operators' side of support (docs/api/support.md §4): the inbox, one conversation with
// its customer panel, replies, private notes, assignment, status, canned replies. Every change
// is audited in the transaction that makes it (replies and notes: their group-committed batch,
// writer.ts) and pushed live after the commit.
import { and, asc, count, desc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type {
  OpsSupportCannedReply,
  OpsSupportConversationDetail,
  OpsSupportConversationRow,
  OpsSupportCustomerPanel,
  OpsSupportMessageView,
  SupportStatus,
} from '@kabuto/shared-sdk/schemas';
import type { Database } from '../../db/client';
import { ApiFailure } from '../../http/envelope';
import { deposits, decimalsOf, userAccountBalances, withdrawals, ACCOUNT_KINDS } from '../funds';
import { latestVerification, users } from '../identity';
import { auditLog, operators, writeAudit, type OperatorIdentity } from '../ops';
import { tradingOrders } from '../trading';
import { minorToAmount } from '@kabuto/shared-sdk/schemas';
import { checkMessageOf } from './conversations';
import type { SupportDeps } from './deps';
import { publishAfterCommit } from './publish';
import { supportCannedReplies, supportConversations, supportMessages, type SupportCannedRow, type SupportConversationRow } from './schema';
import { insertMessage, lockConversation } from './store';
import { depositsOf, opsMessageView } from './views';
import { supportWriter } from './writer';

export interface InboxFilters {
  status?: SupportStatus | undefined;
  assignee?: string | undefined;
  unassigned?: boolean | undefined;
  account?: string | undefined;
  limit: number;
}

const unreadByOperators = sql<number>`(select count(*)::int from ${supportMessages} m where m.conversation_id = ${supportConversations.id} and m.author = 'customer' and m.id > coalesce(${supportConversations.operatorReadUpTo}, 0))`;
const latestText = sql<
  string | null
>`(select left(m.body, 120) from ${supportMessages} m where m.conversation_id = ${supportConversations.id} and m.body is not null order by m.id desc limit 1)`;

interface ListedRow {
  conversation: SupportConversationRow;
  account: string;
  role: string;
  assignee: string | null;
  unread: number;
  preview: string | null;
}

function rowView(r: ListedRow): OpsSupportConversationRow {
  const c = r.conversation;
  const rated = c.ratedResolution !== null && c.ratedResolution === c.resolution && c.ratingStars !== null;
  return {
    id: c.id,
    account: r.account,
    role: r.role,
    status: c.status,
    topic: c.topic,
    assignee: r.assignee,
    waitingSince: c.waitingSince?.toISOString() ?? null,
    lastActivityAt: c.lastActivityAt.toISOString(),
    createdAt: c.createdAt.toISOString(),
    resolvedAt: c.resolvedAt?.toISOString() ?? null,
    unread: r.unread,
    preview: r.preview,
    rating: rated ? { stars: c.ratingStars ?? 0, comment: c.ratingComment } : null,
  };
}

function listQuery(db: Database) {
  return db
    .select({
      conversation: supportConversations,
      account: users.account,
      role: users.role,
      assignee: operators.name,
      unread: unreadByOperators,
      preview: latestText,
    })
    .from(supportConversations)
    .innerJoin(users, eq(users.id, supportConversations.userId))
    .leftJoin(operators, eq(operators.id, supportConversations.assigneeId));
}

export async function listConversations(deps: SupportDeps, filters: InboxFilters): Promise<OpsSupportConversationRow[]> {
  const rows = await listQuery(deps.db)
    .where(
      and(
        // A customer who only opened the chat has asked nothing yet: no case for an operator.
        sql`exists (select 1 from ${supportMessages} m where m.conversation_id = ${supportConversations.id})`,
        filters.status ? eq(supportConversations.status, filters.status) : undefined,
        filters.assignee ? eq(operators.name, filters.assignee) : undefined,
        filters.unassigned ? isNull(supportConversations.assigneeId) : undefined,
        filters.account ? ilike(users.account, `${filters.account}%`) : undefined,
      ),
    )
    .orderBy(desc(supportConversations.lastActivityAt), desc(supportConversations.id))
    .limit(filters.limit);
  return rows.map(rowView);
}

async function conversationRow(db: Database, id: number): Promise<OpsSupportConversationRow & { userId: number }> {
  const [row] = await listQuery(db).where(eq(supportConversations.id, id)).limit(1);
  if (!row) throw new ApiFailure(MSG.supportConversationNotFound);
  return { ...rowView(row), userId: row.conversation.userId };
}

/** The latest restriction.set audit entry: the operator's internal note and the customer text. */
async function restrictionTexts(db: Database, userId: number, restriction: string): Promise<{ internalNote: string | null; customerText: string | null }> {
  const [row] = await db
    .select({ reason: auditLog.reason, details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.targetUserId, userId), eq(auditLog.action, 'restriction.set'), sql`${auditLog.details}->>'restriction' = ${restriction}`))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(1);
  const customer = row?.details.customerReason;
  return { internalNote: row?.reason ?? null, customerText: typeof customer === 'string' && customer.trim() ? customer : null };
}

const RESTRICTION_COLUMNS = [
  ['frozen', 'frozen'],
  ['login_banned', 'loginBanned'],
  ['disabled', 'disabled'],
  ['trade_banned', 'tradeBanned'],
  ['withdraw_banned', 'withdrawBanned'],
] as const;

async function customerPanel(db: Database, userId: number): Promise<OpsSupportCustomerPanel> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new ApiFailure(MSG.supportConversationNotFound);
  const restrictions = await Promise.all(
    RESTRICTION_COLUMNS.filter(([, column]) => user[column]).map(async ([name]) => ({ restriction: name, ...(await restrictionTexts(db, userId, name)) })),
  );
  const cash = (await userAccountBalances(db, userId)).filter((b) => b.kind === ACCOUNT_KINDS.customerCash);
  const [orders] = await db
    .select({ n: count() })
    .from(tradingOrders)
    .where(and(eq(tradingOrders.userId, userId), inArray(tradingOrders.state, ['queued', 'working'])));
  const [pendingDeposits] = await db
    .select({ n: count() })
    .from(deposits)
    .where(and(eq(deposits.userId, userId), eq(deposits.state, 'pending')));
  const [pendingWithdrawals] = await db
    .select({ n: count() })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.state, 'pending')));
  return {
    account: user.account,
    role: user.role,
    kyc: (await latestVerification(db, userId))?.state ?? 'none',
    restrictions,
    balances: cash.map((b) => ({ currency: b.currency, amount: minorToAmount(b.balance, decimalsOf(b.currency)) })),
    openOrders: orders?.n ?? 0,
    pendingDeposits: pendingDeposits?.n ?? 0,
    pendingWithdrawals: pendingWithdrawals?.n ?? 0,
  };
}

async function operatorNames(db: Database, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: operators.id, name: operators.name }).from(operators).where(inArray(operators.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function conversationDetail(deps: SupportDeps, id: number): Promise<OpsSupportConversationDetail> {
  const conversation = await conversationRow(deps.db, id);
  const rows = await deps.db.select().from(supportMessages).where(eq(supportMessages.conversationId, id)).orderBy(asc(supportMessages.id));
  const found = await depositsOf(deps.db, rows);
  const names = await operatorNames(deps.db, [...new Set(rows.flatMap((r) => (r.operatorId === null ? [] : [r.operatorId])))]);
  const [raw] = await deps.db
    .select({ customerReadUpTo: supportConversations.customerReadUpTo })
    .from(supportConversations)
    .where(eq(supportConversations.id, id));
  const { userId, ...view } = conversation;
  return {
    conversation: view,
    messages: rows.map((r) => opsMessageView(r, found, r.operatorId === null ? null : (names.get(r.operatorId) ?? null))),
    customer: await customerPanel(deps.db, userId),
    customerReadUpToId: raw?.customerReadUpTo ?? null,
  };
}

async function accountOf(db: Database, userId: number): Promise<string> {
  const [row] = await db.select({ account: users.account }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.account ?? '';
}

/** A reply (visible to the customer) or a private note (operators only). */
export async function writeAsOperator(
  deps: SupportDeps,
  operator: OperatorIdentity,
  id: number,
  content: { text?: string | undefined; attachments: readonly string[]; idempotencyKey?: string | undefined },
  isPrivate: boolean,
): Promise<OpsSupportMessageView> {
  // Group-committed with other replies and customers' sends (writer.ts): the claims, the
  // message, the conversation's status and the audit row in the batch's transaction.
  const outcome = await supportWriter(deps).run({
    kind: 'operator',
    conversationId: id,
    operator,
    body: content.text === undefined || content.text === '' ? null : content.text,
    attachments: [...content.attachments],
    private: isPrivate,
    idempotencyKey: content.idempotencyKey ?? null,
    now: deps.clock.now(),
  });
  // A retried key answers the stored message; keys are the console's, one per message, never another operator's.
  if (outcome.kind === 'replayed' && outcome.message.operatorId !== operator.id) throw new ApiFailure(MSG.invalidParams);
  return opsMessageView(outcome.message, new Map(), operator.name);
}

export async function assignConversation(
  deps: SupportDeps,
  operator: OperatorIdentity,
  id: number,
  to: string | undefined,
): Promise<OpsSupportConversationRow> {
  const name = to ?? operator.name;
  const [target] = await deps.db
    .select({ id: operators.id, name: operators.name })
    .from(operators)
    .where(and(eq(operators.name, name), isNull(operators.retiredAt), eq(operators.state, 'active')))
    .limit(1);
  if (!target) throw new ApiFailure(MSG.supportOperatorNotFound);
  const userId = await deps.db.transaction(async (tx) => {
    const locked = await lockConversation(tx, id);
    await tx.update(supportConversations).set({ assigneeId: target.id }).where(eq(supportConversations.id, locked.id));
    await writeAudit(tx, deps.clock, operator, {
      action: 'support.assign',
      targetUserId: locked.userId,
      reason: null,
      details: { conversationId: locked.id, assignee: target.name },
    });
    return locked.userId;
  });
  deps.live.publish({ type: 'assign', conversationId: id, account: await accountOf(deps.db, userId), assignee: target.name });
  const { userId: _owner, ...view } = await conversationRow(deps.db, id);
  return view;
}

export async function setConversationStatus(
  deps: SupportDeps,
  operator: OperatorIdentity,
  id: number,
  status: SupportStatus,
): Promise<OpsSupportConversationRow> {
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const locked = await lockConversation(tx, id);
    if (locked.status === status) return { locked, line: null };
    const resolving = status === 'resolved';
    await tx
      .update(supportConversations)
      .set({
        status,
        lastActivityAt: now,
        ...(resolving ? { resolvedAt: now, resolution: locked.resolution + 1, waitingSince: null } : {}),
        ...(status === 'open' ? { waitingSince: locked.waitingSince ?? now } : {}),
        ...(status === 'waiting' ? { waitingSince: null } : {}),
      })
      .where(eq(supportConversations.id, locked.id));
    const line = await insertMessage(tx, locked.id, now, { author: 'system', kind: 'status', data: { kind: 'status', status } });
    await writeAudit(tx, deps.clock, operator, {
      action: 'support.status',
      targetUserId: locked.userId,
      reason: null,
      details: { conversationId: locked.id, before: locked.status, after: status },
    });
    return { locked, line };
  });
  if (outcome.line) {
    const account = await accountOf(deps.db, outcome.locked.userId);
    await publishAfterCommit(deps, { conversationId: id, userId: outcome.locked.userId, account, messages: [outcome.line], status }, new Map());
  }
  const { userId: _owner, ...view } = await conversationRow(deps.db, id);
  return view;
}

export async function operatorTyping(deps: SupportDeps, id: number, typing: boolean): Promise<void> {
  const [row] = await deps.db.select({ userId: supportConversations.userId }).from(supportConversations).where(eq(supportConversations.id, id)).limit(1);
  if (!row) throw new ApiFailure(MSG.supportConversationNotFound);
  deps.userEvents.publish(row.userId, { event: 'support', data: { type: 'typing', conversationId: id, author: 'operator', typing } });
  deps.live.publish({ type: 'typing', conversationId: id, account: await accountOf(deps.db, row.userId), author: 'operator', typing });
}

/** Operators have seen the customer's messages up to `upToId`: the customer gets the read receipt. */
export async function markReadByOperator(deps: SupportDeps, id: number, upToId: number): Promise<OpsSupportConversationRow> {
  const [row] = await deps.db.select({ userId: supportConversations.userId }).from(supportConversations).where(eq(supportConversations.id, id)).limit(1);
  if (!row) throw new ApiFailure(MSG.supportConversationNotFound);
  await checkMessageOf(deps.db, id, upToId, true);
  const [updated] = await deps.db
    .update(supportConversations)
    .set({ operatorReadUpTo: sql`greatest(coalesce(${supportConversations.operatorReadUpTo}, 0), ${upToId})` })
    .where(eq(supportConversations.id, id))
    .returning({ upTo: supportConversations.operatorReadUpTo });
  const upTo = updated?.upTo ?? upToId;
  deps.userEvents.publish(row.userId, { event: 'support', data: { type: 'read', conversationId: id, reader: 'operator', upToId: upTo } });
  deps.live.publish({ type: 'read', conversationId: id, account: await accountOf(deps.db, row.userId), reader: 'operator', upToId: upTo });
  const { userId: _owner, ...view } = await conversationRow(deps.db, id);
  return view;
}

// ---- canned replies ----------------------------------------------------------------------

function cannedView(row: SupportCannedRow, createdBy: string): OpsSupportCannedReply {
  return { id: row.id, title: row.title, text: row.body, createdBy, createdAt: row.createdAt.toISOString() };
}

export async function listCanned(deps: SupportDeps): Promise<OpsSupportCannedReply[]> {
  const rows = await deps.db
    .select({ canned: supportCannedReplies, createdBy: operators.name })
    .from(supportCannedReplies)
    .innerJoin(operators, eq(operators.id, supportCannedReplies.createdBy))
    .orderBy(asc(supportCannedReplies.title), asc(supportCannedReplies.id));
  return rows.map((r) => cannedView(r.canned, r.createdBy));
}

export async function createCanned(deps: SupportDeps, operator: OperatorIdentity, form: { title: string; text: string }): Promise<OpsSupportCannedReply> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(supportCannedReplies)
      .values({ title: form.title, body: form.text, createdBy: operator.id, createdAt: deps.clock.now() })
      .returning();
    if (!row) throw new Error('canned reply not stored');
    await writeAudit(tx, deps.clock, operator, {
      action: 'support.canned.create',
      targetUserId: null,
      reason: null,
      details: { cannedId: row.id, title: row.title },
    });
    return cannedView(row, operator.name);
  });
}

export async function deleteCanned(deps: SupportDeps, operator: OperatorIdentity, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.delete(supportCannedReplies).where(eq(supportCannedReplies.id, id)).returning();
    if (!row) throw new ApiFailure(MSG.supportCannedNotFound);
    await writeAudit(tx, deps.clock, operator, {
      action: 'support.canned.delete',
      targetUserId: null,
      reason: null,
      details: { cannedId: row.id, title: row.title },
    });
  });
}

/** The owner of the conversation an attachment belongs to (any conversation, notes included), or null. */
export async function attachmentOwner(db: Database, conversationId: number): Promise<number | null> {
  const [row] = await db.select({ userId: supportConversations.userId }).from(supportConversations).where(eq(supportConversations.id, conversationId)).limit(1);
  return row?.userId ?? null;
}
