// Fund-password burst bench: 50 orders placed at once by ONE customer (an order ticket sending
// a burst), over HTTP to the app on PGlite, in this process, with the fund password's real
// scrypt parameters (N = 2^15, 32 MiB).
//   (a) each order carries the fund password (one key derivation per order, the old path);
//   (b) the ticket asks user/fundPasswordGrant once and each order carries the grant.
// Printed per round: answered, p50/p99/max ms of the orders (from the burst's start), and
// GET /api/health's p99 sampled every 20 ms during the burst (does the server keep answering
// others?), with the machine's load. Goal: (b) p99 <= 1 s, every order answered.
// Needs `npx lerna run build --scope @kabuto/server` first (or BENCH_SERVER_DIST).
const os = require('os');
const { randomUUID } = require('crypto');

const { need, fundedCustomer } = require('./support');
const { buildInProcessApp, closeInProcessApp, runBench } = require('./lib/in-process-app');
const ORDERS = Number(process.env.BENCH_BURST_ORDERS ?? 50);
const FUND_PASSWORD = '246810';
const CODE = '8306';

async function startApp() {
  const { seedDatabase } = need('modules/common/seed.js');
  const { seedFundsConfig } = need('modules/funds/seed.js');
  const { app, database, clock, runtime, dataDir } = await buildInProcessApp({
    name: 'burst',
    prepare: async (database) => {
      await seedDatabase(database.db);
      await seedFundsConfig(database.db);
    },
    options: {
      sessionCacheMs: need('modules/identity/constants.js').SESSION_CACHE_MS,
      trading: { config: { sweepMs: 0 } },
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  await app.startup.whenReady();
  // Buys from just above the day's lower limit: on the tick grid (whole yen) and resting in the book.
  const lowest = Math.ceil(runtime.market.quote(CODE).lowerLimit / 10) + 10;
  return { app, database, clock, dataDir, lowest, base: `http://127.0.0.1:${app.server.address().port}` };
}

/** A customer with cash and a real fund-password hash; the session does not skip it. */
async function customer(ctx, account) {
  const { hashPassword } = need('modules/identity/passwords.js');
  const { session } = await fundedCustomer(ctx, {
    account,
    yen: 100_000_000_000n,
    reference: `burst:${account}`,
    user: { fundPasswordHash: await hashPassword(FUND_PASSWORD) },
  });
  return { token: session.token, account };
}

async function post(ctx, who, route, form, timeoutMs = 30_000) {
  const res = await fetch(`${ctx.base}/api/vue/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', token: who.token, account: who.account },
    body: new URLSearchParams(form).toString(),
    signal: AbortSignal.timeout(timeoutMs),
  });
  return res.json();
}

const at = (sorted, q) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);

/** ORDERS placements at once; the health route sampled meanwhile. */
async function burst(ctx, name, who, proof) {
  const healthMs = [];
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const t0 = performance.now();
      await fetch(`${ctx.base}/api/health`);
      healthMs.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const started = performance.now();
  const grantStarted = performance.now();
  const extra = await proof();
  const grantMs = Math.round(performance.now() - grantStarted);
  const latencies = [];
  let answered = 0;
  let unanswered = 0;
  const refusals = new Map();
  await Promise.all(
    Array.from({ length: ORDERS }, async (_, i) => {
      try {
        const r = await post(ctx, who, 'trade/place', {
          code: CODE,
          product: 'cash',
          side: 'buy',
          orderType: 'limit',
          price: String(ctx.lowest + i),
          lots: '1',
          idempotencyKey: randomUUID(),
          ...extra,
        });
        latencies.push(performance.now() - started);
        if (r.status === 1) answered += 1;
        else refusals.set(r.msg, (refusals.get(r.msg) ?? 0) + 1);
      } catch {
        unanswered += 1;
      }
    }),
  );
  sampling = false;
  await sampler;
  latencies.sort((a, b) => a - b);
  healthMs.sort((a, b) => a - b);
  return {
    name,
    orders: ORDERS,
    placed: answered,
    refused: Object.fromEntries(refusals),
    unansweredIn30s: unanswered,
    grantMs,
    p50ms: at(latencies, 0.5),
    p99ms: at(latencies, 0.99),
    maxMs: Math.round(latencies.at(-1) ?? 0),
    healthDuringBurst: { samples: healthMs.length, p99ms: at(healthMs, 0.99) },
  };
}

async function main() {
  const ctx = await startApp();
  try {
    const loadBefore = os.loadavg();
    const perOrder = await burst(ctx, '(a) fund password on every order', await customer(ctx, '9088000001'), async () => ({ fundPassword: FUND_PASSWORD }));
    const grantee = await customer(ctx, '9088000002');
    const granted = await burst(ctx, '(b) one grant for the ticket', grantee, async () => {
      const g = await post(ctx, grantee, 'user/fundPasswordGrant', { fundPassword: FUND_PASSWORD });
      if (g.status !== 1) throw new Error(`grant refused: ${g.msg}`);
      return { fundPasswordGrant: g.data.grant };
    });
    const met = granted.p99ms <= 1000 && granted.placed === ORDERS;
    console.log(
      JSON.stringify(
        {
          bench: `${ORDERS} parallel placements by one customer`,
          rounds: [perOrder, granted],
          cpus: os.cpus().length,
          loadavg1m: { before: loadBefore[0], after: os.loadavg()[0] },
          goal: '(b) p99 <= 1000 ms, every order answered',
          met,
        },
        null,
        2,
      ),
    );
    if (!met) process.exitCode = 1;
  } finally {
    await closeInProcessApp(ctx);
  }
}

runBench(main);
