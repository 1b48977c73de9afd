// What several benchmarks share: a seeded random source (every run sees the same flow) and a
// customer written straight into the database with cash posted through the ledger.
const path = require('path');

const DIST = process.env.BENCH_SERVER_DIST ?? path.join(__dirname, '..', 'server', 'dist');
/** A module of the built server (server/dist, or BENCH_SERVER_DIST). */
const need = (p) => require(path.join(DIST, p));

/** mulberry32: a small seeded PRNG, so every run draws the same numbers. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A customer with `yen` (bigint) deposited through the ledger and a session; `user` adds
 * columns (e.g. a fundPasswordHash). Returns the database row's id, the session and account.
 */
async function fundedCustomer(ctx, { account, yen, reference, user = {} }) {
  const { users, createSession } = need('modules/identity/index.js');
  const { postJournal } = need('modules/funds/index.js');
  const db = ctx.database.db;
  const now = ctx.clock.now();
  const [row] = await db
    .insert(users)
    .values({ account, passwordHash: 'x', createdAt: now, ...user })
    .returning();
  await db.transaction((tx) =>
    postJournal(tx, ctx.clock, {
      type: 'deposit',
      reference,
      userId: row.id,
      postings: [
        { account: { kind: 'broker_bank', currency: 'JPY' }, amount: -yen },
        { account: { kind: 'customer_cash', currency: 'JPY', userId: row.id }, amount: yen },
      ],
    }),
  );
  const session = await createSession(db, ctx.clock, { userId: row.id, userAgent: 'bench', deviceId: null });
  return { userId: row.id, session, account };
}

module.exports = { DIST, need, prng, fundedCustomer };
