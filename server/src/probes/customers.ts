// Probe customers: written straight into the database with cash posted through the ledger and
// a session that skips the fund password, so a probe can place orders at once.
import { ACCOUNT_KINDS, brokerAccount, customerCash, postJournal } from '../modules/funds';
import { createSession, users } from '../modules/identity';
import { tradingSessionSettings } from '../modules/trading';
import type { Clock } from '../clock';
import type { Database } from '../db/client';

export interface ProbeCustomer {
  userId: number;
  token: string;
  account: string;
}

export async function createProbeCustomer(db: Database, clock: Clock, account: string, yen = 100_000_000_000n): Promise<ProbeCustomer> {
  const now = clock.now();
  const [user] = await db.insert(users).values({ account, passwordHash: 'x', createdAt: now }).returning();
  if (!user) throw new Error(`probe: no user ${account} written`);
  await db.transaction((tx) =>
    postJournal(tx, clock, {
      type: 'deposit',
      reference: `probe:${account}`,
      userId: user.id,
      postings: [
        { account: brokerAccount(ACCOUNT_KINDS.brokerBank, 'JPY'), amount: -yen },
        { account: customerCash(user.id, 'JPY'), amount: yen },
      ],
    }),
  );
  const session = await createSession(db, clock, { userId: user.id, userAgent: 'probe', deviceId: null });
  await db.insert(tradingSessionSettings).values({ sessionId: session.sessionId, skipFundPassword: true, updatedAt: now });
  return { userId: user.id, token: session.token, account };
}
