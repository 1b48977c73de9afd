// Strategy mirroring bench (docs/strategies.md §5): one leader order filled at the venue and mirrored
// to N followers (BENCH_MIRROR_FOLLOWERS, default 10,000), each a 1-lot market buy placed through
// trading's normal placement (restrictions, buying power, hold, the placement writer's group
// commit) and filled at the venue against a resting sell order of a participant that is not a customer. Printed: the time from
// the leader's fill (told to fill listeners after its commit) to the last mirrored order entered
// into the venue (its entry and the fill it made at once committed: the follower's fill told), and
// to the last mirrored fill price written (the mirroring queue drained); the leader's order answer
// time; the placement writer's transactions and batch sizes during mirroring; every mirrored row
// checked (placed, order filled, fill price written); the machine's load (os.loadavg) and cores.
// Goal: ≤ 1 s to the last mirrored order entering the venue.
// Set-up is not measured: the N followers are written straight into the database in batches
// (users, their cash deposited through the ledger's postJournals, their followings), the
// leader's strategy row too (the opt-in rules are not what is measured).
// The app runs in this process on PGlite (in a folder), a test clock inside Monday's morning session, no
// simulated participants. Needs `npx lerna run build --scope @kabuto/shared-sdk --scope @kabuto/server`
// (or BENCH_SERVER_DIST). BENCH_MIRROR_CPU_PROFILE=<file.cpuprofile>: a CPU profile of the
// measured window only (from the leader's order to the queue drained), set-up left out.
const path = require('path');
const os = require('os');
const fs = require('fs');
const { randomUUID } = require('crypto');

const { DIST, need, fundedCustomer } = require('./support');
const { buildInProcessApp, closeInProcessApp, runBench } = require('./lib/in-process-app');
const { createScratchDatabase } = require('./lib/scratch-postgres');
const { postgresCpuMs } = require('./lib/process-cpu');
const { sql } = require(require.resolve('drizzle-orm', { paths: [path.join(DIST, '..')] }));

const N = Number(process.env.BENCH_MIRROR_FOLLOWERS ?? 10_000);
const CODE = '8306';
const LOT = 100;
/** Leader: ¥10,000,000 and a 10-lot buy; each follower follows with ¥1,000,000, so 1 lot each. */
const LEADER_YEN = 10_000_000n;
const LEADER_LOTS = 10;
const FOLLOW_YEN = 1_000_000n;
const FOLLOWER_CASH_YEN = 2_000_000n;
const SEED_BATCH = 1000;
const TIMEOUT_MS = Number(process.env.BENCH_MIRROR_TIMEOUT_MS ?? 600_000);

const PROFILE = process.env.BENCH_MIRROR_CPU_PROFILE;
const POSTGRES_URL = process.env.BENCH_MIRROR_POSTGRES_URL || null;

