// The identity module's tables (docs/api/identity.md): users, sessions, passkeys,
// step-up, one-time codes, identity verification, site messages, invitation codes.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bytea, tstz, type LocalisedText } from '../../db/columns';
import { uploads } from '../common/schema';
import { DOC_TYPES } from '@kabuto/shared-sdk/schemas';

export type { LocalisedText } from '../../db/columns';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Ten-digit Japanese mobile number (accountSchema's output form). */
    account: text('account').notNull(),
    /** scrypt$N$r$p$salt$hash (modules/identity/passwords.ts). */
    passwordHash: text('password_hash').notNull(),
    fundPasswordHash: text('fund_password_hash'),
    role: text('role', { enum: ['member', 'institution', 'agent'] })
      .notNull()
      .default('member'),
    vipLevel: integer('vip_level').notNull().default(0),
    /** Agents: rebate ratio in basis points (1000 = 10 %). */
    rebateRatioBp: integer('rebate_ratio_bp'),
    /** The invitation code the user registered with. */
    inviteCodeId: integer('invite_code_id'),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: tstz('locked_until'),
    frozen: boolean('frozen').notNull().default(false),
    loginBanned: boolean('login_banned').notNull().default(false),
    disabled: boolean('disabled').notNull().default(false),
    tradeBanned: boolean('trade_banned').notNull().default(false),
    withdrawBanned: boolean('withdraw_banned').notNull().default(false),
    /** Set when an operator unfreezes: the next login needs a one-time code first. */
    needsReverification: boolean('needs_reverification').notNull().default(false),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [uniqueIndex('users_account_key').on(t.account)],
);

export const inviteCodes = pgTable(
  'invite_codes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    /** The agent who issued it; null = issued by the operator. */
    issuerUserId: integer('issuer_user_id').references(() => users.id),
    active: boolean('active').notNull().default(true),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [uniqueIndex('invite_codes_code_key').on(t.code), index('invite_codes_issuer_idx').on(t.issuerUserId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    /** sha256 hex of the opaque token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: tstz('created_at').notNull(),
    lastSeenAt: tstz('last_seen_at').notNull(),
    /** Absolute end of the session; the idle limit is checked against last_seen_at. */
    expiresAt: tstz('expires_at').notNull(),
    revokedAt: tstz('revoked_at'),
    revokeReason: text('revoke_reason'),
    userAgent: text('user_agent'),
    deviceId: text('device_id'),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const passkeys = pgTable(
  'passkeys',
  {
    /** The WebAuthn credential id, base64url. */
    credentialId: text('credential_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
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
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    /** Also the login ticket of a passkey login. */
    id: uuid('id').primaryKey(),
    userId: integer('user_id').references(() => users.id),
    /** Step-up challenges are bound to the session that asked. */
    sessionId: uuid('session_id'),
    /** 'register' | 'login' | 'step-up:<purpose>' */
    purpose: text('purpose').notNull(),
    challenge: text('challenge').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
  },
  (t) => [uniqueIndex('webauthn_challenges_challenge_key').on(t.challenge)],
);

export const stepUpGrants = pgTable(
  'step_up_grants',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id),
    purpose: text('purpose').notNull(),
    /** 'passkey' or 'code' (fallback until the user has a passkey). */
    method: text('method').notNull(),
    createdAt: tstz('created_at').notNull(),
    expiresAt: tstz('expires_at').notNull(),
  },
  (t) => [index('step_up_grants_session_idx').on(t.sessionId, t.purpose)],
);

/**
 * Fund-password grants (identity/fund-password.ts): the fund password checked once for an
 * order ticket, then named by the grant on each order of it. Only a hash of the grant is kept.
 */
export const fundPasswordGrants = pgTable(
  'fund_password_grants',
  {
    /** sha256 (base64url) of the grant the client holds. */
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id),
    createdAt: tstz('created_at').notNull(),
    expiresAt: tstz('expires_at').notNull(),
  },
  (t) => [index('fund_password_grants_user_idx').on(t.userId), index('fund_password_grants_session_idx').on(t.sessionId)],
);

export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    account: text('account').notNull(),
    /** 'reset-password' | 'reverify' | 'step-up:<purpose>' */
    purpose: text('purpose').notNull(),
    /** sha256 hex of account, purpose and code. */
    codeHash: text('code_hash').notNull(),
    createdAt: tstz('created_at').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [index('one_time_codes_account_idx').on(t.account, t.purpose)],
);

export const identityVerifications = pgTable(
  'identity_verifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    realName: text('real_name').notNull(),
    /**
     * The real name's reading in full-width katakana: what a bank card's holder name must
     * match. Null only for submissions made before the reading was asked.
     */
    nameKana: text('name_kana'),
    idNumber: text('id_number').notNull(),
    docType: text('doc_type', {
      enum: DOC_TYPES,
    }).notNull(),
    frontKey: text('front_key')
      .notNull()
      .references(() => uploads.key),
    /** Null for a one-sided document (DOC_TYPES_WITH_BACK). */
    backKey: text('back_key').references(() => uploads.key),
    state: text('state', { enum: ['under_review', 'verified', 'rejected'] }).notNull(),
    rejectReason: text('reject_reason'),
    submittedAt: tstz('submitted_at').notNull(),
    reviewedAt: tstz('reviewed_at'),
    /** Operator name. */
    reviewedBy: text('reviewed_by'),
  },
  (t) => [
    index('identity_verifications_user_idx').on(t.userId),
    index('identity_verifications_state_idx').on(t.state),
    // At most one live (under review or verified) submission per user, even under races.
    uniqueIndex('identity_verifications_live_key')
      .on(t.userId)
      .where(sql`state <> 'rejected'`),
  ],
);

export const siteMessages = pgTable(
  'site_messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    title: jsonb('title').$type<LocalisedText>().notNull(),
    body: jsonb('body').$type<LocalisedText>().notNull(),
    createdAt: tstz('created_at').notNull(),
    readAt: tstz('read_at'),
  },
  (t) => [index('site_messages_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Wrong passwords from a known device (device-cookies.ts): counted and paused per device, so
 * they never pause the account for its owner's other devices. A row exists only while the
 * device has failures; a success deletes it.
 */
export const loginDevices = pgTable(
  'login_devices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The device token's nonce (128 random bits, base64url). */
    nonce: text('nonce').notNull(),
    failedCount: integer('failed_count').notNull().default(0),
    lockedUntil: tstz('locked_until'),
    lastFailedAt: tstz('last_failed_at').notNull(),
  },
  (t) => [uniqueIndex('login_devices_user_nonce_key').on(t.userId, t.nonce)],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type PasskeyRow = typeof passkeys.$inferSelect;
export type IdentityVerificationRow = typeof identityVerifications.$inferSelect;
export type SiteMessageRow = typeof siteMessages.$inferSelect;
