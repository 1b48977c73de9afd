// Trading benches, one run, numbers printed side by side:
//  (a) order placement over HTTP — POST /api/vue/trade/place with durable writes (position, order,
//      hold, idempotency key; every second order crosses the previous one, so half the orders fill
//      and post their ledger journals) — against a bare route registered on the SAME server.
//      Printed: req/s, p50/p99 and the ratio to bare; then p99 at half the measured placement rate.
//      Placements are measured after a warm-up and ANALYZE (BENCH_WARMUP_SECONDS, default 3): the
//      statistics a running database has (docs/trading.md §9 "Design decisions").
//      Goal: ≥ 50 % of the written-once ceiling below (measured in the same run) on PostgreSQL, p99
//      ≤ 10 ms at half that load.
//      Beside them, the durable floor: a route whose only work is the cheapest durable write,
//      one row group-committed per request, so the run also says how far this machine lets a
//      durable route go (the rest of the gap is the placement's own work); and the placement
//      route's checks alone (guards, form, plan, the customer's facts) answered without the write,
//      the ceiling of any write path on the server's one thread; and after the placements, the
//      checks followed by the order's final rows in one group-committed statement (no lock,
//      buying-power read or venue), the optimistic ceiling of writing each order once. After
//      them, the schema's write floor: a crossing order's final rows written 500 orders a
//      statement, database time per order (what a write-only batch would cost, docs/trading.md §9).
//      And the cost of the buying-power exclusions (credit's loan-proceeds read): rounds of the
//      placement reading them once per batch, once per customer, and not at all (medians).
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

