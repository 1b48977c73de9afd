// The userInfo object of login and user/info (docs/api/identity.md §2).
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { IdentityUserInfo, VerificationState } from '@kabuto/shared-sdk/schemas';
import type { Database } from '../../db/client';
import { identityVerifications, passkeys, siteMessages, users, type IdentityVerificationRow, type UserRow } from './schema';
import { restrictionsOf } from './auth-user';

export async function latestVerification(db: Database, userId: number): Promise<IdentityVerificationRow | undefined> {
  const [row] = await db
    .select()
    .from(identityVerifications)
    .where(eq(identityVerifications.userId, userId))
    .orderBy(desc(identityVerifications.submittedAt), desc(identityVerifications.id))
    .limit(1);
  return row;
}

export async function unreadCount(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(siteMessages)
    .where(and(eq(siteMessages.userId, userId), isNull(siteMessages.readAt)));
  return row?.n ?? 0;
}

export async function passkeyCount(db: Database, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.n ?? 0;
}

export function rebateRatioOf(user: Pick<UserRow, 'role' | 'rebateRatioBp'>): number | null {
  return user.role === 'agent' && user.rebateRatioBp !== null ? user.rebateRatioBp / 10_000 : null;
}

export async function buildUserInfo(db: Database, user: UserRow): Promise<IdentityUserInfo> {
  const [verification, keys, unread] = await Promise.all([latestVerification(db, user.id), passkeyCount(db, user.id), unreadCount(db, user.id)]);
  return userInfoOf(user, verification ?? null, keys, unread);
}

type VerificationFacts = Pick<IdentityVerificationRow, 'state' | 'rejectReason' | 'realName'>;

function userInfoOf(user: UserRow, verification: VerificationFacts | null, keys: number, unread: number): IdentityUserInfo {
  const state: VerificationState = verification?.state ?? 'unverified';
  return {
    id: user.id,
    account: user.account,
    role: user.role,
    vipLevel: user.vipLevel,
    level: user.vipLevel,
    rebateRatio: rebateRatioOf(user),
    verification: { state, rejectReason: state === 'rejected' ? (verification?.rejectReason ?? null) : null },
    realName: state === 'verified' ? (verification?.realName ?? null) : null,
    hasFundPassword: user.fundPasswordHash !== null,
    passkeyCount: keys,
    unreadMessages: unread,
    restrictions: restrictionsOf(user),
    supportOnly: user.role === 'institution',
    createdAt: user.createdAt.toISOString(),
  };
}

// Columns are written out with their tables: in a one-table select Drizzle prints columns
// unqualified, and an unqualified "id" inside a subquery would mean the subquery's own table.
/** The latest verification's `column` of the user in the outer query. */
function latestVerificationColumn<T>(column: 'state' | 'reject_reason' | 'real_name') {
  return sql<T>`(select v.${sql.identifier(column)} from ${identityVerifications} v where v.user_id = ${sql.identifier('users')}.id order by v.submitted_at desc, v.id desc limit 1)`;
}

/** One prepared statement per database: user/info is called often. */
const userInfoStatements = new WeakMap<Database, ReturnType<typeof prepareUserInfo>>();

function prepareUserInfo(db: Database) {
  return db
    .select({
      user: users,
      state: latestVerificationColumn<IdentityVerificationRow['state'] | null>('state'),
      rejectReason: latestVerificationColumn<string | null>('reject_reason'),
      realName: latestVerificationColumn<string>('real_name'),
      keys: sql<number>`(select count(*)::int from ${passkeys} p where p.user_id = ${sql.identifier('users')}.id)`,
      unread: sql<number>`(select count(*)::int from ${siteMessages} m where m.user_id = ${sql.identifier('users')}.id and m.read_at is null)`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('identity_user_info');
}

/** buildUserInfo of the user with `userId`, read in one round trip (the same facts, one statement). */
export async function loadUserInfo(db: Database, userId: number): Promise<IdentityUserInfo | undefined> {
  let statement = userInfoStatements.get(db);
  if (!statement) {
    statement = prepareUserInfo(db);
    userInfoStatements.set(db, statement);
  }
  const [row] = await statement.execute({ userId });
  if (!row) return undefined;
  const verification = row.state === null ? null : { state: row.state, rejectReason: row.rejectReason, realName: row.realName };
  return userInfoOf(row.user, verification, Number(row.keys), Number(row.unread));
}

export async function findUserByAccount(db: Database, account: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.account, account)).limit(1);
  return row;
}

export async function findUserById(db: Database, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}
