// Trading benches (issue 11), one run, numbers printed side by side:
//  (a) order placement over HTTP — POST /api/vue/trade/place with durable writes (position, order,
//      hold, idempotency key; every second order crosses the previous one, so half the orders fill
//      and post their ledger journals) — against a bare route registered on the SAME server.
//      Printed: req/s, p50/p99 and the ratio to bare; then p99 at half the measured placement rate.
//      Placements are measured after a warm-up and ANALYZE (BENCH_WARMUP_SECONDS, default 3): the
//      statistics a running database has (docs/trading.md §9, session 17).
//      Dashboard goal: ≥ 30 % of bare on PostgreSQL, p99 ≤ 10 ms at half that load.
//      Beside them, the durable floor: a route whose only work is the cheapest durable write,
//      one row group-committed per request, so the run also says how far this machine lets a
//      durable route go (the rest of the gap is the placement's own work); and the placement
//      route's checks alone (guards, form, plan, the customer's facts) answered without the write,
//      the ceiling of any write path on the server's one thread. After them, the
//      schema's write floor: a crossing order's final rows written 500 orders a statement,
//      database time per order (what a write-only batch would cost, docs/trading.md §9).
//  (b) in-process venue matching throughput (orders/s), see venue-matching.js: a seeded mix of
//      resting and marketable limit orders, market orders and cancels through the customer entry
//      path of one instrument book, median of several rounds. Goal ≥ 500k/s.
// The app runs in this process on PGlite (or PostgreSQL when KABUTO_BENCH_POSTGRES_URL is set: a
// throwaway database, migrated here), with a test clock inside Monday's morning session and no
// simulated participants in the benched code, so the two bench customers trade with each other.
// Needs `npx lerna run build --scope @kabuto/server` first (or BENCH_SERVER_DIST, as venue-matching.js).
// Loopback only; every run is bounded.
const http = require('http');
const path = require('path');
const os = require('os');
const fs = require('fs');
const { randomUUID } = require('crypto');
const { monitorEventLoopDelay } = require('perf_hooks');
const autocannon = require('autocannon');
const { matchingBench } = require('./venue-matching');

const DIST = process.env.BENCH_SERVER_DIST ?? path.join(__dirname, '..', 'server', 'dist');
const need = (p) => require(path.join(DIST, p));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? CONNECTIONS);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const WARMUP_S = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const SETTLE_S = 1;
const CODE = '8306';

function run(opts) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

