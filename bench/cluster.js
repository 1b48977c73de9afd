// The cluster bench (docs/operations.md "Cluster", "Figures"), one run, printed as JSON:
//  (1) placements/s through HAProxy with 1, 2 and 3 API servers in front of one venue leader (no
//      standby), each as a ratio to the 1-API figure, with p50/p99. A closed loop (autocannon) of
//      BENCH_CLUSTER_CONNECTIONS connections; BENCH_CLUSTER_CUSTOMERS customers take turns; every
//      placement is a limit buy resting just above the day's lower limit (far below the market, so
//      nothing fills) with its own idempotency key. A warm-up, then a measured window of
//      BENCH_CLUSTER_SECONDS. Every answer that is not a success is counted; a run with any prints
//      them instead of figures.
//  (2) the CPU each process spent per placement (user + system from /proc/<pid>/stat): the API
//      servers, the venue leader, PostgreSQL (postmaster and its backends), nats-server and
//      HAProxy, less what each spent idle (measured before the load, per second). On this 2-core
//      box every process shares the cores with the load generator, so the ratios in (1) say little
//      about more cores; the CPU per order is the cost model that does.
//  (3) WebSocket fan-out of one topic (the most often changing quote or board, busiestTopic):
//      BENCH_CLUSTER_WS_SOCKETS sockets connected straight to the API servers' ports, all on one
//      server, then split across two. Frames/s delivered, the share of the venue's publishes that
//      reached every socket, and the lag from the venue's send stamp `t` to receipt (both
//      processes read the wall clock).
//  (3b) the same fan-out at a set rate: the bench itself publishes BENCH_CLUSTER_FANOUT_RATE frames a
//      second on the topic's market subject (as the venue's pump does, each marked as the bench's),
//      so the API servers' fan-out is measured at a known load, not at whatever the simulated
//      market changed, to BENCH_CLUSTER_FANOUT_SOCKETS sockets (default 1000) on one API server, then
//      split across two: frames/s delivered, the share of what the per-socket throttle allows, lag.
//  (4) venue partitions: placements/s with one partition and with two, in the same run, three API
//      servers each, as a ratio to one partition. Both place over the same two codes, one held by
//      each partition of two (partitionOf), with the same connections, customers and windows; the
//      CPU per placement of each process, each venue leader apart.
//  (5) where a placement is written (KABUTO_PLACEMENTS, docs/operations.md "Where a placement is
//      written"): in each of the two clusters, right after its (4) run with the API servers forwarding
//      placements to the venue (`venue`), the three API servers are restarted with
//      KABUTO_PLACEMENTS=api (each checks and writes the order row; only the order's entry crosses the
//      bus) and the same measurement is made on another pair of codes: placements/s as a ratio to
//      `venue`, and the CPU per placement of each role, which says what more cores would give each.
// The first cluster (one partition) serves (1)–(3) and the one-partition side of (4) (one
// PostgreSQL, one nats-server, one venue leader): started with three API servers, it measures (4)
// first, on a database as fresh as the second cluster's; then two API servers are stopped for the
// 1-API figures and started again one by one, HAProxy marking them DOWN / UP before each
// measurement. Each configuration places on codes of its own, so no configuration meets a book the
// one before it filled. Then a second cluster, of two partitions (a leader each, no standby) and
// three API servers, on a database of its own, measures the two-partition side of (4).
// Needs `npx lerna run build --scope @kabuto/server`, nats-server, HAProxy and PostgreSQL
// (Debian packages; see scripts/cluster/launch.js). Loopback only; every step is bounded.
const fs = require('fs');
const os = require('os');
const path = require('path');
const autocannon = require('autocannon');
const WebSocket = require('ws');
const { cpuSnapshot, cpuSpent, idleCpu, roleOf } = require('./lib/cluster-cpu');
const { need } = require('./support');
/** How often one socket is sent one topic at most (server/src/modules/market/ws/client-stream.ts). */
const { THROTTLE_MS } = need('modules/market/ws/client-stream.js');
const { startCluster } = require('../scripts/cluster/launch');

