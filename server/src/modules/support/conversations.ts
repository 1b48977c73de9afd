// The customer's side of support (docs/api/support.md §2). Every change is stored under a
// lock on the conversation row, and only after the commit is it pushed live: an answered
// call means a stored message, and a live event never announces a message that rolled back.
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type {
  DepositRecord,
  SupportAttachmentUrl,
  SupportContactResult,
  SupportConversationView,
  SupportDepositRequestResult,
  SupportMessagePage,
  SupportMessageView,
  SupportRepayRequestResult,
  SupportRestriction,
  SupportSendResult,
  SupportTopic,
} from '@kabuto/shared-sdk/schemas';
import { parseAmountToMinor, type supportRepayRequestFormSchema } from '@kabuto/shared-sdk/schemas';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { ApiFailure } from '../../http/envelope';
import { signedObjectPath, SIGNED_URL_TTL_MS } from '../common';
import { depositRequestSchema, submitDeposit, type FundsCustomer } from '../funds';
import { customerReasonOf, users } from '../identity';
import type { SupportDeps } from './deps';
import { supportHoursAt } from './hours';
import { publishAfterCommit } from './publish';
import { conversationIdOf, customerUnread, ensureConversation, findConversation, insertMessage, lockConversation } from './store';
import { supportConversations, supportMessages, type SupportConversationRow, type SupportMessageDataRow, type SupportMessageRow } from './schema';
import { conversationView, depositsOf, messageView } from './views';
import { supportWriter } from './writer';

export async function viewOfConversation(deps: SupportDeps, row: SupportConversationRow): Promise<SupportConversationView> {
  return conversationView(row, await customerUnread(deps.db, row), deps.businessClock.now());
}

export async function myConversation(deps: SupportDeps, userId: number): Promise<SupportConversationView> {
  return viewOfConversation(deps, await ensureConversation(deps, userId));
}

