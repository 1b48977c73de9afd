// Handing out an upload policy: one key, one owner (the user the object will belong to), one
// purpose. Customers ask for their own (routes/upload.ts); support asks for a conversation's
// customer when an operator attaches an image to a reply (support/ops-routes.ts). The upload
// target then applies the same size and type rules to both.
import { eq } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { Clock } from '../../../clock';
import type { Database } from '../../../db/client';
import { ApiFailure } from '../../../http/envelope';
import { uploads } from '../schema';
import { createPolicyGrant, type UploadPolicyGrant, type UploadPurpose } from './policy';
import { signedObjectPath } from './signed-url';
import { kindOfKey } from './verify';

export interface IssueUploadPolicy {
  db: Database;
  clock: Clock;
  secret: string;
  /** Lifetime of the policy; POLICY_TTL_MS when not given. */
  ttlMs?: number;
  /** scheme://host the browser used: the upload target and the signed URL are on it. */
  origin: string;
  key: string;
  owner: number;
  purpose: UploadPurpose;
}

/** A key of an image the upload target accepts (imgs/<name>.<jpg|png|webp…>). */
export function isUploadKey(key: string): boolean {
  return kindOfKey(key) !== null;
}

/** The policy for `key`; refused (MSG.invalidParams) when the key is malformed or already stored. */
export async function issueUploadPolicy(opts: IssueUploadPolicy): Promise<UploadPolicyGrant> {
  if (!isUploadKey(opts.key)) throw new ApiFailure(MSG.invalidParams);
  const [taken] = await opts.db.select({ key: uploads.key }).from(uploads).where(eq(uploads.key, opts.key)).limit(1);
  if (taken) throw new ApiFailure(MSG.invalidParams);
  return createPolicyGrant({
    clock: opts.clock,
    secret: opts.secret,
    ttlMs: opts.ttlMs,
    baseUrl: `${opts.origin}/uploads/`,
    key: opts.key,
    owner: opts.owner,
    purpose: opts.purpose,
    url: `${opts.origin}${signedObjectPath({ secret: opts.secret, key: opts.key, now: opts.clock.now() })}`,
  });
}
