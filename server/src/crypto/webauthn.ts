// The WebAuthn ceremonies with @simplewebauthn/server, free of any table: the relying party is
// the host the request came to, options and verification work on the stored passkey's fields,
// and challenges are single-use with a short life. Customers' passkeys (identity/webauthn.ts)
// and operators' passkeys (ops/passkeys.ts) keep their own tables and use these.
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
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

export const RP_NAME = 'Kabuto';

/** A challenge (and a ticket naming one) lives this long; it is spent by its first use. */
export const WEBAUTHN_CHALLENGE_MS = 5 * 60_000;

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

/** What a passkey table keeps of a credential, whoever owns it. */
export interface StoredPasskey {
  credentialId: string;
  publicKey: Buffer;
  counter: number;
  transports: string[];
}

/**
 * A challenge store's rows, whichever table holds them: `id` is also the ticket a two-step
 * sign-in hands back, `ownerId` the user or operator it was issued to.
 */
export interface SpentChallenge {
  id: string;
  challenge: string;
  ownerId: number | null;
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

function transportsOf(passkey: StoredPasskey): AuthenticatorTransport[] {
  return passkey.transports as AuthenticatorTransport[];
}

/**
 * `handle` is the stable opaque user handle the authenticator keeps (never the account or
 * operator name itself); `name` is what the authenticator shows.
 */
export async function registrationOptions(
  rp: RelyingParty,
  user: { handle: string; name: string },
  existing: readonly StoredPasskey[],
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.rpID,
    userName: user.name,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(user.handle),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: transportsOf(p) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
}

export type VerifiedNewPasskey = StoredPasskey;

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

export async function authenticationOptions(rp: RelyingParty, allowed: readonly StoredPasskey[]): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: rp.rpID,
    allowCredentials: allowed.map((p) => ({ id: p.credentialId, transports: transportsOf(p) })),
    userVerification: 'preferred',
  });
}

/**
 * Verifies an assertion made with `passkey` (the caller looked it up by the response's id,
 * among its owner's); answers the new signature counter to store, or null.
 */
export async function verifyPasskeyAssertion(
  rp: RelyingParty,
  passkey: StoredPasskey,
  response: AuthenticationResponseJSON,
  expectedChallenge: string,
): Promise<{ newCounter: number } | null> {
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.rpID,
      credential: { id: passkey.credentialId, publicKey: new Uint8Array(passkey.publicKey), counter: passkey.counter, transports: transportsOf(passkey) },
      requireUserVerification: false,
    });
    return result.verified ? { newCounter: result.authenticationInfo.newCounter } : null;
  } catch {
    return null;
  }
}
