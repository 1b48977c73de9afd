// The ops module's tables: operators and the audit log of their changes.
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tstz } from '../../db/columns';
import { users } from '../identity/schema';

export const operators = pgTable(
  'operators',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** sha256 hex of the operator credential (a 256-bit random token). */
    credentialHash: text('credential_hash').notNull(),
    createdAt: tstz('created_at').notNull(),
    /** Name of the operator who added this one; null for the bootstrap operator 'ops'. */
    createdBy: text('created_by'),
    /** Set when retired: the credential stops working. Retired names stay taken, so the audit log stays unambiguous. */
    retiredAt: tstz('retired_at'),
    retiredBy: text('retired_by'),
  },
  (t) => [uniqueIndex('operators_name_key').on(t.name), uniqueIndex('operators_credential_key').on(t.credentialHash)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: tstz('at').notNull(),
    /** Operator name. */
    operator: text('operator').notNull(),
    action: text('action').notNull(),
    targetUserId: integer('target_user_id').references(() => users.id),
    reason: text('reason'),
    details: jsonb('details')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_target_idx').on(t.targetUserId)],
);

export type OperatorRow = typeof operators.$inferSelect;
export type AuditRow = typeof auditLog.$inferSelect;
