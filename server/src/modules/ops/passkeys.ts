// Operators' passkeys: the second factor of the console's sign-in (the credential proves who,
// the passkey proves the person at the console holds that operator's authenticator). The
// ceremonies are crypto/webauthn.ts's; the tables are the ops module's own. Adding the first
// passkey needs only the credential (once: the bootstrap); every further change needs a
// console session, which a passkey opened. An operator never drops to no passkey. Every
// addition, removal and refused assertion is audited.
import { randomUUID } from 'node:crypto';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { ApiFailure } from '../../http/envelope';
import { verifyPasskeyAssertion, WEBAUTHN_CHALLENGE_MS, type RelyingParty, type SpentChallenge, type VerifiedNewPasskey } from '../../crypto/webauthn';
import { writeAudit } from './audit';
import { operatorPasskeys, operatorWebauthnChallenges, type OperatorChallengePurpose, type OperatorPasskeyRow } from './schema';

interface PasskeyActor {
  id: number;
  name: string;
}

/** An operator's passkey as the console lists it (never the public key). */
export interface OperatorPasskeyInfo {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export function operatorPasskeyInfo(row: OperatorPasskeyRow): OperatorPasskeyInfo {
  return { id: row.credentialId, name: row.name, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null };
}

export async function listOperatorPasskeys(db: Database, operatorId: number): Promise<OperatorPasskeyRow[]> {
  return db.select().from(operatorPasskeys).where(eq(operatorPasskeys.operatorId, operatorId)).orderBy(desc(operatorPasskeys.createdAt));
}

/** The opaque user handle an operator's authenticator keeps (never the operator's name). */
export function operatorHandle(operatorId: number): string {
  return `kabuto-operator-${operatorId}`;
}

export async function storeOperatorChallenge(
  db: Database,
  clock: Clock,
  input: { challenge: string; purpose: OperatorChallengePurpose; operatorId: number; sessionId: number | null },
): Promise<string> {
  const id = randomUUID();
  await db.insert(operatorWebauthnChallenges).values({ id, ...input, expiresAt: new Date(clock.now().getTime() + WEBAUTHN_CHALLENGE_MS) });
  return id;
}

/**
 * Spends a live challenge of `operatorId` (single use: a failed verification spends it too),
 * found by its ticket or by the challenge text the browser signed.
 */
export async function spendOperatorChallenge(
  db: Database,
  clock: Clock,
  where: { purpose: OperatorChallengePurpose; operatorId: number; id?: string; challenge?: string; sessionId?: number },
): Promise<SpentChallenge | null> {
  if (where.id === undefined && where.challenge === undefined) return null;
  const now = clock.now();
  const t = operatorWebauthnChallenges;
  const conditions = [eq(t.purpose, where.purpose), eq(t.operatorId, where.operatorId), isNull(t.usedAt), gt(t.expiresAt, now)];
  if (where.id !== undefined) conditions.push(eq(t.id, where.id));
  if (where.challenge !== undefined) conditions.push(eq(t.challenge, where.challenge));
  if (where.sessionId !== undefined) conditions.push(eq(t.sessionId, where.sessionId));
  const [row] = await db
    .update(t)
    .set({ usedAt: now })
    .where(and(...conditions))
    .returning({ id: t.id, challenge: t.challenge, ownerId: t.operatorId });
  return row ?? null;
}

/** Checks an assertion against one of the operator's passkeys; stores the new counter and last use. */
export async function verifyOperatorAssertion(
  db: Database,
  clock: Clock,
  rp: RelyingParty,
  input: { operatorId: number; response: AuthenticationResponseJSON; expectedChallenge: string },
): Promise<OperatorPasskeyRow | null> {
  const [passkey] = await db
    .select()
    .from(operatorPasskeys)
    .where(and(eq(operatorPasskeys.credentialId, input.response.id), eq(operatorPasskeys.operatorId, input.operatorId)))
    .limit(1);
  if (!passkey) return null;
  const verified = await verifyPasskeyAssertion(rp, passkey, input.response, input.expectedChallenge);
  if (!verified) return null;
  await db
    .update(operatorPasskeys)
    .set({ counter: verified.newCounter, lastUsedAt: clock.now() })
    .where(eq(operatorPasskeys.credentialId, passkey.credentialId));
  return passkey;
}

/**
 * Stores a verified passkey for `operator`, audited as operator.passkey.add. `bootstrap`: the
 * first passkey, allowed with the credential alone, and only while the operator has none.
 */
export async function addOperatorPasskey(
  tx: Database,
  clock: Clock,
  operator: PasskeyActor,
  input: { verified: VerifiedNewPasskey; name: string; bootstrap: boolean },
): Promise<OperatorPasskeyRow> {
  if (input.bootstrap) {
    const [held] = await tx.select({ n: count() }).from(operatorPasskeys).where(eq(operatorPasskeys.operatorId, operator.id));
    if ((held?.n ?? 0) > 0) throw new ApiFailure(MSG.operatorPasskeyHeld);
  }
  const [row] = await tx
    .insert(operatorPasskeys)
    .values({
      credentialId: input.verified.credentialId,
      operatorId: operator.id,
      publicKey: input.verified.publicKey,
      counter: input.verified.counter,
      transports: input.verified.transports,
      name: input.name,
      createdAt: clock.now(),
    })
    .onConflictDoNothing({ target: operatorPasskeys.credentialId })
    .returning();
  if (!row) throw new ApiFailure(MSG.passkeyExists);
  await writeAudit(tx, clock, operator, {
    action: 'operator.passkey.add',
    targetUserId: null,
    reason: null,
    details: { passkey: row.credentialId, name: row.name, bootstrap: input.bootstrap },
  });
  return row;
}

/** Removes one of the operator's own passkeys, never the last one; audited as operator.passkey.remove. */
export async function removeOperatorPasskey(db: Database, clock: Clock, operator: PasskeyActor, credentialId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const held = await listOperatorPasskeys(tx, operator.id);
    if (!held.some((p) => p.credentialId === credentialId)) throw new ApiFailure(MSG.passkeyNotFound);
    // Without a passkey the next sign-in would be a bootstrap again: the credential alone.
    if (held.length <= 1) throw new ApiFailure(MSG.operatorPasskeyLast);
    await tx.delete(operatorPasskeys).where(and(eq(operatorPasskeys.credentialId, credentialId), eq(operatorPasskeys.operatorId, operator.id)));
    await writeAudit(tx, clock, operator, { action: 'operator.passkey.remove', targetUserId: null, reason: null, details: { passkey: credentialId } });
  });
}

/** A refused passkey step at sign-in or when adding one: who, which step, why. */
export async function auditRefusedPasskey(db: Database, clock: Clock, operator: PasskeyActor, step: OperatorChallengePurpose, why: string): Promise<void> {
  await writeAudit(db, clock, operator, { action: 'operator.passkey.refused', targetUserId: null, reason: null, details: { step, why } });
}
