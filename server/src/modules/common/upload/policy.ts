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

/** What an upload is for; the consumer checks it (a KYC photo is no deposit proof). */
export const UPLOAD_PURPOSES = ['kyc-front', 'kyc-back', 'deposit-proof', 'avatar', 'support-attachment'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** What GET /api/common/upload answers inside the envelope. */
export interface UploadPolicyGrant {
  baseUrl: string;
  policy: string;
  accessid: string;
  signature: string;
  /** The one key this policy allows. */
  key: string;
  purpose: UploadPurpose;
  /** Short-lived signed GET URL of the object for its owner (works in an <img>); ends with the key. */
  url: string;
}

export interface UploadPolicyRules {
  expiration: Date;
  keyPrefix: string;
  minBytes: number;
  maxBytes: number;
  /** The exact key, the owner (user id) and the purpose the policy was issued for. */
  key: string;
  owner: number;
  purpose: UploadPurpose;
}

/** Custom condition names (S3's x-amz-meta-* shape): who may post, and what for. */
const OWNER_FIELD = 'x-kabuto-owner';
const PURPOSE_FIELD = 'x-kabuto-purpose';

export function signPolicy(secret: string, policyBase64: string): string {
  return createHmac('sha1', secret).update(policyBase64, 'utf8').digest('base64');
}

export interface PolicyRequest {
  clock: Clock;
  secret: string;
  baseUrl: string;
  key: string;
  owner: number;
  purpose: UploadPurpose;
  /** The signed GET URL handed out with the policy. */
  url: string;
  ttlMs?: number;
}

export function createPolicyGrant(opts: PolicyRequest): UploadPolicyGrant {
  const expiration = new Date(opts.clock.now().getTime() + (opts.ttlMs ?? POLICY_TTL_MS));
  const document = {
    expiration: expiration.toISOString(),
    conditions: [
      ['starts-with', '$key', UPLOAD_KEY_PREFIX],
      ['eq', '$key', opts.key],
      ['content-length-range', 1, UPLOAD_MAX_BYTES],
      { [OWNER_FIELD]: String(opts.owner) },
      { [PURPOSE_FIELD]: opts.purpose },
    ],
  };
  const policy = Buffer.from(JSON.stringify(document), 'utf8').toString('base64');
  return {
    baseUrl: opts.baseUrl,
    policy,
    accessid: UPLOAD_ACCESS_ID,
    signature: signPolicy(opts.secret, policy),
    key: opts.key,
    purpose: opts.purpose,
    url: opts.url,
  };
}

/** Constant-time comparison, so the signature cannot be guessed byte by byte. */
export function signatureMatches(secret: string, policyBase64: string, signature: string): boolean {
  const expected = Buffer.from(signPolicy(secret, policyBase64), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const startsWithKey = z.tuple([z.literal('starts-with'), z.literal('$key'), z.string()]);
const equalsKey = z.tuple([z.literal('eq'), z.literal('$key'), z.string()]);
const contentLengthRange = z.tuple([z.literal('content-length-range'), z.number().int().min(0), z.number().int().min(0)]);
const ownerCondition = z.strictObject({ [OWNER_FIELD]: z.string().regex(/^[1-9]\d{0,15}$/) });
const purposeCondition = z.strictObject({ [PURPOSE_FIELD]: z.enum(UPLOAD_PURPOSES) });
const policyDocument = z.object({
  expiration: z.iso.datetime(),
  conditions: z.array(z.union([startsWithKey, equalsKey, contentLengthRange, ownerCondition, purposeCondition])),
});

/**
 * Reads a policy. Only the conditions the server itself issues are understood, each once;
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
  let key: string | undefined;
  let range: { min: number; max: number } | undefined;
  let owner: number | undefined;
  let purpose: UploadPurpose | undefined;
  for (const condition of result.data.conditions) {
    if (Array.isArray(condition)) {
      if (condition[0] === 'starts-with') {
        if (keyPrefix !== undefined) return null;
        keyPrefix = condition[2];
      } else if (condition[0] === 'eq') {
        if (key !== undefined) return null;
        key = condition[2];
      } else {
        if (range !== undefined) return null;
        range = { min: condition[1], max: condition[2] };
      }
    } else if (OWNER_FIELD in condition) {
      if (owner !== undefined) return null;
      owner = Number(condition[OWNER_FIELD]);
    } else {
      if (purpose !== undefined) return null;
      purpose = condition[PURPOSE_FIELD];
    }
  }
  if (keyPrefix === undefined || key === undefined || range === undefined || owner === undefined || purpose === undefined) return null;
  if (range.min > range.max) return null;
  return { expiration: new Date(result.data.expiration), keyPrefix, minBytes: range.min, maxBytes: range.max, key, owner, purpose };
}
