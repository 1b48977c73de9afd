// Reading and writing conversation rows: shared by the customer and operator services.
import { and, count, eq, gt, ne } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { Database } from '../../db/client';
import { ApiFailure } from '../../http/envelope';
import type { SupportDeps } from './deps';
import { supportConversations, supportMessages, type SupportConversationRow, type SupportMessageRow } from './schema';

export type NewMessage = Omit<typeof supportMessages.$inferInsert, 'conversationId' | 'createdAt'>;

export async function findConversation(db: Database, userId: number): Promise<SupportConversationRow | undefined> {
  const [row] = await db.select().from(supportConversations).where(eq(supportConversations.userId, userId)).limit(1);
  return row;
}

/** My conversation, created (open, topic general) on first use. */
export async function ensureConversation(deps: SupportDeps, userId: number): Promise<SupportConversationRow> {
  const existing = await findConversation(deps.db, userId);
  if (existing) return existing;
  const now = deps.clock.now();
  await deps.db
    .insert(supportConversations)
    .values({ userId, status: 'open', topic: 'general', createdAt: now, lastActivityAt: now })
    .onConflictDoNothing({ target: supportConversations.userId });
  const created = await findConversation(deps.db, userId);
  if (!created) throw new Error('support conversation not stored');
  return created;
}

const CONVERSATION_IDS_MAX = 100_000;

/**
 * My conversation's id, created on first use. The id never changes (one conversation per
 * customer, never deleted), so the app remembers it (deps.conversationIds): a send then reads
 * the row only under its lock.
 */
export async function conversationIdOf(deps: SupportDeps, userId: number): Promise<number> {
  const known = deps.conversationIds.get(userId);
  if (known !== undefined) return known;
  const row = await ensureConversation(deps, userId);
  if (deps.conversationIds.size >= CONVERSATION_IDS_MAX) deps.conversationIds.clear();
  deps.conversationIds.set(userId, row.id);
  return row.id;
}

/** The conversation row, locked for the rest of the transaction. */
export async function lockConversation(tx: Database, id: number): Promise<SupportConversationRow> {
  const [row] = await tx.select().from(supportConversations).where(eq(supportConversations.id, id)).for('update').limit(1);
  if (!row) throw new ApiFailure(MSG.supportConversationNotFound);
  return row;
}

export async function insertMessage(tx: Database, conversationId: number, now: Date, message: NewMessage): Promise<SupportMessageRow> {
  const [row] = await tx
    .insert(supportMessages)
    .values({ ...message, conversationId, createdAt: now })
    .returning();
  if (!row) throw new Error('support message not stored');
  return row;
}

/** Support's messages (operator, system, automatic) after my last read. */
export async function customerUnread(db: Database, conversation: Pick<SupportConversationRow, 'id' | 'customerReadUpTo'>): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(supportMessages)
    .where(
      and(
        eq(supportMessages.conversationId, conversation.id),
        eq(supportMessages.private, false),
        ne(supportMessages.author, 'customer'),
        gt(supportMessages.id, conversation.customerReadUpTo ?? 0),
      ),
    );
  return row?.n ?? 0;
}