function summary(name, r, cpu) {
  const out = { name, reqPerSec: Math.round(r.requests.average), p50ms: r.latency.p50, p99ms: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
  // This process's CPU per answered request (the server and autocannon share it; PostgreSQL's is not in it).
  if (cpu) out.processCpuMsPerRequest = Number(((cpu.user + cpu.system) / 1000 / Math.max(1, r.requests.total)).toFixed(2));
  return out;
}

async function measured(name, opts) {
  const before = process.cpuUsage();
  const r = await run(opts);
  return summary(name, r, process.cpuUsage(before));
}

/**
 * `rate` requests a second, evenly spaced, for DURATION_S: an open loop (each request is sent
 * at its time whether or not the earlier ones were answered), its latency counted from the
 * time it was due, so a late send counts too. This is "half the load": autocannon's own rate
 * limit lets each connection send its quota for a second as fast as it can and then wait for
 * the next second, which is full load in bursts (session 18, docs/trading.md §9). The first
 * SETTLE_S are sent but not counted: the run before it leaves work behind (its orders' venue
 * events), and the steady state is what is measured.
 */
async function openLoop(name, { url, rate, request }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies = [];
  let non2xx = 0;
  let errors = 0;
  const send = (due) =>
    new Promise((resolve) => {
      const { method, path: at, headers = {}, body } = request.setupRequest ? request.setupRequest({ method: request.method, path: request.path }) : request;
      const req = http.request(`${url}${at}`, { method, agent, headers: body ? { ...headers, 'content-length': Buffer.byteLength(body) } : headers }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode < 200 || res.statusCode >= 300) non2xx += 1;
          if (due >= counted) latencies.push(performance.now() - due);
          resolve();
        });
      });
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end(body);
    });
  const start = performance.now();
  const counted = start + SETTLE_S * 1000;
  const total = Math.round(rate * (SETTLE_S + DURATION_S));
  let cpu = null;
  const inFlight = [];
  let sent = 0;
  await new Promise((resolve) => {
    const tick = () => {
      const now = performance.now();
      if (cpu === null && now >= counted) cpu = process.cpuUsage();
      while (sent < total && start + (sent * 1000) / rate <= now) inFlight.push(send(start + (sent++ * 1000) / rate));
      if (sent < total) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  await Promise.all(inFlight);
  const used = process.cpuUsage(cpu ?? undefined);
  const seconds = (performance.now() - counted) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return summary(
    name,
    { requests: { average: latencies.length / seconds, total: latencies.length }, latency: { p50: at(0.5), p99: at(0.99) }, non2xx, errors },
    used,
  );
}

async function startApp() {
  const { buildApp } = need('app.js');
  const { fixedClock, jstDate, realBusinessClock } = need('clock.js');
  const { openMigratedDatabase } = need('db/client.js');
  const { createMarketRuntime } = need('modules/market/runtime.js');
  const start = jstDate(2025, 1, 6, 10, 0);
  const clock = fixedClock(start);
  const url = process.env.KABUTO_BENCH_POSTGRES_URL;
  const database = await openMigratedDatabase(url ? { kind: 'postgres', url } : { kind: 'pglite' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kabuto-trading-bench-'));
  const runtime = createMarketRuntime({ clock, seed: 'trading-bench', eventRate: 1e-9 });
  // As `npm start` runs it (main.ts): checked sessions are remembered briefly.
  const { SESSION_CACHE_MS } = need('modules/identity/constants.js');
  let service = null;
  const app = await buildApp({
    db: database,
    clock,
    businessClock: realBusinessClock(clock),
    dataDir,
    releasesDir: path.join(dataDir, 'releases'),
    shellDir: path.join(dataDir, 'no-shell'),
    secret: 'trading-bench-secret-long-enough',
    market: runtime,
    rateLimitAllowList: ['127.0.0.1'],
    sessionCacheMs: SESSION_CACHE_MS,
    // BENCH_WRITERS: the engine's write transactions in flight (default: the engine's own).
    trading: { config: { sweepMs: 0 }, onService: (s) => (service = s), ...(process.env.BENCH_WRITERS ? { writers: Number(process.env.BENCH_WRITERS) } : {}) },
  });
  app.post('/bench/bare', async () => ({ status: 1, msg: '', data: null }));
  await durableFloorRoute(app, database.db);
  // The trading service exists once the app is listening (its plugin loads then).
  placementChecksRoute(app, () => service);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, database, clock, runtime, service, dataDir, base: `http://127.0.0.1:${app.server.address().port}` };
}

/**
 * POST /bench/durable-floor: one row per request into a scratch table of the bench's throwaway
 * database, written the way the placement writer writes (requests that arrive while a batch is
 * written go together in the next one, two batches in flight) and answered after its commit.
 */
async function durableFloorRoute(app, db) {
  const { sql } = require(require.resolve('drizzle-orm', { paths: [path.join(DIST, '..')] }));
  await db.execute('create table if not exists bench_floor_rows (id bigserial primary key, key text not null)');
  let waiting = [];
  let writing = 0;
  const flush = () => {
    while (writing < 2 && waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      writing += 1;
      db.execute(sql`insert into bench_floor_rows (key) select unnest(${sql.param(batch.map((job) => job.key))}::text[])`)
        .then(
          () => batch.forEach((job) => job.resolve()),
          (error) => batch.forEach((job) => job.reject(error)),
        )
        .finally(() => {
          writing -= 1;
          flush();
        });
    }
  };
  app.post('/bench/durable-floor', async () => {
    await new Promise((resolve, reject) => {
      waiting.push({ key: randomUUID(), resolve, reject });
      setImmediate(flush);
    });
    return { status: 1, msg: '', data: null };
  });
}

/**
 * POST /bench/place-checks: trade/place's guards, rate limit, form and checks (checkPlacement:
 * the plan, the fund-password and margin-account facts), answered without the write. What the
 * route costs before its order is written, so the run says how much of the server's one thread
 * the write may take for a given share of bare (docs/trading.md §9, session 19).
 */
function placementChecksRoute(app, serviceOf) {
  const { currentUser, forbidInstitution, requireNotRestricted, requireUser } = need('modules/identity/index.js');
  const { orderRateLimit } = need('modules/trading/routes/trade.js');
  const { checkPlacement } = need('modules/trading/orders/place.js');
  const { parseRouteForm } = need('http/parse-form.js');
  const { placeOrderFormSchema } = require(require.resolve('@kabuto/shared-sdk/schemas', { paths: [path.join(DIST, '..')] }));
  app.post(
    '/bench/place-checks',
    { preHandler: [requireUser, forbidInstitution, requireNotRestricted('trade')], config: { ...orderRateLimit, form: placeOrderFormSchema } },
    async (request) => {
      const me = currentUser(request);
      const checked = await checkPlacement(
        serviceOf().deps,
        { id: me.id, account: me.account, sessionId: me.sessionId },
        parseRouteForm(request, placeOrderFormSchema),
      );
      if (!checked.plan) throw new Error('bench: a fresh key was answered as a replay');
      return { status: 1, msg: '', data: null };
    },
  );
}

/** A customer with cash, a session that skips the fund password, and (for the seller) a margin account. */
async function customer(ctx, account, yen, margin) {
  const { users } = need('modules/identity/index.js');
  const { createSession } = need('modules/identity/index.js');
  const { postJournal } = need('modules/funds/index.js');
  const { tradingMarginAccounts, tradingSessionSettings } = need('modules/trading/index.js');
  const db = ctx.database.db;
  const now = ctx.clock.now();
  const [user] = await db.insert(users).values({ account, passwordHash: 'x', createdAt: now }).returning();
  await db.transaction((tx) =>
    postJournal(tx, ctx.clock, {
      type: 'deposit',
      reference: `bench:${account}`,
      userId: user.id,
      postings: [
        { account: { kind: 'broker_bank', currency: 'JPY' }, amount: -yen },
        { account: { kind: 'customer_cash', currency: 'JPY', userId: user.id }, amount: yen },
      ],
    }),
  );
  if (margin) await db.insert(tradingMarginAccounts).values({ userId: user.id, questionnaire: { bench: true }, agreedAt: now, enabledAt: now });
  const session = await createSession(db, ctx.clock, { userId: user.id, userAgent: 'bench', deviceId: null });
  await db.insert(tradingSessionSettings).values({ sessionId: session.sessionId, skipFundPassword: true, updatedAt: now });
  return { token: session.token, account };
}

/**
 * The schema's write floor (session 16): the rows a crossing order leaves once it is done (its
 * position, order, idempotency key and fill, the trade's journal entry and two postings, the
 * balance cache) written in their final state, 500 orders per statement, one transaction each,
 * with the bench customers' ids and the same tables, indexes, foreign keys and triggers. Not
 * the placement path: what a write-only batch would cost the database per order, beside what
 * the placement path costs it now (docs/trading.md §9, session 16).
 */
async function schemaWriteFloor(ctx, batches = 10, perBatch = 500) {
  const { sql } = require(require.resolve('drizzle-orm', { paths: [path.join(DIST, '..')] }));
  const db = ctx.database.db;
  const rowsOf = (r) => (Array.isArray(r) ? r : r.rows);
  const cash = rowsOf(
    await db.execute(
      `select a.user_id as uid, a.id as account from ledger_accounts a join users u on u.id = a.user_id where u.account like '90111%' and a.kind = 'customer_cash' and a.currency = 'JPY' order by a.user_id`,
    ),
  );
  const [clearing] = rowsOf(await db.execute(`select id from ledger_accounts where kind = 'exchange_clearing' and currency = 'JPY' limit 1`));
  if (cash.length === 0 || !clearing) return null;
  const users = cash.map((r) => Number(r.uid));
  const accounts = cash.map((r) => Number(r.account));
  const started = process.hrtime.bigint();
  for (let b = 0; b < batches; b++) {
    await db.transaction((tx) =>
      tx.execute(sql`
        with rows as materialized (
          select g, c.uid, c.account, nextval('trading_positions_id_seq')::int as pid, nextval('trading_orders_id_seq')::int as oid,
                 nextval('ledger_journal_id_seq') as jid
          from generate_series(1, ${perBatch}::int) g
          join unnest(${sql.param(users)}::int[], ${sql.param(accounts)}::int[]) with ordinality as c(uid, account, n) on c.n = 1 + g % ${users.length}::int
        ),
        p as (insert into trading_positions (id, user_id, code, product, direction, order_type, limit_price, leverage_tenths, tab, status,
                ordered_quantity, open_quantity, open_value_tenths, opened_on, created_at, first_fill_at, updated_at)
              select pid, uid, ${CODE}, 'cash', 'long', 'limit', 10000, 10, 'competition', 'holding', 100, 100, 1000000, '2025-01-06', now(), now(), now() from rows),
        o as (insert into trading_orders (id, position_id, user_id, kind, code, side, order_type, price, quantity, filled_quantity, state,
                client_order_id, venue_order_id, trading_date, hold, hold_per_share_tenths, created_at, updated_at)
              select oid, pid, uid, 'open', ${CODE}, 'buy', 'limit', 10000, 100, 100, 'filled', 'k' || oid, 'floor-' || oid, '2025-01-06', 0, 10000, now(), now() from rows),
        k as (insert into funds_idempotency (user_id, key, action, request_hash, response, created_at)
              select uid, 'floor-' || oid, 'trade.place', md5(oid::text), jsonb_build_object('msg', 'orderPlaced', 'data', jsonb_build_object('positionId', pid)), now() from rows),
        f as (insert into trading_fills (order_id, position_id, user_id, trade_id, side, price, quantity, auction, at)
              select oid, pid, uid, 'floor-' || oid, 'buy', 10000, 100, false, now() from rows),
        j as (insert into ledger_journal (id, type, reference, user_id, memo, created_at)
              select jid, 'trade_buy', 'position:' || pid, uid, null, now() from rows),
        ps as (insert into ledger_postings (journal_id, account_id, currency, amount, user_id, created_at)
               select jid, account, 'JPY', -100000, uid, now() from rows
               union all select jid, ${Number(clearing.id)}::int, 'JPY', 100000, null, now() from rows)
        insert into ledger_balances (account_id, balance, updated_at)
        select account_id, sum(amount), now() from (
          select account as account_id, -100000::bigint as amount from rows union all select ${Number(clearing.id)}::int, 100000 * ${perBatch}::bigint
        ) d group by account_id order by account_id
        on conflict (account_id) do update set balance = ledger_balances.balance + excluded.balance, updated_at = excluded.updated_at`),
    );
  }
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const orders = batches * perBatch;
  return { orders, perStatement: perBatch, msPerOrder: Number((ms / orders).toFixed(3)), ordersPerSecondOneConnection: Math.round((orders / ms) * 1000) };
}

function groupCommitStats(ctx) {
  const engine = ctx.service?.engine;
  if (!engine?.writes) return null;
  const s = engine.writes.stats;
  // One writer for placements, fills and acceptances (docs/trading.md "Write path"): its
  // transactions, and the jobs of each kind in them.
  return {
    transactions: s.batches,
    jobs: s.jobs,
    meanJobsPerTransaction: s.batches ? Number((s.jobs / s.batches).toFixed(2)) : 0,
    ...(engine.writeStats ?? {}),
    retriedAlone: s.retriedAlone,
  };
}

/**
 * What the writer did during `work` alone: transactions, jobs per transaction, and how long a
 * transaction took from its start to its commit; and how late the server's event loop ran
 * meanwhile (every round trip of a transaction is answered only when the loop comes round to
 * it). A placement waits for about one transaction in flight and then its own.
 */
async function writerDuring(ctx, work) {
  const s = ctx.service.engine.writes.stats;
  const before = { ...s };
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const result = await work();
  delay.disable();
  const batches = s.batches - before.batches;
  return {
    result,
    writer: {
      transactions: batches,
      meanJobsPerTransaction: batches ? Number(((s.jobs - before.jobs) / batches).toFixed(2)) : 0,
      meanTransactionMs: batches ? Number(((s.writingMs - before.writingMs) / batches).toFixed(2)) : 0,
      eventLoopDelayMs: { mean: Number((delay.mean / 1e6).toFixed(2)), p99: Number((delay.percentile(99) / 1e6).toFixed(2)) },
    },
  };
}

async function httpBench() {
  const ctx = await startApp();
  try {
    const q = ctx.runtime.market.quote(CODE);
    const price = String((Math.round((q.last ?? q.previousClose) / 5) * 5) / 10 - 5);
    // Half the customers buy in cash, half sell short on margin, so every second order crosses
    // the previous one. BENCH_CUSTOMERS (default: one per connection, as many customers each
    // with one phone; 2 = the two-customer worst case, every order queued behind its
    // customer's previous one).
    const pairs = Math.max(1, Math.floor(CUSTOMERS / 2));
    const buyers = [];
    const sellers = [];
    for (let i = 0; i < pairs; i++) {
      buyers.push(await customer(ctx, `90111${String(2 * i + 1).padStart(5, '0')}`, 100_000_000_000n, false));
      sellers.push(await customer(ctx, `90111${String(2 * i + 2).padStart(5, '0')}`, 100_000_000_000n, true));
    }
    let n = 0;
    const place = {
      method: 'POST',
      path: '/api/vue/trade/place',
      setupRequest: (req) => {
        n += 1;
        const buying = n % 2 === 0;
        const who = (buying ? buyers : sellers)[Math.floor(n / 2) % pairs];
        const form = {
          code: CODE,
          product: buying ? 'cash' : 'margin',
          side: buying ? 'buy' : 'sell',
          orderType: 'limit',
          price,
          lots: '1',
          leverage: '1',
          idempotencyKey: randomUUID(),
        };
        return {
          ...req,
          headers: { 'content-type': 'application/x-www-form-urlencoded', token: who.token, account: who.account },
          body: new URLSearchParams(form).toString(),
        };
      },
    };
    const bare = await measured('bare (same server)', { url: ctx.base, requests: [{ method: 'POST', path: '/bench/bare' }] });
    const floor = await measured('durable floor (one row, group commit)', { url: ctx.base, requests: [{ method: 'POST', path: '/bench/durable-floor' }] });
    const checks = await measured('trade/place checks only, no write (same guards, form and checks)', {
      url: ctx.base,
      requests: [{ ...place, path: '/bench/place-checks' }],
    });
    // Steady state: a running database's tables have statistics (autovacuum's autoanalyze, every
    // minute by default). The bench's tables grow from empty to ~10k rows in seconds, before
    // autoanalyze looks, and every named statement would keep the plan it got on empty tables
    // (sequential scans; session 17 measured 928 against 1,394 placements/s). So orders are
    // placed for WARMUP_S first, then the tables are analysed as autovacuum would.
    await run({ url: ctx.base, requests: [place], duration: WARMUP_S });
    await ctx.database.db.execute('analyze');
    const full = await writerDuring(ctx, () => measured('trade/place (durable)', { url: ctx.base, requests: [place] }));
    const placed = full.result;
    const halfLoad = await writerDuring(ctx, () =>
      openLoop('trade/place at half rate (evenly spaced)', { url: ctx.base, rate: Math.max(1, Math.floor(placed.reqPerSec / 2)), request: place }),
    );
    const half = halfLoad.result;
    // A run that measured refusals or errors measured something else: no figures from it.
    for (const r of [bare, floor, checks, placed, half])
      if (r.non2xx > 0 || r.errors > 0) throw new Error(`bench: ${r.name} answered ${r.non2xx} non-2xx and ${r.errors} errors`);
    const journals = await ctx.database.db.execute('select count(*)::int as n from ledger_journal');
    const fills = await ctx.database.db.execute('select count(*)::int as n from trading_fills');
    const writeFloor = await schemaWriteFloor(ctx);
    const rows = (r) => (Array.isArray(r) ? r : r.rows)[0].n;
    return {
      database: process.env.KABUTO_BENCH_POSTGRES_URL ? 'postgres' : 'pglite',
      results: [bare, floor, checks, placed, half],
      ratioToBare: `${((placed.reqPerSec / bare.reqPerSec) * 100).toFixed(1)} %`,
      floorRatioToBare: `${((floor.reqPerSec / bare.reqPerSec) * 100).toFixed(1)} %`,
      // The placement route without its write: the ceiling of any write path on the same thread.
      checksOnlyRatioToBare: `${((checks.reqPerSec / bare.reqPerSec) * 100).toFixed(1)} %`,
      connections: CONNECTIONS,
      customers: pairs * 2,
      ordersPlaced: n,
      warmUp: `${WARMUP_S} s of placements, then ANALYZE (the statistics a running database has)`,
      fills: rows(fills),
      ledgerJournals: rows(journals),
      // Group commit (docs/trading.md "Write path"): transactions written and orders or customer
      // event jobs in them.
      groupCommit: groupCommitStats(ctx),
      // The writer during each placement run on its own.
      writerAtFullLoad: full.writer,
      writerAtHalfLoad: halfLoad.writer,
      // What a crossing order's final rows cost the database written 500 orders a statement (the
      // placement path's target, docs/trading.md §9 session 16); measured after the runs above.
      schemaWriteFloor: writeFloor,
      machine: { cpus: os.cpus().length, loadAverage: os.loadavg().map((l) => Number(l.toFixed(2))) },
    };
  } finally {
    await ctx.app.close();
    await ctx.database.close();
    fs.rmSync(ctx.dataDir, { recursive: true, force: true });
  }
}

(async () => {
  // BENCH_PARTS=http runs (a) alone (profiling, before/after comparisons of the write path).
  if (process.env.BENCH_PARTS !== 'http') {
    const matching = matchingBench();
    console.log(JSON.stringify({ bench: 'venue matching (in process, one book, customer entry path)', ...matching, goal: '>= 500000 orders/s' }, null, 2));
  }
  const http = await httpBench();
  console.log(JSON.stringify({ bench: 'order placement over HTTP', ...http, goal: '>= 30 % of bare on PostgreSQL; p99 <= 10 ms at half load' }, null, 2));
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
