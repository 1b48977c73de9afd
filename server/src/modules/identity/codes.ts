// One-time codes (forgot password, re-verification after an unfreeze, step-up fallback):
// six digits, CODE_TTL_MINUTES, CODE_MAX_ATTEMPTS tries, stored hashed, one live code per
// account and purpose (a new one retires the old).
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { oneTimeCodes } from './schema';
import type { NotificationGateway } from '../../notifications/gateway';
import { codeMessage } from '../../notifications/templates';
import { CODE_MAX_ATTEMPTS, CODE_RESEND_SECONDS, CODE_TTL_MINUTES, MINUTE_MS } from './constants';
import { newSixDigitCode, sha256Hex } from '../../crypto/tokens';

export type CodePurpose = 'reset-password' | 'reverify' | `step-up:${string}`;

function codeHash(account: string, purpose: CodePurpose, code: string): string {
  return sha256Hex(`${account}\n${purpose}\n${code}`);
}

/**
 * Sends a new code unless one was sent less than CODE_RESEND_SECONDS ago.
 * Returns whether a code went out.
 */
export async function issueCode(db: Database, clock: Clock, gateway: NotificationGateway, account: string, purpose: CodePurpose): Promise<boolean> {
  const now = clock.now();
  const [recent] = await db
    .select({ id: oneTimeCodes.id })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.account, account),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.createdAt, new Date(now.getTime() - CODE_RESEND_SECONDS * 1000)),
      ),
    )
    .limit(1);
  if (recent) return false;
  const code = newSixDigitCode();
  await db.transaction(async (tx) => {
    // One live code per account and purpose.
    await tx
      .update(oneTimeCodes)
      .set({ usedAt: now })
      .where(and(eq(oneTimeCodes.account, account), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.usedAt)));
    await tx.insert(oneTimeCodes).values({
      account,
      purpose,
      codeHash: codeHash(account, purpose, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * MINUTE_MS),
    });
  });
  await gateway.send({ channel: 'sms', recipient: account, ...codeMessage(purpose, code, CODE_TTL_MINUTES) });
  return true;
}

/** Spends the live code when `code` matches; counts a wrong try. */
export async function consumeCode(db: Database, clock: Clock, account: string, purpose: CodePurpose, code: string): Promise<boolean> {
  const now = clock.now();
  const [live] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.account, account), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.usedAt), gt(oneTimeCodes.expiresAt, now)))
    .orderBy(desc(oneTimeCodes.createdAt), desc(oneTimeCodes.id))
    .limit(1);
  if (!live || live.attempts >= CODE_MAX_ATTEMPTS) return false;
  if (live.codeHash !== codeHash(account, purpose, code)) {
    await db
      .update(oneTimeCodes)
      .set({ attempts: live.attempts + 1 })
      .where(eq(oneTimeCodes.id, live.id));
    return false;
  }
  // Conditional update: two concurrent calls with the right code cannot both succeed.
  const spent = await db
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(and(eq(oneTimeCodes.id, live.id), isNull(oneTimeCodes.usedAt)))
    .returning({ id: oneTimeCodes.id });
  return spent.length === 1;
}
