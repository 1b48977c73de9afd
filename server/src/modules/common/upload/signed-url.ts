// Private objects are fetched with a short-lived signed GET URL, the shape of an S3
// presigned GET: the server signs (key, expiry) for the owner's session; whoever holds
// the URL may read that one object until it expires. The signature sits in the path, so
// the URL still ends with the key (clients read the key from the end of an image URL).
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Lifetime of a signed GET URL: long enough for a form being filled in, short enough to leak little. */
export const SIGNED_URL_TTL_MS = 15 * 60 * 1000;
/** Path prefix of signed GET URLs: /uploads/signed/<expires>/<signature>/<key>. */
export const SIGNED_PATH = '/uploads/signed';

function signatureOf(secret: string, key: string, expiresSeconds: number): string {
  // A context label keeps this signature from ever matching an upload-policy signature.
  return createHmac('sha256', secret).update(`kabuto-get\n${key}\n${expiresSeconds}`, 'utf8').digest('base64url');
}

/** The path (no origin) of a signed GET of `key`, valid until now + ttl. */
export function signedObjectPath(opts: { secret: string; key: string; now: Date; ttlMs?: number }): string {
  const expires = Math.floor((opts.now.getTime() + (opts.ttlMs ?? SIGNED_URL_TTL_MS)) / 1000);
  return `${SIGNED_PATH}/${expires}/${signatureOf(opts.secret, opts.key, expires)}/${opts.key}`;
}

/** Whether (expires, signature) was signed for `key` and has not expired at `now`. */
export function signedPathValid(opts: { secret: string; key: string; expires: string; signature: string; now: Date }): boolean {
  if (!/^\d{1,12}$/.test(opts.expires)) return false;
  const expires = Number(opts.expires);
  if (expires * 1000 <= opts.now.getTime()) return false;
  const expected = Buffer.from(signatureOf(opts.secret, opts.key, expires), 'utf8');
  const given = Buffer.from(opts.signature, 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
