// Passkeys (WebAuthn) with @simplewebauthn/server: the relying party is the host the
// request came to, challenges are stored server-side and spent by their first use.
import { randomUUID } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { passkeys, webauthnChallenges, type PasskeyRow } from './schema';
import { CHALLENGE_MINUTES, MINUTE_MS } from './constants';

export const RP_NAME = 'Kabuto';

export interface RelyingParty {
  rpID: string;
  origins: string[];
}

/**
 * rpID = the host name the browser used; the origin must be that host (http or https,
 * so a TLS-terminating proxy in front works). A passkey made for our host cannot be
 * used by a look-alike phishing host: the browser refuses, and the rpID hash would not match.
 */
export function relyingPartyOf(request: FastifyRequest): RelyingParty {
  const host = request.host;
  return { rpID: request.hostname, origins: [`https://${host}`, `http://${host}`] };
}

const base64url = z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/);

// The fields every PublicKeyCredential JSON has around its `response`.
const credentialId = { id: base64url, rawId: base64url, type: z.literal('public-key') };
const credentialExtras = {
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

const registrationJson = z.object({
  ...credentialId,
  // Kept loose: browsers add fields (publicKey, authenticatorData) the verifier may read.
  response: z.looseObject({
    clientDataJSON: base64url,
    attestationObject: base64url,
    transports: z.array(z.string()).optional(),
  }),
  ...credentialExtras,
});

const authenticationJson = z.object({
  ...credentialId,
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
  ...credentialExtras,
});

function parseJsonText(text: unknown): unknown {
  if (typeof text !== 'string' || text.length > 64 * 1024) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The `credential` form field (JSON of startRegistration()), or null when malformed. */
export function parseRegistrationCredential(text: unknown): RegistrationResponseJSON | null {
  const parsed = registrationJson.safeParse(parseJsonText(text));
  return parsed.success ? (parsed.data as RegistrationResponseJSON) : null;
}

/** The `credential` form field (JSON of startAuthentication()), or null when malformed. */
export function parseAuthenticationCredential(text: unknown): AuthenticationResponseJSON | null {
  const parsed = authenticationJson.safeParse(parseJsonText(text));
  return parsed.success ? (parsed.data as AuthenticationResponseJSON) : null;
}

/** The challenge the browser signed, read from clientDataJSON. */
export function challengeOf(clientDataJSON: string): string | null {
  const parsed = parseJsonText(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
  if (typeof parsed !== 'object' || parsed === null) return null;
  const challenge = (parsed as { challenge?: unknown }).challenge;
  return typeof challenge === 'string' ? challenge : null;
}

export type ChallengePurpose = 'register' | 'login' | `step-up:${string}`;

export async function storeChallenge(
  db: Database,
  clock: Clock,
  input: { challenge: string; purpose: ChallengePurpose; userId: number | null; sessionId: string | null },
): Promise<string> {
  const id = randomUUID();
  await db.insert(webauthnChallenges).values({
    id,
    ...input,
    expiresAt: new Date(clock.now().getTime() + CHALLENGE_MINUTES * MINUTE_MS),
  });
  return id;
}

export interface SpentChallenge {
  id: string;
  challenge: string;
  userId: number | null;
  sessionId: string | null;
}

/**
 * Spends a live challenge (single use: even a failed verification spends it). Looks it
 * up by id (login ticket) or by the challenge text the browser signed.
 */
export async function spendChallenge(
  db: Database,
  clock: Clock,
  where: { purpose: ChallengePurpose; id?: string; challenge?: string; userId?: number; sessionId?: string },
): Promise<SpentChallenge | null> {
  const now = clock.now();
  const conditions = [eq(webauthnChallenges.purpose, where.purpose), isNull(webauthnChallenges.usedAt), gt(webauthnChallenges.expiresAt, now)];
  if (where.id !== undefined) conditions.push(eq(webauthnChallenges.id, where.id));
  if (where.challenge !== undefined) conditions.push(eq(webauthnChallenges.challenge, where.challenge));
  if (where.userId !== undefined) conditions.push(eq(webauthnChallenges.userId, where.userId));
  if (where.sessionId !== undefined) conditions.push(eq(webauthnChallenges.sessionId, where.sessionId));
  if (where.id === undefined && where.challenge === undefined) return null;
  const [row] = await db
    .update(webauthnChallenges)
    .set({ usedAt: now })
    .where(and(...conditions))
    .returning({
      id: webauthnChallenges.id,
      challenge: webauthnChallenges.challenge,
      userId: webauthnChallenges.userId,
      sessionId: webauthnChallenges.sessionId,
    });
  return row ?? null;
}

export async function listUserPasskeys(db: Database, userId: number): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(desc(passkeys.createdAt));
}

function transportsOf(row: PasskeyRow): AuthenticatorTransport[] {
  return row.transports as AuthenticatorTransport[];
}

export async function registrationOptions(
  rp: RelyingParty,
  user: { id: number; account: string },
  existing: PasskeyRow[],
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.rpID,
    userName: user.account,
    userDisplayName: user.account,
    // A stable opaque handle: never the account itself.
    userID: new TextEncoder().encode(`kabuto-user-${user.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: transportsOf(p) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
}

export interface VerifiedNewPasskey {
  credentialId: string;
  publicKey: Buffer;
  counter: number;
  transports: string[];
}

export async function verifyNewPasskey(rp: RelyingParty, response: RegistrationResponseJSON, expectedChallenge: string): Promise<VerifiedNewPasskey | null> {
  try {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
    });
    if (!result.verified) return null;
    const { credential } = result.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? response.response.transports ?? [],
    };
  } catch {
    return null;
  }
}

export async function authenticationOptions(rp: RelyingParty, allowed: PasskeyRow[]): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: rp.rpID,
    allowCredentials: allowed.map((p) => ({ id: p.credentialId, transports: transportsOf(p) })),
    userVerification: 'preferred',
  });
}

/**
 * Verifies an assertion against one of `userId`'s passkeys; on success stores the new
 * signature counter and last use. Returns the passkey used, or null.
 */
export async function verifyAssertion(
  db: Database,
  clock: Clock,
  rp: RelyingParty,
  input: { userId: number; response: AuthenticationResponseJSON; expectedChallenge: string },
): Promise<PasskeyRow | null> {
  const [passkey] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.credentialId, input.response.id), eq(passkeys.userId, input.userId)))
    .limit(1);
  if (!passkey) return null;
  let newCounter: number;
  try {
    const result = await verifyAuthenticationResponse({
      response: input.response,
      expectedChallenge: input.expectedChallenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.rpID,
      credential: { id: passkey.credentialId, publicKey: new Uint8Array(passkey.publicKey), counter: passkey.counter, transports: transportsOf(passkey) },
      requireUserVerification: false,
    });
    if (!result.verified) return null;
    newCounter = result.authenticationInfo.newCounter;
  } catch {
    return null;
  }
  await db.update(passkeys).set({ counter: newCounter, lastUsedAt: clock.now() }).where(eq(passkeys.credentialId, passkey.credentialId));
  return passkey;
}