/** The inspector's CPU profiler over the measured window (BENCH_MIRROR_CPU_PROFILE); `stop` writes the profile. */
async function profiler() {
  if (!PROFILE) return { stop: async () => undefined };
  const inspector = require('inspector');
  const session = new inspector.Session();
  session.connect();
  const post = (method, params) => new Promise((resolve, reject) => session.post(method, params, (e, r) => (e ? reject(e) : resolve(r))));
  await post('Profiler.enable');
  await post('Profiler.start');
  return {
    stop: async () => {
      const { profile } = await post('Profiler.stop');
      fs.writeFileSync(PROFILE, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

const rowsOf = (r) => (Array.isArray(r) ? r : r.rows);
const ms = (x) => Number(x.toFixed(1));

async function startApp(postgresUrl) {
  let service = null;
  let strategies = null;
  const { app, database, clock, runtime, dataDir } = await buildInProcessApp({
    name: 'mirror',
    // PGlite in a folder, as the server keeps it (config/env.ts); BENCH_MIRROR_PGLITE=memory: in memory, as
    // the tests and trading.js run it (there, growing in-memory files costs the inserts more).
    // BENCH_MIRROR_POSTGRES_URL: a database made for the run on that PostgreSQL server instead.
    database: (dataDir) =>
      postgresUrl
        ? { kind: 'postgres', url: postgresUrl }
        : process.env.BENCH_MIRROR_PGLITE === 'memory'
          ? { kind: 'pglite' }
          : { kind: 'pglite', dir: path.join(dataDir, 'db') },
    options: {
      trading: { config: { sweepMs: 0 }, onService: (s) => (service = s) },
      strategies: { config: { sweepMs: 0 }, onStarted: (deps, mirror) => (strategies = { deps, mirror }) },
    },
  });
  await app.ready();
  if (!service || !strategies) throw new Error('trading or strategies did not start');
  return { app, database, clock, runtime, service, strategies, dataDir };
}

/** A customer with cash and a session that skips the fund password. */
async function customer(ctx, account, yen) {
  const { tradingSessionSettings } = need('modules/trading/index.js');
  const db = ctx.database.db;
  const now = ctx.clock.now();
  const made = await fundedCustomer(ctx, { account, yen, reference: `bench:${account}` });
  await db.insert(tradingSessionSettings).values({ sessionId: made.session.sessionId, skipFundPassword: true, updatedAt: now });
  return made;
}

async function place(ctx, who, form) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/vue/trade/place',
    payload: new URLSearchParams({ code: CODE, product: 'cash', side: 'buy', orderType: 'limit', lots: '1', idempotencyKey: randomUUID(), ...form }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', token: who.session.token, account: who.account },
  });
  const body = res.json();
  if (body.status !== 1) throw new Error(`order refused: ${body.msg} ${JSON.stringify(body.data)}`);
  return body;
}

/**
 * N followers of `strategyId`, in batches of SEED_BATCH: the users, one deposit journal each
 * through postJournals (one transaction per batch), and their followings.
 */
async function seedFollowers(ctx, strategyId) {
  const { users } = need('modules/identity/index.js');
  const { postJournals } = need('modules/funds/index.js');
  const { strategyFollowings } = need('modules/strategies/index.js');
  const { jstDate } = need('clock.js');
  const db = ctx.database.db;
  const now = ctx.clock.now();
  const ids = [];
  for (let from = 0; from < N; from += SEED_BATCH) {
    const count = Math.min(SEED_BATCH, N - from);
    const rows = Array.from({ length: count }, (_, i) => ({ account: String(9120000000 + from + i), passwordHash: 'x', createdAt: now }));
    const made = await db.insert(users).values(rows).returning({ id: users.id });
    const batch = made.map((u) => u.id);
    await db.transaction((tx) =>
      postJournals(
        tx,
        ctx.clock,
        batch.map((userId) => ({
          type: 'deposit',
          reference: `bench:follower:${userId}`,
          userId,
          postings: [
            { account: { kind: 'broker_bank', currency: 'JPY' }, amount: -FOLLOWER_CASH_YEN },
            { account: { kind: 'customer_cash', currency: 'JPY', userId }, amount: FOLLOWER_CASH_YEN },
          ],
        })),
      ),
    );
    await db.insert(strategyFollowings).values(
      batch.map((userId) => ({
        strategyId,
        userId,
        amount: FOLLOW_YEN,
        stopLossPercent: 40,
        status: 'inProgress',
        deadline: jstDate(2025, 3, 31, 15, 0),
        startedAt: now,
      })),
    );
    ids.push(...batch);
  }
  return ids;
}

async function main() {
  const loadBefore = os.loadavg();
  const scratch = POSTGRES_URL ? await createScratchDatabase(POSTGRES_URL, 'kabuto_mirror_bench') : null;
  const ctx = await startApp(scratch?.url);
  const { database, service, strategies } = ctx;
  const db = database.db;
  try {
    const setupStart = performance.now();
    // The street: a venue participant that is not one of the broker's customers (as most of a real
    // venue's counterparties are not; the venue reserves 'sim:' for its simulated participants)
    // makes the day's first trade, then rests enough lots for the leader and every follower.
    const leader = await customer(ctx, '9119000003', LEADER_YEN);
    const market = ctx.runtime.market;
    const price = market.quote(CODE).previousClose;
    const street = (side, lots, id) => {
      const r = market.submitOrder({ code: CODE, side, type: 'limit', price, quantity: lots * LOT, ownerId: 'mirror-bench-street', clientOrderId: id });
      if (r.status === 'rejected') throw new Error(`street order rejected: ${r.reason}`);
    };
    street('sell', 1, 'open-sell');
    street('buy', 1, 'open-buy');
    street('sell', N + LEADER_LOTS + 10, 'ask');
    const { strategies: strategiesTable, strategyMirroredOrders } = need('modules/strategies/index.js');
    const [strategy] = await db
      .insert(strategiesTable)
      .values({
        leaderId: leader.userId,
        name: 'Bench leader',
        description: 'Mirroring bench.',
        riskNotes: 'Simulated venue.',
        status: 'active',
        publishedAt: ctx.clock.now(),
      })
      .returning();
    const followers = new Set(await seedFollowers(ctx, strategy.id));
    const setupMs = performance.now() - setupStart;

    // Fill listeners are told after each fill's commit; this one, registered after mirroring's, times the fills.
    let leaderFillAt = null;
    let followerFills = 0;
    let firstFollowerFillAt = null;
    let lastFollowerFillAt = null;
    let allEntered = null;
    const entered = new Promise((resolve) => (allEntered = resolve));
    strategies.deps.trading.registerFillListener({
      name: 'strategy-mirror-bench',
      onFill(fill) {
        const at = performance.now();
        if (fill.userId === leader.userId && leaderFillAt === null) leaderFillAt = at;
        else if (followers.has(fill.userId)) {
          followerFills += fill.quantity / LOT;
          firstFollowerFillAt ??= at;
          lastFollowerFillAt = at;
          if (followerFills >= N) allEntered();
        }
      },
    });
    const stats = service.engine.writes.stats;
    const before = { ...stats, ...service.engine.writeStats };
    const loadAtStart = os.loadavg();
    const profile = await profiler();
    const cpu = process.cpuUsage();
    const databaseCpuBefore = POSTGRES_URL ? postgresCpuMs() : null;
    const orderStart = performance.now();
    await place(ctx, leader, { orderType: 'market', lots: String(LEADER_LOTS) });
    const answeredMs = performance.now() - orderStart;
    const timeout = setTimeout(() => allEntered(), TIMEOUT_MS);
    await entered;
    clearTimeout(timeout);
    // Every follower fill was queued to mirroring before this listener heard it: once the queue
    // drains, every fill price is written.
    await strategies.mirror.idle();
    const writtenAt = performance.now();
    const used = process.cpuUsage(cpu);
    const databaseCpuMs = databaseCpuBefore === null ? null : postgresCpuMs() - databaseCpuBefore;
    await profile.stop();
    const loadAfter = os.loadavg();
    const after = { ...stats, ...service.engine.writeStats };

    const [check] = rowsOf(
      await db.execute(sql`select count(*)::int as rows,
          count(*) filter (where m.outcome = 'placed')::int as placed,
          count(*) filter (where m.outcome <> 'placed')::int as other,
          count(*) filter (where o.state = 'filled')::int as filled,
          count(*) filter (where m.fill_price is not null)::int as priced,
          count(*) filter (where m.quantity = ${LOT})::int as one_lot
        from ${strategyMirroredOrders} m left join trading_orders o on o.id = m.order_id`),
    );
    const batches = after.batches - before.batches;
    const result = {
      followers: N,
      setupSeconds: ms(setupMs / 1000),
      leaderOrderAnsweredMs: ms(answeredMs),
      leaderFillToFirstMirroredEnteredMs: leaderFillAt === null || firstFollowerFillAt === null ? null : ms(firstFollowerFillAt - leaderFillAt),
      leaderFillToLastMirroredEnteredMs: leaderFillAt === null || lastFollowerFillAt === null ? null : ms(lastFollowerFillAt - leaderFillAt),
      leaderFillToLastFillPriceWrittenMs: leaderFillAt === null ? null : ms(writtenAt - leaderFillAt),
      followerLotsFilled: followerFills,
      mirroredRows: check,
      writer: {
        transactions: batches,
        jobs: after.jobs - before.jobs,
        placementJobs: after.placementJobs - before.placementJobs,
        streamJobs: after.streamJobs - before.streamJobs,
        meanBatch: batches ? ms((after.jobs - before.jobs) / batches) : 0,
        meanTransactionMs: batches ? ms((after.writingMs - before.writingMs) / batches) : 0,
      },
      storage: POSTGRES_URL ? 'PostgreSQL' : process.env.BENCH_MIRROR_PGLITE === 'memory' ? 'PGlite in memory' : 'PGlite in a folder',
      processCpuSeconds: ms((used.user + used.system) / 1e6),
      // PostgreSQL's own processes (PGlite runs inside this process, so there it is in processCpuSeconds).
      databaseCpuSeconds: databaseCpuMs === null ? null : ms(databaseCpuMs / 1000),
      machine: { cores: os.cpus().length, loadavgBefore: loadBefore.map(ms), loadavgAtLeaderOrder: loadAtStart.map(ms), loadavgAfter: loadAfter.map(ms) },
      goal: '≤ 1000 ms to the last mirrored order entering the venue',
    };
    console.log(JSON.stringify(result, null, 2));
    const complete = check.placed === N && check.filled === N && check.priced === N && followerFills === N;
    if (!complete) {
      console.error('strategy-mirror: not every mirrored order was placed, filled and priced');
      process.exitCode = 1;
    }
  } finally {
    await closeInProcessApp(ctx);
    await scratch?.drop();
  }
}

runBench(main);
