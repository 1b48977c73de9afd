// Customers' passkeys: the ceremonies of crypto/webauthn.ts over the identity tables
// (passkeys, webauthn_challenges). Challenges are stored server-side and spent by their first use.
import { randomUUID } from 'node:crypto';
import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { registrationOptions as ceremonyRegistrationOptions, verifyPasskeyAssertion, type RelyingParty } from '../../crypto/webauthn';
import { passkeys, webauthnChallenges, type PasskeyRow } from './schema';
import { CHALLENGE_MINUTES, MINUTE_MS } from './constants';

export {
  authenticationOptions,
  challengeOf,
  parseAuthenticationCredential,
  parseRegistrationCredential,
  relyingPartyOf,
  RP_NAME,
  verifyNewPasskey,
  type RelyingParty,
  type VerifiedNewPasskey,
} from '../../crypto/webauthn';

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

export async function registrationOptions(
  rp: RelyingParty,
  user: { id: number; account: string },
  existing: PasskeyRow[],
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  // A stable opaque handle: never the account itself.
  return ceremonyRegistrationOptions(rp, { handle: `kabuto-user-${user.id}`, name: user.account }, existing);
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
  const verified = await verifyPasskeyAssertion(rp, passkey, input.response, input.expectedChallenge);
  if (!verified) return null;
  const newCounter = verified.newCounter;
  await db.update(passkeys).set({ counter: newCounter, lastUsedAt: clock.now() }).where(eq(passkeys.credentialId, passkey.credentialId));
  return passkey;
}