/** The page before `beforeId` (newest without it), oldest first within the page; private notes never. */
export async function messagePage(deps: SupportDeps, userId: number, beforeId: number | undefined, limit: number): Promise<SupportMessagePage> {
  const conversation = await ensureConversation(deps, userId);
  const rows = await deps.db
    .select()
    .from(supportMessages)
    .where(
      and(
        eq(supportMessages.conversationId, conversation.id),
        eq(supportMessages.private, false),
        beforeId === undefined ? undefined : lt(supportMessages.id, beforeId),
      ),
    )
    .orderBy(desc(supportMessages.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit).reverse();
  const found = await depositsOf(deps.db, page);
  return { list: page.map((r) => messageView(r, found)), nextBeforeId: rows.length > limit && page[0] ? page[0].id : null };
}

/**
 * What a customer's message does to the conversation, inside its transaction: it becomes open
 * (a resolved one reopens, with a status line), the customer now waits for support, and outside
 * business hours the first message of each closed period gets the automatic reply.
 */
async function afterCustomerMessage(
  deps: SupportDeps,
  tx: Database,
  conversation: SupportConversationRow,
  message: SupportMessageRow,
  now: Date,
): Promise<{ added: SupportMessageRow[]; autoReply: SupportMessageRow | null; statusChanged: boolean; conversation: SupportConversationRow }> {
  const added: SupportMessageRow[] = [];
  const reopened = conversation.status === 'resolved';
  if (reopened) {
    added.push(await insertMessage(tx, conversation.id, now, { author: 'system', kind: 'status', data: { kind: 'status', status: 'open' } }));
  }
  const hours = supportHoursAt(deps.businessClock.now());
  let autoReply: SupportMessageRow | null = null;
  const nextOpenAt = hours.nextOpenAt;
  if (nextOpenAt && conversation.autoRepliedFor?.getTime() !== nextOpenAt.getTime()) {
    const data: SupportMessageDataRow = { kind: 'auto', nextOpenAt: nextOpenAt.toISOString(), forMessageId: message.id };
    autoReply = await insertMessage(tx, conversation.id, now, { author: 'auto', kind: 'auto', data });
    added.push(autoReply);
  }
  const [updated] = await tx
    .update(supportConversations)
    .set({
      status: 'open',
      lastActivityAt: now,
      waitingSince: conversation.waitingSince ?? now,
      ...(autoReply && nextOpenAt ? { autoRepliedFor: nextOpenAt } : {}),
    })
    .where(eq(supportConversations.id, conversation.id))
    .returning();
  if (!updated) throw new Error('support conversation vanished');
  return { added, autoReply, statusChanged: conversation.status !== 'open', conversation: updated };
}

/** After the commit of a customer-side message: publish it with what it added; answers the deposits the views need. */
async function publishCustomerMessage(
  deps: SupportDeps,
  user: FundsCustomer,
  conversationId: number,
  outcome: { message: SupportMessageRow; added: SupportMessageRow[]; statusChanged: boolean },
): Promise<ReadonlyMap<number, DepositRecord>> {
  const stored = [outcome.message, ...outcome.added];
  const found = await depositsOf(deps.db, stored);
  await publishAfterCommit(
    deps,
    { conversationId, userId: user.id, account: user.account, messages: stored, status: outcome.statusChanged ? 'open' : null },
    found,
  );
  return found;
}

async function messageByKey(db: Database, conversationId: number, key: string): Promise<SupportMessageRow | undefined> {
  const [row] = await db
    .select()
    .from(supportMessages)
    .where(and(eq(supportMessages.conversationId, conversationId), eq(supportMessages.idempotencyKey, key)))
    .limit(1);
  return row;
}

async function autoReplyFor(db: Database, conversationId: number, messageId: number): Promise<SupportMessageRow | null> {
  const [row] = await db
    .select()
    .from(supportMessages)
    .where(
      and(
        eq(supportMessages.conversationId, conversationId),
        eq(supportMessages.kind, 'auto'),
        sql`(${supportMessages.data}->>'forMessageId')::int = ${messageId}`,
      ),
    )
    .limit(1);
  return row ?? null;
}

export interface SendForm {
  text?: string | undefined;
  attachments: string[];
  idempotencyKey: string;
}

export async function sendMessage(deps: SupportDeps, user: FundsCustomer, form: SendForm): Promise<SupportSendResult> {
  const conversationId = await conversationIdOf(deps, user.id);
  // Group-committed with other sends and replies (writer.ts): answered once its batch committed.
  // The idempotency key is looked up under the conversation's lock: of two parallel sends with
  // one key, the second finds the first's message.
  const outcome = await supportWriter(deps).run({
    kind: 'customer',
    conversationId,
    userId: user.id,
    account: user.account,
    body: form.text === undefined || form.text === '' ? null : form.text,
    attachments: form.attachments,
    idempotencyKey: form.idempotencyKey,
    now: deps.clock.now(),
  });
  if (outcome.kind === 'replayed') {
    const row = outcome.message;
    const auto = await autoReplyFor(deps.db, conversationId, row.id);
    const rows = auto ? [row, auto] : [row];
    const found = await depositsOf(deps.db, rows);
    return {
      message: messageView(row, found),
      autoReply: auto ? messageView(auto, found) : null,
      conversation: await myConversation(deps, user.id),
    };
  }
  const none = new Map<number, DepositRecord>();
  return {
    message: messageView(outcome.message, none),
    autoReply: outcome.autoReply ? messageView(outcome.autoReply, none) : null,
    conversation: conversationView(outcome.conversation, outcome.unread, deps.businessClock.now()),
  };
}

/** A message id of this conversation that the reader may see (the customer: no private notes). */
export async function checkMessageOf(db: Database, conversationId: number, id: number, includePrivate: boolean): Promise<void> {
  const [row] = await db
    .select({ id: supportMessages.id })
    .from(supportMessages)
    .where(and(eq(supportMessages.id, id), eq(supportMessages.conversationId, conversationId), includePrivate ? undefined : eq(supportMessages.private, false)))
    .limit(1);
  if (!row) throw new ApiFailure(MSG.supportMessageNotFound);
}

/** I have seen support's messages up to `upToId`: the operators get the read receipt. */
export async function markReadByCustomer(deps: SupportDeps, user: FundsCustomer, upToId: number): Promise<SupportConversationView> {
  const conversation = await ensureConversation(deps, user.id);
  await checkMessageOf(deps.db, conversation.id, upToId, false);
  const [updated] = await deps.db
    .update(supportConversations)
    .set({ customerReadUpTo: sql`greatest(coalesce(${supportConversations.customerReadUpTo}, 0), ${upToId})` })
    .where(eq(supportConversations.id, conversation.id))
    .returning();
  const row = updated ?? conversation;
  deps.live.publish({ type: 'read', conversationId: row.id, account: user.account, reader: 'customer', upToId: row.customerReadUpTo ?? upToId });
  return viewOfConversation(deps, row);
}

export async function customerTyping(deps: SupportDeps, user: FundsCustomer, typing: boolean): Promise<void> {
  const conversation = await ensureConversation(deps, user.id);
  deps.live.publish({ type: 'typing', conversationId: conversation.id, account: user.account, author: 'customer', typing });
}

/** 1–5 stars once per resolution, only while resolved. */
export async function rateConversation(
  deps: SupportDeps,
  user: FundsCustomer,
  form: { stars: number; comment?: string | undefined },
): Promise<SupportConversationView> {
  const conversation = await ensureConversation(deps, user.id);
  const row = await deps.db.transaction(async (tx) => {
    const locked = await lockConversation(tx, conversation.id);
    if (locked.status !== 'resolved') throw new ApiFailure(MSG.supportRateNotResolved);
    if (locked.ratedResolution === locked.resolution) throw new ApiFailure(MSG.supportAlreadyRated);
    const [updated] = await tx
      .update(supportConversations)
      .set({ ratedResolution: locked.resolution, ratingStars: form.stars, ratingComment: form.comment ?? null, ratedAt: deps.clock.now() })
      .where(eq(supportConversations.id, locked.id))
      .returning();
    if (!updated) throw new Error('support conversation vanished');
    return updated;
  });
  return viewOfConversation(deps, row);
}

/**
 * A deposit made in the chat: funds' own deposit request (its channels, window, bounds, proof
 * claim and idempotency), then a deposit-request message naming it. The message has the
 * deposit's idempotency key (prefixed), so a retry after a failure between the two finds the
 * replayed deposit and adds the message once.
 */
export async function requestDeposit(
  deps: SupportDeps,
  user: FundsCustomer,
  form: z.output<typeof depositRequestSchema>,
): Promise<SupportDepositRequestResult> {
  const conversation = await ensureConversation(deps, user.id);
  const submitted = await submitDeposit(deps.funds, user, form);
  const deposit: DepositRecord = submitted.data;
  const key = `deposit:${form.idempotencyKey}`;
  const seen = await messageByKey(deps.db, conversation.id, key);
  if (seen) {
    return { message: messageView(seen, await depositsOf(deps.db, [seen])), deposit };
  }
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const locked = await lockConversation(tx, conversation.id);
    const again = await messageByKey(tx, locked.id, key);
    if (again) return { replayed: again satisfies SupportMessageRow };
    const message = await insertMessage(tx, locked.id, now, {
      author: 'customer',
      kind: 'deposit-request',
      data: { kind: 'deposit-request', depositId: deposit.id },
      idempotencyKey: key,
    });
    const after = await afterCustomerMessage(deps, tx, locked, message, now);
    await tx.update(supportConversations).set({ topic: 'deposit' }).where(eq(supportConversations.id, locked.id));
    return { replayed: null, message, ...after };
  });
  if (outcome.replayed) {
    return { message: messageView(outcome.replayed, await depositsOf(deps.db, [outcome.replayed])), deposit };
  }
  const found = await publishCustomerMessage(deps, user, conversation.id, outcome);
  return { message: messageView(outcome.message, found), deposit };
}

