// The outbox: what the embedded notification gateway sends (gateway.ts); operators and tests read it.
import { bigserial, index, pgTable, text } from 'drizzle-orm/pg-core';
import { tstz } from '../db/columns';

export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel', { enum: ['email', 'sms', 'push'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [index('outbox_recipient_idx').on(t.recipient, t.createdAt)],
);

export type OutboxRow = typeof outbox.$inferSelect;
