// Test helper: a stored upload row as the upload target records it (owner and purpose),
// for tests of the calls that use uploads rather than of the upload itself.
import { randomBytes } from 'node:crypto';
import type { Database } from '../../../db/client';
import { uploads } from '../schema';
import type { UploadPurpose } from '../upload/policy';

/** imgs/ + 15 random letters or digits + .png, as the client's key generator makes. */
export function randomUploadKey(extension = 'png'): string {
  const name = randomBytes(24)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .padEnd(15, 'x')
    .slice(0, 15);
  return `imgs/${name}.${extension}`;
}

export async function insertUpload(db: Database, opts: { owner: number; purpose: UploadPurpose; now: Date; key?: string }): Promise<string> {
  const key = opts.key ?? randomUploadKey();
  await db.insert(uploads).values({ key, size: 1000, contentType: 'image/png', createdAt: opts.now, ownerUserId: opts.owner, purpose: opts.purpose });
  return key;
}