/**
 * A loan repayment made in the chat: credit's own repayment (fund password, cash, interest first,
 * idempotency, postings), then a loan-repayment message with the figures it left. As with a
 * deposit, the message's key is the repayment's (prefixed): a retry adds it once.
 */
function yenMinor(text: string): bigint {
  const parsed = parseAmountToMinor(text, 0);
  // The form's schema parsed it already: this cannot fail after the repayment.
  if (!parsed.ok) throw new Error(`repayment amount ${text} does not parse`);
  return parsed.minor;
}

export async function requestRepayment(
  deps: SupportDeps,
  user: FundsCustomer,
  form: z.output<typeof supportRepayRequestFormSchema>,
): Promise<SupportRepayRequestResult> {
  const conversationId = await conversationIdOf(deps, user.id);
  const loan = await deps.loans.repay(user.id, form);
  const key = `repay:${form.idempotencyKey}`;
  const answer = (row: SupportMessageRow): SupportRepayRequestResult => ({ message: messageView(row, new Map()), loan });
  const seen = await messageByKey(deps.db, conversationId, key);
  if (seen) return answer(seen);
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const locked = await lockConversation(tx, conversationId);
    const again = await messageByKey(tx, locked.id, key);
    if (again) return { replayed: again satisfies SupportMessageRow };
    const message = await insertMessage(tx, locked.id, now, {
      author: 'customer',
      kind: 'loan-repayment',
      data: {
        kind: 'loan-repayment',
        loanId: loan.id,
        orderNo: loan.orderNo,
        amountMinor: yenMinor(form.amount).toString(),
        outstandingAfterMinor: loan.outstanding.minor,
      },
      idempotencyKey: key,
    });
    const after = await afterCustomerMessage(deps, tx, locked, message, now);
    return { replayed: null, message, ...after };
  });
  if (outcome.replayed) return answer(outcome.replayed);
  await publishCustomerMessage(deps, user, conversationId, outcome);
  return answer(outcome.message);
}

