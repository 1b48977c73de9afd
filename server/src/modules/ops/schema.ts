// The ops module's tables: operators, their console sessions and passkeys, and the audit log of their changes.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bytea, tstz } from '../../db/columns';
import { users } from '../identity/schema';
import type { OperatorRole } from './roles';

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
    /** What the operator may do (roles.ts); each role includes the ones below it. */
    role: text('role').$type<OperatorRole>().notNull().default('viewer'),
    /** 'pending' while the proposal that adds them awaits another operator's approval: the credential is refused until then. */
    state: text('state').$type<'pending' | 'active'>().notNull().default('active'),
    /**
     * The operator whose hands this credential passed through first, followed back: the proposer of
     * an add sees the new credential, so the new operator shares the proposer's root. Null: a root of
     * its own (the bootstrap operator, the one operator added while 'ops' was alone, operators
     * added before roles existed). Two operators of one root never make four eyes (independence.ts).
     */
    root: text('root'),
    /** Who approved the add; null when nobody had to (bootstrap). */
    approvedBy: text('approved_by'),
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

/** A change to the operators that a second operator must approve: adding one, or changing a role. */
export const operatorProposals = pgTable(
  'operator_proposals',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<'add' | 'role'>().notNull(),
    /** The operator added or whose role changes. */
    operator: text('operator').notNull(),
    role: text('role').$type<OperatorRole>().notNull(),
    reason: text('reason').notNull(),
    proposedBy: text('proposed_by').notNull(),
    proposedAt: tstz('proposed_at').notNull(),
    state: text('state').$type<'proposed' | 'approved' | 'rejected'>().notNull().default('proposed'),
    decidedBy: text('decided_by'),
    decidedAt: tstz('decided_at'),
    decisionReason: text('decision_reason'),
  },
  (t) => [index('operator_proposals_state_idx').on(t.state)],
);

export type OperatorProposalRow = typeof operatorProposals.$inferSelect;
export type OperatorRow = typeof operators.$inferSelect;
export type AuditRow = typeof auditLog.$inferSelect;

/**
 * Console sessions: an operator exchanges their credential for a short-lived token (the web
 * console keeps it in memory instead of the long-lived credential). Only the sha256 is kept.
 * `expiresAt` slides forward on every use; `endedAt` is set when the console signs out.
 */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: tstz('created_at').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    endedAt: tstz('ended_at'),
  },
  (t) => [uniqueIndex('operator_sessions_token_key').on(t.tokenHash)],
);

export type OperatorSessionRow = typeof operatorSessions.$inferSelect;

/**
 * Operators' passkeys (WebAuthn, crypto/webauthn.ts): the console's second factor after the
 * credential. Kept apart from customers' passkeys: an operator is not a customer.
 */
export const operatorPasskeys = pgTable(
  'operator_passkeys',
  {
    /** The WebAuthn credential id, base64url. */
    credentialId: text('credential_id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    publicKey: bytea('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    name: text('name').notNull(),
    createdAt: tstz('created_at').notNull(),
    lastUsedAt: tstz('last_used_at'),
  },
  (t) => [index('operator_passkeys_operator_idx').on(t.operatorId)],
);

export type OperatorPasskeyRow = typeof operatorPasskeys.$inferSelect;

/**
 * Operators' WebAuthn challenges. `id` is the ticket the credential step hands the console;
 * 'add' challenges are bound to the console session that asked.
 */
export const operatorWebauthnChallenges = pgTable(
  'operator_webauthn_challenges',
  {
    id: uuid('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    /** 'sign-in' (assertion) | 'bootstrap' (first passkey at sign-in) | 'add' (another, from a session) */
    purpose: text('purpose').$type<OperatorChallengePurpose>().notNull(),
    sessionId: integer('session_id'),
    challenge: text('challenge').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
  },
  (t) => [uniqueIndex('operator_webauthn_challenges_challenge_key').on(t.challenge)],
);

export type OperatorChallengePurpose = 'sign-in' | 'bootstrap' | 'add';