const CONNECTIONS = Number(process.env.BENCH_CLUSTER_CONNECTIONS ?? 16);
const CUSTOMERS = Number(process.env.BENCH_CLUSTER_CUSTOMERS ?? 50);
const SECONDS = Number(process.env.BENCH_CLUSTER_SECONDS ?? 8);
const WARMUP_S = Number(process.env.BENCH_CLUSTER_WARMUP_SECONDS ?? 3);
const IDLE_S = Number(process.env.BENCH_CLUSTER_IDLE_SECONDS ?? 4);
const WS_SOCKETS = Number(process.env.BENCH_CLUSTER_WS_SOCKETS ?? 200);
const WS_SECONDS = Number(process.env.BENCH_CLUSTER_WS_SECONDS ?? 8);
/** Frames a second the bench publishes in (3b), and the sockets that watch them. */
const FANOUT_RATE = Number(process.env.BENCH_CLUSTER_FANOUT_RATE ?? 100);
const FANOUT_SOCKETS = Number(process.env.BENCH_CLUSTER_FANOUT_SOCKETS ?? 1000);
/** An API server announces its sockets' topics every 2 s (server/src/cluster/market-bus.ts); the venue pumps after it hears. */
const WS_SETTLE_MS = 3_000;
const API_COUNTS = [1, 2, 3];
/** Below this lower limit every whole yen is on the tick grid (TSE ticks are at most 1 yen up to 3,000 yen). */
const WHOLE_YEN_GRID_BELOW = 3_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => performance.timeOrigin + performance.now();
const round = (n, digits = 2) => Number(n.toFixed(digits));

function percentile(values, q) {
  if (values.length === 0) return null;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];
}