/** Whether `key` is attached to a message of the conversation (the customer: not in a private note). */
export async function isAttachmentOf(db: Database, conversationId: number | null, key: string, includePrivate: boolean): Promise<number | null> {
  const [row] = await db
    .select({ conversationId: supportMessages.conversationId })
    .from(supportMessages)
    .where(
      and(
        conversationId === null ? undefined : eq(supportMessages.conversationId, conversationId),
        includePrivate ? undefined : eq(supportMessages.private, false),
        sql`${supportMessages.attachments} @> ${JSON.stringify([key])}::jsonb`,
      ),
    )
    .limit(1);
  return row?.conversationId ?? null;
}

export function signedAttachmentUrl(deps: SupportDeps, origin: string, key: string): SupportAttachmentUrl {
  const now = deps.clock.now();
  return {
    key,
    url: `${origin}${signedObjectPath({ secret: deps.secret, key, now })}`,
    expiresAt: new Date(now.getTime() + SIGNED_URL_TTL_MS).toISOString(),
  };
}

/** A signed URL of an attachment of my conversation; anything else looks like a missing key. */
export async function myAttachmentUrl(deps: SupportDeps, userId: number, origin: string, key: string): Promise<SupportAttachmentUrl> {
  const conversation = await findConversation(deps.db, userId);
  if (!conversation || (await isAttachmentOf(deps.db, conversation.id, key, false)) === null) throw new ApiFailure(MSG.supportAttachmentNotFound);
  return signedAttachmentUrl(deps, origin, key);
}

/** My current restrictions with their customer text (never the internal note). */
async function myRestrictions(db: Database, userId: number): Promise<{ restriction: SupportRestriction; reason: string | null }[]> {
  const [user] = await db.select({ tradeBanned: users.tradeBanned, withdrawBanned: users.withdrawBanned }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return [];
  const current: SupportRestriction[] = [
    ...(user.tradeBanned ? (['trade_banned'] as const) : []),
    ...(user.withdrawBanned ? (['withdraw_banned'] as const) : []),
  ];
  return Promise.all(current.map(async (restriction) => ({ restriction, reason: await customerReasonOf(db, userId, restriction) })));
}

/** Start or continue my conversation about `topic`; topic restriction adds my restrictions' customer texts. */
export async function contactSupport(deps: SupportDeps, user: FundsCustomer, topic: SupportTopic): Promise<SupportContactResult> {
  const conversation = await ensureConversation(deps, user.id);
  const restrictions = topic === 'restriction' ? await myRestrictions(deps.db, user.id) : [];
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const locked = await lockConversation(tx, conversation.id);
    await tx.update(supportConversations).set({ topic }).where(eq(supportConversations.id, locked.id));
    if (restrictions.length === 0) return null;
    const message = await insertMessage(tx, locked.id, now, { author: 'system', kind: 'restriction', data: { kind: 'restriction', restrictions } });
    const after = await afterCustomerMessage(deps, tx, locked, message, now);
    return { message, ...after };
  });
  const current = (await findConversation(deps.db, user.id)) ?? conversation;
  if (!outcome) return { conversation: await viewOfConversation(deps, current), message: null };
  const found = await publishCustomerMessage(deps, user, conversation.id, outcome);
  return { conversation: await viewOfConversation(deps, current), message: messageView(outcome.message, found) };
}

/** Messages by id, in id order (tests and the operator detail). */
export async function messagesOf(db: Database, conversationId: number, ids?: number[]): Promise<SupportMessageRow[]> {
  return db
    .select()
    .from(supportMessages)
    .where(and(eq(supportMessages.conversationId, conversationId), ids ? inArray(supportMessages.id, ids) : undefined))
    .orderBy(asc(supportMessages.id));
}

export type { SupportMessageView };
