// The userInfo object of login and user/info (docs/api/identity.md §2).
import { and, count, desc, eq, isNull } from 'drizzle-orm';
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

export async function findUserByAccount(db: Database, account: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.account, account)).limit(1);
  return row;
}

export async function findUserById(db: Database, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}
