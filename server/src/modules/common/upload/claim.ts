// Using an uploaded object: a KYC submission or a deposit claims its images, each once,
// only the owner's, only for the purpose the upload policy was issued for.
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { uploads } from '../schema';
import type { UploadPurpose } from './policy';

/**
 * Marks `key` used by `owner` for `purpose`, in the caller's transaction, and says whether
 * it could. Another user's key, a used key and a key of another purpose all answer false
 * (one answer, so a caller cannot probe which keys exist).
 */
export async function claimUpload(tx: Database, opts: { key: string; owner: number; purpose: UploadPurpose; now: Date }): Promise<boolean> {
  const claimed = await tx
    .update(uploads)
    .set({ usedAt: opts.now })
    .where(and(eq(uploads.key, opts.key), eq(uploads.ownerUserId, opts.owner), eq(uploads.purpose, opts.purpose), isNull(uploads.usedAt)))
    .returning({ key: uploads.key });
  return claimed.length === 1;
}
