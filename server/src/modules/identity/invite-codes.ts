// Invitation codes: 8 characters without look-alikes (no 0/O, 1/I/L), stored upper-case.
import { randomInt } from 'node:crypto';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { inviteCodes } from './schema';

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function newInviteCode(): string {
  let code = '';
  for (let i = 0; i < 8; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** Issues `count` fresh codes (retrying the rare collision); issuer null = the operator. */
export async function issueInviteCodes(db: Database, clock: Clock, count: number, issuerUserId: number | null): Promise<string[]> {
  const codes: string[] = [];
  while (codes.length < count) {
    const [row] = await db
      .insert(inviteCodes)
      .values({ code: newInviteCode(), issuerUserId, createdAt: clock.now() })
      .onConflictDoNothing({ target: inviteCodes.code })
      .returning({ code: inviteCodes.code });
    if (row) codes.push(row.code);
  }
  return codes;
}
