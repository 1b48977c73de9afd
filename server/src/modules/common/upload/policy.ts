// OSS (V1) style POST policy for image uploads (spec §7). The server signs a short-lived
// policy; the browser posts it back with the file; the upload target checks it.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Clock } from '../../../clock';

/** Every uploaded object lives under this prefix. */
export const UPLOAD_KEY_PREFIX = 'imgs/';
/** Largest accepted image: 5 MiB. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** How long a handed-out policy stays valid by default (KABUTO_UPLOAD_POLICY_TTL_SECONDS overrides). */
export const POLICY_TTL_MS = 15 * 60 * 1000;
/** The public half of the credential pair; the secret never leaves the server. */
export const UPLOAD_ACCESS_ID = 'kabuto-uploads';

/** What GET /api/common/upload answers inside the envelope. */
export interface UploadPolicyGrant {
  baseUrl: string;
  policy: string;
  accessid: string;
  signature: string;
}

export interface UploadPolicyRules {
  expiration: Date;
  keyPrefix: string;
  minBytes: number;
  maxBytes: number;
}

export function signPolicy(secret: string, policyBase64: string): string {
  return createHmac('sha1', secret).update(policyBase64, 'utf8').digest('base64');
}

export function createPolicyGrant(opts: { clock: Clock; secret: string; baseUrl: string; ttlMs?: number }): UploadPolicyGrant {
  const expiration = new Date(opts.clock.now().getTime() + (opts.ttlMs ?? POLICY_TTL_MS));
  const document = {
    expiration: expiration.toISOString(),
    conditions: [
      ['starts-with', '$key', UPLOAD_KEY_PREFIX],
      ['content-length-range', 1, UPLOAD_MAX_BYTES],
    ],
  };
  const policy = Buffer.from(JSON.stringify(document), 'utf8').toString('base64');
  return { baseUrl: opts.baseUrl, policy, accessid: UPLOAD_ACCESS_ID, signature: signPolicy(opts.secret, policy) };
}

/** Constant-time comparison, so the signature cannot be guessed byte by byte. */
export function signatureMatches(secret: string, policyBase64: string, signature: string): boolean {
  const expected = Buffer.from(signPolicy(secret, policyBase64), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const startsWithKey = z.tuple([z.literal('starts-with'), z.literal('$key'), z.string()]);
const contentLengthRange = z.tuple([z.literal('content-length-range'), z.number().int().min(0), z.number().int().min(0)]);
const policyDocument = z.object({
  expiration: z.iso.datetime(),
  conditions: z.array(z.union([startsWithKey, contentLengthRange])),
});

/**
 * Reads a policy. Only the two conditions the server itself issues are understood;
 * anything else (or a missing one) makes the policy invalid rather than ignored.
 */
export function decodePolicy(policyBase64: string): UploadPolicyRules | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(policyBase64, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  const result = policyDocument.safeParse(parsed);
  if (!result.success) return null;
  let keyPrefix: string | undefined;
  let range: { min: number; max: number } | undefined;
  for (const condition of result.data.conditions) {
    if (condition[0] === 'starts-with') {
      if (keyPrefix !== undefined) return null;
      keyPrefix = condition[2];
    } else {
      if (range !== undefined) return null;
      range = { min: condition[1], max: condition[2] };
    }
  }
  if (keyPrefix === undefined || range === undefined || range.min > range.max) return null;
  return {
    expiration: new Date(result.data.expiration),
    keyPrefix,
    minBytes: range.min,
    maxBytes: range.max,
  };
}
