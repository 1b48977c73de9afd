// The one pg-core schema of the server. Migrations in server/drizzle/ are generated from
// this file with `npm run db:generate -w @kabuto/server` and committed.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, customType, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Site configuration entries the client looks up by name (spec §3 "Site config"). */
export const siteConfig = pgTable('site_config', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  /** English title; `title_zh` is the Traditional Chinese variant the spec names. */
  title: text('title').notNull(),
  titleZh: text('title_zh').notNull(),
  /** Order in which the entries are listed. */
  sort: integer('sort').notNull().default(0),
});

/** Objects accepted through the POST-policy upload target (spec §7). */
export const uploads = pgTable('uploads', {
  /** Object key, e.g. imgs/Ab3dE5fG7hJ9kLm.png. Unique: an accepted key is never overwritten. */
  key: text('key').primaryKey(),
  size: integer('size').notNull(),
  contentType: text('content_type').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export type SiteConfigRow = typeof siteConfig.$inferSelect;
export type UploadRow = typeof uploads.$inferSelect;

// ---------------------------------------------------------------------------------------
// Identity and security (issue 3; docs/api/identity.md). Append-only below this line.
// ---------------------------------------------------------------------------------------
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

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
      enum: ['driving_licence', 'insurance_card', 'resident_record', 'passport', 'residence_card'],
    }).notNull(),
    frontKey: text('front_key')
      .notNull()
      .references(() => uploads.key),
    backKey: text('back_key')
      .notNull()
      .references(() => uploads.key),
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

/** Text in the three complete languages (hi and id read en). */
export interface LocalisedText {
  tw: string;
  jp: string;
  en: string;
}

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

export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [index('outbox_recipient_idx').on(t.recipient, t.createdAt)],
);

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

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type PasskeyRow = typeof passkeys.$inferSelect;
export type IdentityVerificationRow = typeof identityVerifications.$inferSelect;
export type SiteMessageRow = typeof siteMessages.$inferSelect;
export type OutboxRow = typeof outbox.$inferSelect;
export type OperatorRow = typeof operators.$inferSelect;
export type AuditRow = typeof auditLog.$inferSelect;

// Market tables (issue 5; docs/api/market.md).
export * from '../modules/market/schema';

// Funds (issue 4): ledger, bank cards, deposits, withdrawals, exchange, adjustments.
export * from '../modules/funds/schema';