const { DIST, need, fundedCustomer } = require('./support');
// The server's own Drizzle (the bench's SQL is built as the server builds its own), resolved once.
const { sql } = require(require.resolve('drizzle-orm', { paths: [path.join(DIST, '..')] }));
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
 * The placement with and without trading's buying-power exclusions (credit's loan-proceeds read),
 * side by side: read once per placement batch for all its customers (as it runs), read once per
 * customer (the exclusion's batch method hidden, as it ran before), and off. Rounds of the three,
 * the order rotating each round so none gains from the tables' growth or the machine's other
 * load; medians compared. The exclusions are put back as they were before anything else runs.
 */
async function buyingPowerExclusionCost(ctx, place) {
  const rounds = Number(process.env.BENCH_EXCLUSION_ROUNDS ?? 3);
  const exclusions = ctx.service.deps.extensions.buyingPowerExclusions;
  const names = exclusions.map((e) => e.name);
  const modes = {
    batched: { label: 'exclusions read once per batch', runs: [] },
    perCustomer: { label: 'exclusions read once per customer', runs: [] },
    off: { label: 'buying-power exclusions off', runs: [] },
  };
  const measure = async (mode, round) => {
    const saved = exclusions.splice(0, exclusions.length);
    if (mode === 'batched') exclusions.push(...saved);
    if (mode === 'perCustomer') exclusions.push(...saved.map((e) => ({ name: e.name, excludedMinor: e.excludedMinor })));
    try {
      modes[mode].runs.push(await measured(`trade/place, ${modes[mode].label} (round ${round})`, { url: ctx.base, requests: [place] }));
    } finally {
      exclusions.splice(0, exclusions.length, ...saved);
    }
  };
  const order = ['batched', 'perCustomer', 'off'];
  for (let round = 1; round <= rounds; round++) for (let i = 0; i < order.length; i++) await measure(order[(i + round - 1) % order.length], round);
  const median = (rs) => {
    const v = rs.map((r) => r.reqPerSec).sort((a, b) => a - b);
    return v[Math.floor(v.length / 2)];
  };
  const off = median(modes.off.runs);
  const costOf = (mode) => `${(((off - median(modes[mode].runs)) / off) * 100).toFixed(1)} % of placements/s`;
  return {
    results: Object.values(modes).flatMap((m) => m.runs),
    summary: {
      exclusions: names,
      rounds,
      reqPerSec: Object.fromEntries(Object.entries(modes).map(([k, m]) => [k, m.runs.map((r) => r.reqPerSec)])),
      p99ms: Object.fromEntries(Object.entries(modes).map(([k, m]) => [k, m.runs.map((r) => r.p99ms)])),
      medians: { batched: median(modes.batched.runs), perCustomer: median(modes.perCustomer.runs), off },
      costBatched: costOf('batched'),
      costPerCustomer: costOf('perCustomer'),
    },
  };
}

/**
 * `rate` requests a second, evenly spaced, for DURATION_S: an open loop (each request is sent
 * at its time whether or not the earlier ones were answered), its latency counted from the
 * time it was due, so a late send counts too. This is "half the load": autocannon's own rate
 * limit lets each connection send its quota for a second as fast as it can and then wait for
 * the next second, which is full load in bursts (docs/trading.md §9 "Design decisions"). The first
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
  const ids = ledgerIds(database.db);
  writtenOnceRoute(app, ids, database.db, () => service);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, database, clock, runtime, service, ids, dataDir, base: `http://127.0.0.1:${app.server.address().port}` };
}

/**
 * Jobs handed in while a batch is written go together in the next one (at most `inFlight`
 * batches written at a time), each answered after its batch's commit: the way the placement
 * writer writes. Returns the function that hands a job in.
 */
function groupCommitted(writeBatch, inFlight = 2) {
  let waiting = [];
  let writing = 0;
  const flush = () => {
    while (writing < inFlight && waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      writing += 1;
      writeBatch(batch.map((w) => w.job))
        .then(
          () => batch.forEach((w) => w.resolve()),
          (error) => batch.forEach((w) => w.reject(error)),
        )
        .finally(() => {
          writing -= 1;
          flush();
        });
    }
  };
  return (job) =>
    new Promise((resolve, reject) => {
      waiting.push({ job, resolve, reject });
      setImmediate(flush);
    });
}

/**
 * POST /bench/durable-floor: one row per request into a scratch table of the bench's throwaway
 * database, group-committed (groupCommitted) and answered after its commit.
 */
async function durableFloorRoute(app, db) {
  await db.execute('create table if not exists bench_floor_rows (id bigserial primary key, key text not null)');
  const write = groupCommitted((keys) => db.execute(sql`insert into bench_floor_rows (key) select unnest(${sql.param(keys)}::text[])`));
  app.post('/bench/durable-floor', async () => {
    await write(randomUUID());
    return { status: 1, msg: '', data: null };
  });
}

/**
 * trade/place's guards, rate limit, form and checks (checkPlacement: the plan, the fund-password
 * and margin-account facts) on a bench route; `then(customer, form)` runs after them.
 */
function afterPlacementChecks(app, url, serviceOf, then) {
  const { currentUser, forbidInstitution, requireNotRestricted, requireUser } = need('modules/identity/index.js');
  const { orderRateLimit } = need('modules/trading/routes/trade.js');
  const { checkPlacement } = need('modules/trading/orders/place.js');
  const { parseRouteForm } = need('http/parse-form.js');
  const { placeOrderFormSchema } = require(require.resolve('@kabuto/shared-sdk/schemas', { paths: [path.join(DIST, '..')] }));
  app.post(
    url,
    { preHandler: [requireUser, forbidInstitution, requireNotRestricted('trade')], config: { ...orderRateLimit, form: placeOrderFormSchema } },
    async (request) => {
      const me = currentUser(request);
      const form = parseRouteForm(request, placeOrderFormSchema);
      const checked = await checkPlacement(serviceOf().deps, { id: me.id, account: me.account, sessionId: me.sessionId }, form);
      if (!checked.plan) throw new Error('bench: a fresh key was answered as a replay');
      await then(me, form);
      return { status: 1, msg: '', data: null };
    },
  );
}

/**
 * POST /bench/place-checks: the placement route's checks, answered without the write. What the
 * route costs before its order is written, so the run says how much of the server's one thread
 * the write may take for a given share of bare (docs/trading.md §9 "The goal").
 */
function placementChecksRoute(app, serviceOf) {
  afterPlacementChecks(app, '/bench/place-checks', serviceOf, async () => undefined);
}

/**
 * POST /bench/place-written-once: the checks, then the order's final rows (finalRowsSql: what a
 * crossing order leaves once it is done) group-committed in one statement. No funds lock, no
 * buying-power read, no venue: the optimistic ceiling of a design that writes each order once
 * in its final state (docs/trading.md §9 "The goal"), on the same thread and database.
 */
function writtenOnceRoute(app, ids, db, serviceOf) {
  const write = groupCommitted((jobs) =>
    db.execute(
      finalRowsSql({ users: jobs.map((j) => j.userId), accounts: jobs.map((j) => ids.cashOf(j.userId)), keys: jobs.map((j) => j.key), clearing: ids.clearing }),
    ),
  );
  afterPlacementChecks(app, '/bench/place-written-once', serviceOf, (me, form) => write({ userId: me.id, key: form.idempotencyKey }));
}

/** A customer with cash, a session that skips the fund password, and (for the seller) a margin account. */
async function customer(ctx, account, yen, margin) {
  const { tradingMarginAccounts, tradingSessionSettings } = need('modules/trading/index.js');
  const db = ctx.database.db;
  const now = ctx.clock.now();
  const { userId, session } = await fundedCustomer(ctx, { account, yen, reference: `bench:${account}` });
  if (margin) await db.insert(tradingMarginAccounts).values({ userId, questionnaire: { bench: true }, agreedAt: now, enabledAt: now });
  await db.insert(tradingSessionSettings).values({ sessionId: session.sessionId, skipFundPassword: true, updatedAt: now });
  return { token: session.token, account };
}

/** The ledger accounts the final rows post to: each bench customer's yen cash and the venue's clearing account, read by load() once they exist. */
function ledgerIds(db) {
  const rowsOf = (r) => (Array.isArray(r) ? r : r.rows);
  const ids = {
    clearing: null,
    cash: new Map(),
    async load() {
      const [clearing] = rowsOf(await db.execute(`select id from ledger_accounts where kind = 'exchange_clearing' and currency = 'JPY' limit 1`));
      const rows = rowsOf(
        await db.execute(
          `select a.user_id as uid, a.id as account from ledger_accounts a join users u on u.id = a.user_id where u.account like '90111%' and a.kind = 'customer_cash' and a.currency = 'JPY' order by a.user_id`,
        ),
      );
      ids.clearing = clearing ? Number(clearing.id) : null;
      ids.cash = new Map(rows.map((r) => [Number(r.uid), Number(r.account)]));
      return ids;
    },
    cashOf(userId) {
      const account = ids.cash.get(userId);
      if (account === undefined) throw new Error(`bench: no cash account read for customer ${userId}`);
      return account;
    },
  };
  return ids;
}

/**
 * The rows a crossing order leaves once it is done, for each (user, cash account, key): its
 * position, order, idempotency key and fill, the trade's journal entry and two postings, the
 * balance cache, in their final state, in ONE statement, with the same tables, indexes,
 * foreign keys and triggers as the placement path.
 */
function finalRowsSql({ users, accounts, keys, clearing }) {
  return sql`
    with rows as materialized (
      select c.uid, c.account, c.key, nextval('trading_positions_id_seq')::int as pid, nextval('trading_orders_id_seq')::int as oid,
             nextval('ledger_journal_id_seq') as jid
      from unnest(${sql.param(users)}::int[], ${sql.param(accounts)}::int[], ${sql.param(keys)}::text[]) as c(uid, account, key)
    ),
    p as (insert into trading_positions (id, user_id, code, product, direction, order_type, limit_price, leverage_tenths, tab, status,
            ordered_quantity, open_quantity, open_value_tenths, opened_on, created_at, first_fill_at, updated_at)
          select pid, uid, ${CODE}, 'cash', 'long', 'limit', 10000, 10, 'competition', 'holding', 100, 100, 1000000, '2025-01-06', now(), now(), now() from rows),
    o as (insert into trading_orders (id, position_id, user_id, kind, code, side, order_type, price, quantity, filled_quantity, state,
            client_order_id, venue_order_id, trading_date, hold, hold_per_share_tenths, created_at, updated_at)
          select oid, pid, uid, 'open', ${CODE}, 'buy', 'limit', 10000, 100, 100, 'filled', 'k' || oid, 'floor-' || oid, '2025-01-06', 0, 10000, now(), now() from rows),
    k as (insert into funds_idempotency (user_id, key, action, request_hash, response, created_at)
          select uid, key, 'trade.place', md5(oid::text), jsonb_build_object('msg', 'orderPlaced', 'data', jsonb_build_object('positionId', pid)), now() from rows),
    f as (insert into trading_fills (order_id, position_id, user_id, trade_id, side, price, quantity, auction, at)
          select oid, pid, uid, 'floor-' || oid, 'buy', 10000, 100, false, now() from rows),
    j as (insert into ledger_journal (id, type, reference, user_id, memo, created_at)
          select jid, 'trade_buy', 'position:' || pid, uid, null, now() from rows),
    ps as (insert into ledger_postings (journal_id, account_id, currency, amount, user_id, created_at)
           select jid, account, 'JPY', -100000, uid, now() from rows
           union all select jid, ${clearing}::int, 'JPY', 100000, null, now() from rows)
    insert into ledger_balances (account_id, balance, updated_at)
    select account_id, sum(amount), now() from (
      select account as account_id, -100000::bigint as amount from rows union all select ${clearing}::int, 100000 from rows
    ) d group by account_id order by account_id
    on conflict (account_id) do update set balance = ledger_balances.balance + excluded.balance, updated_at = excluded.updated_at`;
}

/**
 * The schema's write floor: finalRowsSql for 500 orders per statement, one
 * transaction each, spread over the bench customers. Not the placement path: what a write-only
 * batch would cost the database per order, beside what the placement path costs it now
 * (docs/trading.md §9 "The goal").
 */
async function schemaWriteFloor(ctx, batches = 10, perBatch = 500) {
  const db = ctx.database.db;
  const { ids } = ctx;
  if (ids.cash.size === 0 || ids.clearing === null) return null;
  const customers = [...ids.cash.keys()];
  const started = process.hrtime.bigint();
  for (let b = 0; b < batches; b++) {
    const users = Array.from({ length: perBatch }, (_, i) => customers[i % customers.length]);
    const statement = finalRowsSql({ users, accounts: users.map(ids.cashOf), keys: users.map(() => `floor-${randomUUID()}`), clearing: ids.clearing });
    await db.transaction((tx) => tx.execute(statement));
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
    // (sequential scans: about two thirds of the placements/s of an analysed one). So orders are
    // placed for WARMUP_S first, then the tables are analysed as autovacuum would.
    await run({ url: ctx.base, requests: [place], duration: WARMUP_S });
    await ctx.database.db.execute('analyze');
    const full = await writerDuring(ctx, () => measured('trade/place (durable)', { url: ctx.base, requests: [place] }));
    const placed = full.result;
    const halfLoad = await writerDuring(ctx, () =>
      openLoop('trade/place at half rate (evenly spaced)', { url: ctx.base, rate: Math.max(1, Math.floor(placed.reqPerSec / 2)), request: place }),
    );
    const half = halfLoad.result;
    const exclusionCost = await buyingPowerExclusionCost(ctx, place);
    // After the placements: the venue's clearing account exists once a trade has posted to it.
    await ctx.ids.load();
    const once = await measured('written once: checks, then the final rows in one statement (no lock, read or venue)', {
      url: ctx.base,
      requests: [{ ...place, path: '/bench/place-written-once' }],
    });
    // A run that measured refusals or errors measured something else: no figures from it.
    for (const r of [bare, floor, checks, once, placed, half, ...exclusionCost.results])
      if (r.non2xx > 0 || r.errors > 0) throw new Error(`bench: ${r.name} answered ${r.non2xx} non-2xx and ${r.errors} errors`);
    const journals = await ctx.database.db.execute('select count(*)::int as n from ledger_journal');
    const fills = await ctx.database.db.execute('select count(*)::int as n from trading_fills');
    const writeFloor = await schemaWriteFloor(ctx);
    const rows = (r) => (Array.isArray(r) ? r : r.rows)[0].n;
    return {
      database: process.env.KABUTO_BENCH_POSTGRES_URL ? 'postgres' : 'pglite',
      results: [bare, floor, checks, once, placed, half],
      ratioToBare: `${((placed.reqPerSec / bare.reqPerSec) * 100).toFixed(1)} %`,
      floorRatioToBare: `${((floor.reqPerSec / bare.reqPerSec) * 100).toFixed(1)} %`,
      // The placement route without its write: the ceiling of any write path on the same thread.
      checksOnlyRatioToBare: `${((checks.reqPerSec / bare.reqPerSec) * 100).toFixed(1)} %`,
      // The per-customer read buying power makes for securities-backed loans (loan proceeds may not buy).
      buyingPowerExclusionCost: exclusionCost.summary,
      // The optimistic ceiling of writing each order once, in its final state, on this thread and database.
      writtenOnceRatioToBare: `${((once.reqPerSec / bare.reqPerSec) * 100).toFixed(1)} %`,
      // The placement goal, against that ceiling measured in the same run (docs/trading.md §9): the
      // durable placement (注文受付 before the venue) at half or more of what writing once allows.
      ratioToWrittenOnce: `${((placed.reqPerSec / once.reqPerSec) * 100).toFixed(1)} %`,
      halfLoadP99Ms: half.p99ms,
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
      // placement path's target, docs/trading.md §9 "The goal"); measured after the runs above.
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
  console.log(
    JSON.stringify(
      {
        bench: 'order placement over HTTP',
        ...http,
        goal: '>= 50 % of the written-once ceiling on PostgreSQL (ratioToWrittenOnce); p99 <= 10 ms at half load (halfLoadP99Ms)',
      },
      null,
      2,
    ),
  );
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
