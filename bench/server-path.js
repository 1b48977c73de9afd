// The server's common request path, measured side by side in one run with autocannon:
//   bare    = a Fastify route answering {status:1} (the floor for this box),
//   health  = GET /api/health of the built server (server/dist/main.js, as `npm start` runs it),
//   info    = POST /api/vue/user/info with a logged-in session,
//   wallet  = POST /api/vue/funds/wallet with the same session.
// Printed: req/s, p50/p99 latency, req/s as a ratio to the bare route, and the server process's
// CPU µs per request (with the same ratio: it holds on a loaded, shared box), on PGlite and, when
// KABUTO_BENCH_POSTGRES_URL is set, on PostgreSQL (a throwaway database: the bench registers a user).
// Dashboard goals: health >= 50 % of bare; authenticated reads >= 25 % on PostgreSQL, p99 <= 50 ms.
// Needs `npx lerna run build --scope @kabuto/server` first. Loopback only; every run is bounded.
const path = require('path');
const os = require('os');
const fs = require('fs');
const { spawn } = require('child_process');
const autocannon = require('autocannon');
const { processCpuMs } = require('./lib/process-cpu');

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 6);
/** Rounds of (bare, route) pairs; each figure is the route's median pair by ratio (BENCH_ROUNDS). */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
// KABUTO_BENCH_SERVER_MAIN: another build of the server (e.g. a before/after comparison).
const SERVER_MAIN = process.env.KABUTO_BENCH_SERVER_MAIN ?? path.join(__dirname, '..', 'server', 'dist', 'main.js');
const BARE_SERVER = path.join(__dirname, 'server-path-bare.js');

