// Demo data of the identity module: an operator-issued invitation code, so a first-time
// visitor of `npm start` can register. Idempotent; not used by the tests.
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { inviteCodes } from './schema';

export const DEMO_INVITE_CODE = 'KABUTO2026';

export async function seedIdentityDemo(db: Database, clock: Clock): Promise<void> {
  await db.insert(inviteCodes).values({ code: DEMO_INVITE_CODE, issuerUserId: null, createdAt: clock.now() }).onConflictDoNothing({ target: inviteCodes.code });
}