async function marketCall(base, action, form) {
  const res = await fetch(`${base}/api/vue/market/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
    signal: AbortSignal.timeout(10_000),
  });
  return res.json();
}

/** `count` codes that `accept` takes whose lower limit (whole yen, rounded up) is on every tick grid; their lower limits. */
async function placementCodes(base, count, accept = () => true) {
  const picked = [];
  for (let offset = 0; offset < 1000 && picked.length < count; offset += 100) {
    const page = await marketCall(base, 'stocks', { kind: 'all', offset: String(offset), limit: '100' });
    for (const item of page.data?.items ?? []) {
      if (picked.length >= count) break;
      if (!accept(item.code)) continue;
      const quote = await marketCall(base, 'quote', { code: item.code });
      if (quote.status !== 1 || !quote.data) continue;
      // The quote carries tenths of a yen.
      const lowerLimit = Math.ceil(quote.data.lowerLimit / 10);
      if (lowerLimit > 0 && lowerLimit + 100 < WHOLE_YEN_GRID_BELOW) picked.push({ code: item.code, lowerLimit });
    }
    if (offset + 100 >= (page.data?.total ?? 0)) break;
  }
  if (picked.length < count) throw new Error(`only ${picked.length} codes with a lower limit under ${WHOLE_YEN_GRID_BELOW} yen`);
  return picked;
}

/** Placements taking turns over `targets` (one code or several) and the customers. */
function placementRequest(customers, targets, prefix, counters) {
  let serial = 0;
  return {
    method: 'POST',
    path: '/api/vue/trade/place',
    setupRequest: (req) => {
      serial += 1;
      const customer = customers[serial % customers.length];
      const target = targets[serial % targets.length];
      const form = {
        code: target.code,
        product: 'cash',
        side: 'buy',
        lots: '1',
        orderType: 'limit',
        price: String(target.lowerLimit + (serial % 50)),
        idempotencyKey: `${prefix}-${String(serial).padStart(7, '0')}`,
      };
      return {
        ...req,
        headers: { token: customer.token, account: customer.account, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
      };
    },
    onResponse: (status, body) => {
      let answer = null;
      try {
        answer = JSON.parse(body);
      } catch {
        // counted below as what it is
      }
      if (status === 200 && answer?.status === 1 && answer.data?.id) {
        counters.ok += 1;
        return;
      }
      counters.failed += 1;
      const what = `HTTP ${status}: ${answer?.msg ?? String(body).slice(0, 120)}`;
      counters.failures.set(what, (counters.failures.get(what) ?? 0) + 1);
    },
  };
}

function runLoad(url, request, seconds) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections: CONNECTIONS, duration: seconds, requests: [request], timeout: 20 }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

/** Waits until HAProxy sees exactly the API servers in `up` UP and the others not. */
async function balancerSees(cluster, up) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const states = await cluster.balancerServers().catch(() => []);
    // A stopped server reads "UP 1/2" until its second failed check: only DOWN counts as out.
    const ok = states.length > 0 && states.every((s) => s.status === (up.includes(s.name) ? 'UP' : 'DOWN'));
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`HAProxy does not see ${up.join(', ')} alone UP: ${JSON.stringify(states)}`);
    await sleep(250);
  }
}

/** A warm-up, then the measured window, placing over `targets`; `what` names the configuration (and heads the output). */
async function placements(cluster, customers, targets, what, idle) {
  // Short: an idempotency key is at most 64 characters.
  const prefix = `b-${Object.values(what).join('-')}-${process.pid}`;
  const warm = { ok: 0, failed: 0, failures: new Map() };
  await runLoad(cluster.url, placementRequest(customers, targets, `${prefix}-warm`, warm), WARMUP_S);
  const counters = { ok: 0, failed: 0, failures: new Map() };
  const before = cpuSnapshot(cluster);
  const r = await runLoad(cluster.url, placementRequest(customers, targets, prefix, counters), SECONDS);
  const { spent, seconds } = cpuSpent(before, cpuSnapshot(cluster));
  const failed = warm.failed + counters.failed + r.errors + r.timeouts;
  const codes = targets.map((t) => t.code);
  const out = { ...what, ...(codes.length === 1 ? { code: codes[0] } : { codes }), seconds: round(seconds, 1) };
  if (failed > 0) {
    return {
      ...out,
      answered: counters.ok + counters.failed,
      p50ms: r.latency.p50,
      p99ms: r.latency.p99,
      failed: {
        warmUp: Object.fromEntries(warm.failures),
        measured: Object.fromEntries(counters.failures),
        connectionErrors: r.errors,
        timeouts: r.timeouts,
      },
    };
  }
  const placed = counters.ok;
  const cpuPerOrder = {};
  const netPerOrder = {};
  for (const [name, ms] of Object.entries(spent)) {
    cpuPerOrder[name] = round(ms / placed, 3);
    const idleMs = (idle[name] ?? 0) * seconds;
    if (name !== 'load generator') netPerOrder[name] = round(Math.max(0, ms - idleMs) / placed, 3);
  }
  const byRole = {};
  for (const [name, v] of Object.entries(netPerOrder)) byRole[roleOf(name)] = round((byRole[roleOf(name)] ?? 0) + v, 3);
  // Each venue leader enters only its own partition's placements: the targets take equal turns, so
  // its share of the placements is its share of the targets.
  const { partitionOf } = need('cluster/partitions.js');
  const venueLeaderMsPerOwnPlacement = {};
  for (const p of cluster.processes.filter((proc) => proc.partition !== undefined && netPerOrder[proc.name] !== undefined)) {
    const share = targets.filter((t) => partitionOf(t.code, cluster.partitions) === p.partition).length / targets.length;
    if (share > 0) venueLeaderMsPerOwnPlacement[p.name] = round(netPerOrder[p.name] / share, 3);
  }
  return {
    ...out,
    placements: placed,
    placementsPerSec: Math.round(placed / seconds),
    p50ms: r.latency.p50,
    p99ms: r.latency.p99,
    cpuMsPerPlacement: cpuPerOrder,
    cpuMsPerPlacementLessIdle: netPerOrder,
    costModelMsPerPlacement: byRole,
    venueLeaderMsPerOwnPlacement,
    // Placements/s one core given to that role alone would carry at this cost (the venue leader is one process per partition).
    placementsPerSecPerCore: Object.fromEntries(Object.entries(byRole).map(([role, ms]) => [role, ms > 0 ? Math.round(1000 / ms) : null])),
    cpuShareOfWindow: Object.fromEntries(Object.entries(spent).map(([name, ms]) => [name, `${round((ms / (seconds * 1000)) * 100, 0)} % of a core`])),
  };
}

/**
 * The venue publishes a topic only when its value changes, so how many frames a code gets is the
 * simulated market's doing, and a quiet stock can go seconds without one. The fan-out is measured on
 * the topic that changed most often while sockets watched the quotes and boards (depth) of the
 * first 40 listed codes and the two indices (an index moves with any of its members).
 */
async function busiestTopic(cluster) {
  const page = await marketCall(cluster.url, 'stocks', { kind: 'all', offset: '0', limit: '40' });
  const codes = (page.data?.items ?? []).map((item) => item.code);
  const plans = [];
  for (const channel of ['quote', 'depth']) for (let i = 0; i < codes.length; i += 20) plans.push({ channel, codes: codes.slice(i, i + 20) });
  plans.push({ channel: 'index', codes: ['N225', 'TOPIX'] });
  const counts = new Map(plans.flatMap((plan) => plan.codes.map((code) => [`${plan.channel}:${code}`, 0])));
  const wsUrl = `${cluster.url.replace('http', 'ws')}/ws`;
  const sockets = [];
  try {
    for (const plan of plans) {
      const ws = new WebSocket(wsUrl);
      sockets.push(ws);
      ws.on('message', (data) => {
        const frame = JSON.parse(String(data));
        const topic = `${frame.channel}:${frame.code}`;
        if (frame.op === undefined && counts.has(topic)) counts.set(topic, counts.get(topic) + 1);
      });
      await new Promise((resolve, reject) => {
        ws.once('open', resolve);
        ws.once('error', reject);
      });
      ws.send(JSON.stringify({ op: 'subscribe', channel: plan.channel, codes: plan.codes, id: 1 }));
    }
    await sleep(WS_SETTLE_MS + 4_000);
  } finally {
    for (const ws of sockets) ws.terminate();
  }
  const [best] = [...counts].sort((a, b) => b[1] - a[1]);
  if (!best) throw new Error('no topic to watch');
  const [channel, code] = best[0].split(':');
  return { channel, code, framesSeenWhilePicking: best[1] };
}

/**
 * Publishes FANOUT_RATE frames a second of `channel`:`code` on the market bus, as the venue's pump
 * does (server/src/cluster/market-bus.ts), each stamped `t` and marked as the bench's. Returns stop().
 */
async function benchPublisher(cluster, { channel, code }) {
  const { connectClusterBus } = need('cluster/bus.js');
  const { MARKET_SUBJECT_PREFIX } = need('cluster/market-bus.js');
  const nats = cluster.processes.find((p) => p.name === 'nats');
  const bus = await connectClusterBus({ url: `nats://127.0.0.1:${nats.port}`, name: 'bench-publisher' });
  let seq = 0;
  const started = now();
  const timer = setInterval(() => {
    // Catch up to the rate (a timer can fire late), at most a second's worth at once.
    const due = Math.min(FANOUT_RATE, Math.floor(((now() - started) / 1000) * FANOUT_RATE) - seq);
    for (let i = 0; i < due; i += 1) {
      seq += 1;
      bus.publish(`${MARKET_SUBJECT_PREFIX}${channel}:${code}`, JSON.stringify({ channel, code, t: now(), data: { code, benchSeq: seq } }));
    }
  }, 10);
  return async () => {
    clearInterval(timer);
    await bus.close();
  };
}

/**
 * `sockets` sockets subscribed to `code`'s quotes, split across `ports`; frames/s and lag over
 * WS_SECONDS. `source` 'venue': the venue's own publishes; 'bench': benchPublisher's, counted alone.
 */
async function fanOut(cluster, ports, { channel, code }, source = 'venue') {
  const socketCount = source === 'bench' ? FANOUT_SOCKETS : WS_SOCKETS;
  const state = { measuring: false, frames: 0, lags: [], publishes: new Set() };
  const counts = (frame) => (source === 'bench' ? frame.data?.benchSeq !== undefined : frame.data?.benchSeq === undefined);
  const sockets = [];
  try {
    for (let i = 0; i < socketCount; i += 1) {
      const port = ports[i % ports.length];
      sockets.push(
        new Promise((resolve, reject) => {
          const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
          const timer = setTimeout(() => reject(new Error(`socket ${i} on ${port}: not subscribed after 20 s`)), 20_000);
          ws.on('message', (data) => {
            const frame = JSON.parse(String(data));
            if (frame.op === 'subscribed') {
              clearTimeout(timer);
              resolve(ws);
            } else if (frame.op === 'error') reject(new Error(`socket ${i} on ${port}: ${String(data)}`));
            else if (state.measuring && frame.channel === channel && frame.code === code && typeof frame.t === 'number' && counts(frame)) {
              state.frames += 1;
              state.lags.push(now() - frame.t);
              state.publishes.add(frame.t);
            }
          });
          ws.on('open', () => ws.send(JSON.stringify({ op: 'subscribe', channel, codes: [code], id: 1 })));
          ws.on('error', reject);
        }),
      );
    }
    const open = await Promise.all(sockets);
    await sleep(WS_SETTLE_MS);
    const stopPublishing = source === 'bench' ? await benchPublisher(cluster, { channel, code }) : null;
    const before = cpuSnapshot(cluster);
    state.measuring = true;
    await sleep(WS_SECONDS * 1000);
    state.measuring = false;
    const { spent, seconds } = cpuSpent(before, cpuSnapshot(cluster));
    await stopPublishing?.();
    for (const ws of open) ws.terminate();
    const apiMs = Object.entries(spent)
      .filter(([name]) => name.startsWith('api-'))
      .reduce((n, [, ms]) => n + ms, 0);
    return {
      apiServers: ports.length,
      sockets: socketCount,
      source: source === 'bench' ? `the bench, ${FANOUT_RATE} frames/s` : 'the venue',
      framesPerSec: Math.round(state.frames / seconds),
      // Each publish (one send stamp) should reach every socket once; the bench's, faster than a
      // socket is sent a topic (THROTTLE_MS: the latest frame at most every 200 ms), reach each
      // socket as often as that allows.
      publishes: state.publishes.size,
      deliveredOfExpected:
        source === 'bench'
          ? round(state.frames / (socketCount * seconds * Math.min(FANOUT_RATE, 1000 / THROTTLE_MS)), 3)
          : state.publishes.size
            ? round(state.frames / (state.publishes.size * socketCount), 3)
            : null,
      lagP50ms: round(percentile(state.lags, 0.5) ?? NaN, 1),
      lagP99ms: round(percentile(state.lags, 0.99) ?? NaN, 1),
      apiCpuMsPer1000Frames: state.frames ? round((apiMs / state.frames) * 1000, 1) : null,
    };
  } catch (error) {
    // Whatever opened is closed before the error goes on.
    for (const pending of sockets) pending.then((ws) => ws.terminate()).catch(() => {});
    throw error;
  }
}

/**
 * A cluster of three API servers and `partitions` venue partitions (a leader each, no standby), on a
 * data dir of its own, with the bench's customers: `use({ cluster, customers, exits, startedInS })`
 * runs on it; then it is stopped and its data dir removed (BENCH_CLUSTER_KEEP_DIR=1 keeps the logs).
 */
async function withCluster(partitions, use) {
  const started = Date.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kabuto-bench-cluster-'));
  const exits = [];
  let cluster;
  let database;
  try {
    cluster = await startCluster({
      api: 3,
      partitions,
      standbys: 0,
      port: 0,
      host: '127.0.0.1',
      dataDir,
      env: { KABUTO_RATE_LIMIT_ALLOW: '127.0.0.1,::1,::ffff:127.0.0.1', KABUTO_MARKET_WARMUP: 'off' },
      onExit: (exit) => {
        if (!exit.requested) exits.push(`${exit.name} (${exit.code ?? exit.signal})`);
      },
    });
    const startedInS = round((Date.now() - started) / 1000, 1);
    const { openDatabase } = need('db/client.js');
    const { createProbeCustomer } = need('probes/customers.js');
    const { systemClock } = need('clock.js');
    database = await openDatabase({ kind: 'postgres', url: cluster.databaseUrl });
    const customers = [];
    for (let i = 0; i < CUSTOMERS; i += 1) customers.push(await createProbeCustomer(database.db, systemClock, `9097${String(i).padStart(6, '0')}1`));
    return await use({ cluster, customers, exits, startedInS });
  } finally {
    await database?.close();
    await cluster?.stop();
    if (process.env.BENCH_CLUSTER_KEEP_DIR === '1') console.error(`logs kept in ${dataDir}/logs`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const API_NAMES = ['api-1', 'api-2', 'api-3'];

/** Restarts every API server with KABUTO_PLACEMENTS=`placements` and waits until HAProxy has them all UP again. */
async function placeAt(cluster, placements) {
  for (const name of API_NAMES) await cluster.restart(name, { env: { KABUTO_PLACEMENTS: placements } });
  await balancerSees(cluster, API_NAMES);
}

/** (5): the (4) run's configuration once more, with the API servers writing placements themselves. */
async function splitRun(cluster, customers, targets, partitions, idle) {
  await placeAt(cluster, 'api');
  const run = await placements(cluster, customers, targets, { partitions, apiServers: 3, placements: 'api' }, idle);
  await placeAt(cluster, 'venue');
  return run;
}

const percentOfACore = (idle) => Object.fromEntries(Object.entries(idle).map(([name, msPerS]) => [name, round(msPerS / 10, 1)]));

async function main() {
  const load = { before: os.loadavg().map((l) => round(l)) };
  const { partitionOf } = need('cluster/partitions.js');
  /** (4): the same two codes in both clusters, one held by each partition of two; (5): two more of the same kind. */
  let pair;
  let splitPair;
  const partitionRuns = [];
  const splitRuns = [];

  const first = await withCluster(1, async ({ cluster, customers, exits, startedInS }) => {
    const targets = await placementCodes(cluster.url, API_COUNTS.length);
    const used = new Set(targets.map((t) => t.code));
    pair = [];
    for (const partition of [0, 1]) pair.push(...(await placementCodes(cluster.url, 1, (code) => !used.has(code) && partitionOf(code, 2) === partition)));
    for (const t of pair) used.add(t.code);
    splitPair = [];
    for (const partition of [0, 1]) splitPair.push(...(await placementCodes(cluster.url, 1, (code) => !used.has(code) && partitionOf(code, 2) === partition)));
    const wsTopic = process.env.BENCH_CLUSTER_WS_CODE ? { channel: 'quote', code: process.env.BENCH_CLUSTER_WS_CODE } : await busiestTopic(cluster);

    const idle = await idleCpu(cluster, IDLE_S);
    // (4) on one partition first, with all three API servers up and the database as fresh as the second cluster's.
    partitionRuns.push(await placements(cluster, customers, pair, { partitions: 1, apiServers: 3, placements: 'venue' }, idle));
    splitRuns.push(await splitRun(cluster, customers, splitPair, 1, idle));

    const apiNames = API_NAMES;
    for (const name of apiNames.slice(1)) await cluster.kill(name, 'SIGTERM');
    const runs = [];
    const fanOuts = [];
    const setRateFanOuts = [];
    for (const apis of API_COUNTS) {
      if (apis > 1) await cluster.restart(apiNames[apis - 1]);
      await balancerSees(cluster, apiNames.slice(0, apis));
      runs.push(await placements(cluster, customers, [targets[apis - 1]], { apiServers: apis }, idle));
      if (apis <= 2) {
        const ports = apiNames.slice(0, apis).map((name) => cluster.processes.find((p) => p.name === name).port);
        fanOuts.push(await fanOut(cluster, ports, wsTopic));
        setRateFanOuts.push(await fanOut(cluster, ports, wsTopic, 'bench'));
      }
      if (exits.length) throw new Error(`processes ended by themselves: ${exits.join(', ')}`);
    }
    return { startedInS, idle, runs, fanOuts, setRateFanOuts, wsTopic };
  });

  const second = await withCluster(2, async ({ cluster, customers, exits, startedInS }) => {
    // The same two codes; their lower limits read again, from the partition that now holds each.
    const targets = await placementCodes(cluster.url, pair.length, (code) => pair.some((t) => t.code === code));
    const splitTargets = await placementCodes(cluster.url, splitPair.length, (code) => splitPair.some((t) => t.code === code));
    const idle = await idleCpu(cluster, IDLE_S);
    partitionRuns.push(await placements(cluster, customers, targets, { partitions: 2, apiServers: 3, placements: 'venue' }, idle));
    splitRuns.push(await splitRun(cluster, customers, splitTargets, 2, idle));
    if (exits.length) throw new Error(`processes ended by themselves: ${exits.join(', ')}`);
    return { startedInS, idle };
  });

  const { runs, fanOuts, setRateFanOuts, wsTopic } = first;
  const one = runs[0];
  const allMeasured = runs.every((r) => r.placementsPerSec !== undefined);
  const placementsOut = allMeasured
    ? runs.map((r) => ({ ...r, ratioTo1Api: round(r.placementsPerSec / one.placementsPerSec) }))
    : runs.map((r) => (r.failed ? r : { apiServers: r.apiServers, placements: r.placements }));
  const partitionsMeasured = partitionRuns.every((r) => r.placementsPerSec !== undefined);
  const [onePartition] = partitionRuns;
  const partitionsOut = partitionsMeasured
    ? partitionRuns.map((r) => ({ ...r, ratioTo1Partition: round(r.placementsPerSec / onePartition.placementsPerSec) }))
    : partitionRuns.map((r) => (r.failed ? r : { partitions: r.partitions, placements: r.placements }));
  const splitMeasured = splitRuns.every((r) => r.placementsPerSec !== undefined);
  const splitOut = splitRuns.map((r, i) => {
    const forwarded = partitionRuns[i];
    if (!splitMeasured || !partitionsMeasured) return r.failed ? r : { partitions: r.partitions, placements: r.placements };
    return { ...r, ratioToVenue: round(r.placementsPerSec / forwarded.placementsPerSec) };
  });
  const [ws1, ws2] = fanOuts;
  const [set1, set2] = setRateFanOuts;
  load.after = os.loadavg().map((l) => round(l));
  const result = {
    bench: 'cluster (HAProxy, API servers, venue leaders, PostgreSQL, nats-server on this machine)',
    command: 'cd bench && node cluster.js',
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, loadAverage: load },
    note: 'Every process of the cluster and the load generator share these cores: the ratios say how this box divides them, the CPU per placement what more cores would give.',
    clusterStartedInS: first.startedInS,
    setup: {
      connections: CONNECTIONS,
      customers: CUSTOMERS,
      warmUpSeconds: WARMUP_S,
      measuredSeconds: SECONDS,
      order: 'cash limit buy, 1 lot, resting just above the day’s lower limit (no fills), unique idempotency key',
    },
    idleCpuPercentOfACore: percentOfACore(first.idle),
    placements: placementsOut,
    webSocketFanOut: {
      topic: wsTopic,
      runs: fanOuts,
      ratio2To1FramesPerSec: ws1 && ws2 && ws1.framesPerSec ? round(ws2.framesPerSec / ws1.framesPerSec) : null,
      note: 'The venue publishes a topic only when it changes, so frames/s follows the simulated market, not the servers; what the servers decide is whether every publish reaches every socket, the lag, and the API CPU per 1000 frames.',
    },
    webSocketFanOutAtSetRate: {
      topic: { channel: wsTopic.channel, code: wsTopic.code },
      runs: setRateFanOuts,
      ratio2To1FramesPerSec: set1 && set2 && set1.framesPerSec ? round(set2.framesPerSec / set1.framesPerSec) : null,
      note: `The bench publishes ${FANOUT_RATE} frames/s on the topic's market subject, as the venue's pump does: the same offered load to one API server and to two. A socket gets a topic's latest frame at most every ${THROTTLE_MS} ms, so the most each can get is ${Math.min(FANOUT_RATE, 1000 / THROTTLE_MS)} a second.`,
    },
    venuePartitions: {
      codes: pair.map((t) => ({ code: t.code, partitionOf2: partitionOf(t.code, 2) })),
      twoPartitionClusterStartedInS: second.startedInS,
      idleCpuPercentOfACoreTwoPartitions: percentOfACore(second.idle),
      runs: partitionsOut,
      note: 'Three API servers in both; the same two codes, connections, customers and windows. One partition: the first cluster, measured before its other figures; two partitions: a second cluster, each code held by one leader.',
    },
    placementSplit: {
      codes: splitPair.map((t) => ({ code: t.code, partitionOf2: partitionOf(t.code, 2) })),
      runs: splitOut,
      note: 'KABUTO_PLACEMENTS=api on the three API servers (restarted), right after each cluster’s venue-partitions run, on two other codes of the same kind: ratioToVenue is against that run (placements: venue).',
    },
  };
  console.log(JSON.stringify(result, null, 2));
  if (!allMeasured || !partitionsMeasured || !splitMeasured) process.exitCode = 1;
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
