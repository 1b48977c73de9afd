// The fund password on money calls (orders, closes, block-trade buys, IPO subscriptions and
// payments): checked with scrypt on each call, or once per order ticket into a grant
// (docs/api/trading.md "Fund-password grant"). A grant follows the step-up grant's design:
// kept on the server (only its hash), bound to the user and the session that asked, short
// lived (FUND_PASSWORD_GRANT_SECONDS), gone when the fund password changes or the session
// ends. Checking it is one indexed read instead of a key derivation per order: 50 orders of
// one ticket cost one scrypt, not 50.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import { MSG, type MessageKey } from '@kabuto/shared-sdk/messages';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { ApiFailure } from '../../http/envelope';
import { FUND_PASSWORD_GRANT_SECONDS } from './constants';
import { verifyPassword } from './passwords';
import { fundPasswordGrants, users } from './schema';

/** Who asks: the user and the session the call came in. */
export interface FundPasswordUser {
  id: number;
  sessionId: string;
}

/** What a money call may carry to confirm it: the password itself, or a grant of this session. */
export interface FundPasswordProof {
  fundPassword?: string | undefined;
  fundPasswordGrant?: string | undefined;
}

const hashOf = (grant: string): string => createHash('sha256').update(grant).digest('base64url');

/** The fund password against the stored hash; refuses fundPasswordNotSet / wrongFundPassword. */
export async function checkFundPassword(
  db: Database,
  userId: number,
  password: string | undefined,
  missing: MessageKey = MSG.fundPasswordRequiredForOrder,
): Promise<void> {
  const [row] = await db.select({ hash: users.fundPasswordHash }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row?.hash) throw new ApiFailure(MSG.fundPasswordNotSet);
  if (password === undefined) throw new ApiFailure(missing);
  if (!(await verifyPassword(password, row.hash))) throw new ApiFailure(MSG.wrongFundPassword);
}

/** Checks the fund password once and answers a grant for this session (and the moment it ends). */
export async function issueFundPasswordGrant(
  db: Database,
  clock: Clock,
  user: FundPasswordUser,
  password: string,
): Promise<{ grant: string; expiresAt: Date }> {
  await checkFundPassword(db, user.id, password);
  const grant = randomBytes(32).toString('base64url');
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + FUND_PASSWORD_GRANT_SECONDS * 1000);
  // Expired grants of the user go as a new one is written (no sweep needed for a short-lived row).
  await db.delete(fundPasswordGrants).where(and(eq(fundPasswordGrants.userId, user.id), lt(fundPasswordGrants.expiresAt, now)));
  await db.insert(fundPasswordGrants).values({ tokenHash: hashOf(grant), userId: user.id, sessionId: user.sessionId, createdAt: now, expiresAt });
  return { grant, expiresAt };
}

/** Is `grant` a live grant of this user and session? */
export async function holdsFundPasswordGrant(db: Database, clock: Clock, user: FundPasswordUser, grant: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: fundPasswordGrants.userId })
    .from(fundPasswordGrants)
    .where(
      and(
        eq(fundPasswordGrants.tokenHash, hashOf(grant)),
        eq(fundPasswordGrants.userId, user.id),
        eq(fundPasswordGrants.sessionId, user.sessionId),
        gt(fundPasswordGrants.expiresAt, clock.now()),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * A money call's confirmation: a grant, when one is sent (a grant that is expired, of another
 * session or user, or revoked is refused with fundPasswordGrantInvalid, never taken as "no
 * proof"), otherwise the fund password itself.
 */
export async function confirmFundPasswordProof(
  db: Database,
  clock: Clock,
  user: FundPasswordUser,
  proof: FundPasswordProof,
  missing?: MessageKey,
): Promise<void> {
  if (proof.fundPasswordGrant !== undefined) {
    if (!(await holdsFundPasswordGrant(db, clock, user, proof.fundPasswordGrant)))
      throw new ApiFailure(MSG.fundPasswordGrantInvalid, { rule: 'fund-password-grant' });
    return;
  }
  await checkFundPassword(db, user.id, proof.fundPassword, missing);
}

/** Ends the grants of a user (fund password changed) or of one session (signed out). */
export async function revokeFundPasswordGrants(db: Database, of: { userId: number } | { sessionId: string }): Promise<void> {
  await db.delete(fundPasswordGrants).where('userId' in of ? eq(fundPasswordGrants.userId, of.userId) : eq(fundPasswordGrants.sessionId, of.sessionId));
}