function waitForPort(child, pattern) {
  return new Promise((resolve, reject) => {
    let seen = '';
    const onData = (chunk) => {
      seen += chunk.toString();
      const match = pattern.exec(seen);
      if (match) {
        child.stdout.off('data', onData);
        // Keep draining the child's output so a chatty logger never blocks it on a full pipe.
        child.stdout.resume();
        resolve(Number(match[1]));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => (seen += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${seen.slice(-2000)}`)));
    // Generous: on a loaded, shared box migrating and seeding a fresh database can take minutes.
    setTimeout(() => reject(new Error(`server did not listen within 300 s:\n${seen.slice(-2000)}`)), 300_000).unref();
  });
}

async function startKabuto(databaseUrl) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kabuto-bench-'));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    KABUTO_DATA_DIR: dataDir,
    KABUTO_RELEASES_DIR: path.join(dataDir, 'releases'),
    KABUTO_SHELL_DIR: path.join(dataDir, 'no-shell'),
    // The bench logs in and calls from loopback many times a second.
    KABUTO_RATE_LIMIT_ALLOW: '127.0.0.1',
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  // BENCH_NODE_ARGS: extra node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where a route's CPU goes.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, SERVER_MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  await waitForPort(child, /Server listening at http:\/\/127\.0\.0\.1:(\d+)/);
  return { child, base: `http://127.0.0.1:${port}`, dataDir };
}

async function startBare() {
  const child = spawn(process.execPath, [BARE_SERVER], { stdio: ['ignore', 'pipe', 'pipe'] });
  const port = await waitForPort(child, /bare listening (\d+)/);
  return { child, base: `http://127.0.0.1:${port}` };
}

async function post(base, route, form, headers = {}) {
  const response = await fetch(`${base}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form).toString(),
  });
  return response.json();
}

/** A fresh account (registered with the demo invitation code) and its session headers. */
async function logIn(base) {
  const account = `90${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const password = 'Bench2026pass';
  const registered = await post(base, '/api/vue/user/register', {
    account,
    password,
    confirmPassword: password,
    inviteCode: 'KABUTO2026',
    agreeCustomer: 'true',
  });
  if (registered.status !== 1) throw new Error(`register failed: ${JSON.stringify(registered)}`);
  const login = await post(base, '/api/vue/user/login', { account, password, agreePrivacy: 'true' });
  if (login.status !== 1 || !login.data?.token) throw new Error(`login failed: ${JSON.stringify(login)}`);
  return { token: login.data.token, account };
}

/**
 * Waits until the simulated market's board is warm. Filling it simulates the day so far for
 * every instrument (seconds of CPU in the server's event loop, market/board/market-board.ts);
 * measured during that, every route would be measured against the warm-up, not its own path.
 */
async function waitForMarketBoard(base) {
  const started = performance.now();
  for (;;) {
    const page = await post(base, '/api/vue/market/stocks', { limit: '1' });
    const { ready, total } = page.data ?? {};
    if (page.status === 1 && ready >= total) return { seconds: (performance.now() - started) / 1000, total };
    if (performance.now() - started > 300_000) throw new Error(`market board not warm after 300 s (${ready}/${total})`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** autocannon's result plus the server's CPU µs per answered request. */
async function runMeasured(pid, url, opts = {}) {
  const before = processCpuMs(pid);
  const result = await run(url, opts);
  const after = processCpuMs(pid);
  const answered = result.requests.total;
  result.cpuUsPerRequest = before === null || after === null || answered === 0 ? null : ((after - before) * 1000) / answered;
  return result;
}

function run(url, opts = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, ...opts }, (error, result) => {
      if (error) reject(error);
      else resolve(result);
    });
  });
}

function row(name, result, bare, bareCpu) {
  const rps = result.requests.average;
  const bad = result.non2xx + result.errors + result.timeouts;
  return {
    route: name,
    'req/s': Math.round(rps),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'vs bare': bare ? `${((rps / bare) * 100).toFixed(1)} %` : '100 %',
    'server CPU µs/req': result.cpuUsPerRequest === null ? 'n/a' : Math.round(result.cpuUsPerRequest),
    // The bare route's CPU per request over this route's: the ratio on an unloaded box if the server process were the bottleneck.
    'CPU vs bare': bareCpu && result.cpuUsPerRequest ? `${((bareCpu / result.cpuUsPerRequest) * 100).toFixed(1)} %` : bare ? 'n/a' : '100 %',
    'non-2xx/errors': bad,
  };
}

async function measure(label, databaseUrl) {
  const bare = await startBare();
  const kabuto = await startKabuto(databaseUrl);
  try {
    const session = await logIn(kabuto.base);
    const headers = { token: session.token, account: session.account, 'content-type': 'application/x-www-form-urlencoded' };
    // Check the authenticated calls really succeed before measuring them.
    for (const route of ['/api/vue/user/info', '/api/vue/funds/wallet']) {
      const answer = await post(kabuto.base, route, {}, headers);
      if (answer.status !== 1) throw new Error(`${route} answered ${JSON.stringify(answer)}`);
    }
    const warm = await waitForMarketBoard(kabuto.base);
    // Warm-up, then one after another so they never compete for the two cores.
    await run(`${kabuto.base}/api/health`, { duration: 2 });
    // ROUNDS rounds; in each, every route runs right after its own bare run, and its ratio is
    // taken against that run. The box's speed drifts by half between minutes (a bare route
    // measured 20k and 39k req/s in one hour): a ratio is only fair between two runs seconds
    // apart. Each figure is the route's median round by that ratio.
    const routes = [
      ['GET /api/health', `${kabuto.base}/api/health`, {}],
      ['POST user/info', `${kabuto.base}/api/vue/user/info`, { method: 'POST', headers, body: '' }],
      ['POST funds/wallet', `${kabuto.base}/api/vue/funds/wallet`, { method: 'POST', headers, body: '' }],
    ];
    const pairs = routes.map(() => []);
    for (let i = 0; i < ROUNDS; i++) {
      for (const [index, [, url, opts]] of routes.entries()) {
        const floor = await runMeasured(bare.child.pid, `${bare.base}/bare`);
        const result = await runMeasured(kabuto.child.pid, url, opts);
        pairs[index].push({ floor, result, ratio: result.requests.average / floor.requests.average });
      }
    }
    // The box may be shared: the load average says how much the figures can be trusted.
    const load = os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
    console.log(
      `\n${label}: ${CONNECTIONS} connections, ${DURATION_S} s each, ${ROUNDS} rounds of (bare, route) pairs, median pair by ratio; node ${process.version}, ${os.cpus().length} cores, load ${load}; market board warm (${warm.total} instruments) after ${warm.seconds.toFixed(1)} s`,
    );
    const table = [];
    for (const [index, [name]] of routes.entries()) {
      const sorted = [...pairs[index]].sort((a, b) => a.ratio - b.ratio);
      const median = sorted[Math.floor((sorted.length - 1) / 2)];
      table.push(row(`bare (paired with ${name.split(' ').pop()})`, median.floor));
      table.push(row(name, median.result, median.floor.requests.average, median.floor.cpuUsPerRequest));
    }
    console.table(table);
    console.log(
      `per-round ratios: ${routes.map(([name], index) => `${name} ${pairs[index].map((pair) => `${(pair.ratio * 100).toFixed(1)} %`).join(', ')}`).join('; ')}`,
    );
  } finally {
    bare.child.kill('SIGTERM');
    kabuto.child.kill('SIGTERM');
    await new Promise((resolve) => kabuto.child.once('exit', resolve));
    fs.rmSync(kabuto.dataDir, { recursive: true, force: true });
  }
}

async function main() {
  if (!fs.existsSync(SERVER_MAIN)) throw new Error(`${SERVER_MAIN} is missing: run npx lerna run build --scope @kabuto/server`);
  // BENCH_ONLY=pglite or postgres runs one of the two.
  const only = process.env.BENCH_ONLY;
  if (only !== 'postgres') await measure('PGlite');
  const postgres = process.env.KABUTO_BENCH_POSTGRES_URL;
  if (only === 'pglite') return;
  if (postgres) await measure('PostgreSQL', postgres);
  else console.log('\nPostgreSQL: skipped (set KABUTO_BENCH_POSTGRES_URL to a throwaway database)');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
