// Support chat bench: N customers (BENCH_SUPPORT_CLIENTS, default 1000) each hold an
// authenticated /ws socket; every second each customer sends one message (support/send) and an
// operator replies once to each conversation (POST /api/ops/support/conversations/:id/reply, with
// an idempotency key as the console sends),
// while one operator console follows GET /api/ops/support/live. Measured: delivery latency
// customer → operator stream and operator → customer socket (p50 / p99, from the start of the
// call to the live event), and live events never delivered. A third of the way in, the API process is
// killed (kill -9) and started again on the same PGlite folder (server/src/probes/
// support-chat-server.ts); sockets and the stream reconnect, unacknowledged sends are retried
// with their idempotency key (sends and replies alike). At the end every acknowledged message must be stored exactly once
// (read back through support/messages). Printed with the machine's load (os.loadavg, uptime).
// Needs `npx lerna run build --scope @kabuto/shared-sdk --scope @kabuto/server` first.
// BENCH_SUPPORT_SECONDS (default 60), BENCH_SUPPORT_RESTART=0 to run without the restart.
// BENCH_SUPPORT_POSTGRES_URL (a PostgreSQL server's url, e.g. postgres://postgres@127.0.0.1:5432/postgres):
// the server stores in a fresh database created there for the run (dropped after) instead of PGlite.
// BENCH_SUPPORT_CLUSTER_API=K: the same load on the cluster (scripts/cluster/launch.js: PostgreSQL,
// nats-server, one venue, K API servers behind HAProxy), every call and socket through HAProxy; the
// restart kills api-1 (kill -9) and starts it again while the others serve; a socket that loses its
// server reconnects through HAProxy with the last event id it saw (the cluster resumes from it).
const { spawn, execSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const WebSocket = require('ws');
const { processCpuMs, postgresCpuMs } = require('./lib/process-cpu');
const { cpuSnapshot, cpuSpent, idleCpu, roleOf } = require('./lib/cluster-cpu');
const { createScratchDatabase } = require('./lib/scratch-postgres');
const { need } = require('./support');

const DIST = process.env.BENCH_SERVER_DIST ?? path.join(__dirname, '..', 'server', 'dist');
const N = Number(process.env.BENCH_SUPPORT_CLIENTS || 1000);
const SECONDS = Number(process.env.BENCH_SUPPORT_SECONDS || 60);
const RESTART = process.env.BENCH_SUPPORT_RESTART !== '0';
// Extra node flags for the server process (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to see where its time goes).
const SERVER_NODE_ARGS = (process.env.BENCH_SUPPORT_NODE_ARGS ?? '').split(' ').filter(Boolean);
const POSTGRES_URL = process.env.BENCH_SUPPORT_POSTGRES_URL || null;
const CLUSTER_API = Number(process.env.BENCH_SUPPORT_CLUSTER_API || 0);
const CONNECT_BATCH = 50;
const IDLE_SECONDS = 3;
const GRACE_MS = 5000;

const now = () => performance.timeOrigin + performance.now();

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function quantile(values, q) {
  if (values.length === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];
}

/** fn() until it resolves, up to `attempts` times, a second apart (a restarted server under load may be slow to accept). */
async function retrying(fn, attempts = 20) {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (error) {
      if (i >= attempts) throw error;
      await sleep(1000);
    }
  }
}

/** The server process now running and its folder (or the cluster), so a failed run leaves nothing behind. */
const current = { child: null, dir: null, database: null, cluster: null, clusterDir: null };

/** A fresh database on BENCH_SUPPORT_POSTGRES_URL's server for this run: its url. */
async function createPostgresDatabase() {
  current.database = await createScratchDatabase(POSTGRES_URL, 'kabuto_support_bench');
  return current.database.url;
}

async function dropPostgresDatabase() {
  if (!current.database) return;
  await current.database.drop();
  current.database = null;
}

function startServer(dir) {
  current.dir = dir;
  const storage = current.databaseUrl ? [current.databaseUrl] : [];
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, path.join(DIST, 'probes', 'support-chat-server.js'), dir, String(N), ...storage], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  current.child = child;
  let log = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 300 s:\n${log}`)), 300_000);
    child.stderr.on('data', (d) => (log += d.toString()));
    child.stdout.on('data', (d) => {
      log += d.toString();
      const m = /support-chat-server listening (\d+)/.exec(log);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: `http://127.0.0.1:${m[1]}` });
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code}):\n${log}`)));
  });
}

/** The cluster with K API servers, N customers with sessions written to its database, and its operator's token. */
async function startClusterTarget() {
  const { startCluster } = require('../scripts/cluster/launch');
  current.clusterDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kabuto-support-bench-cluster-'));
  current.unrequestedExits = [];
  current.cluster = await startCluster({
    api: CLUSTER_API,
    venues: 1,
    port: 0,
    host: '127.0.0.1',
    dataDir: current.clusterDir,
    env: { KABUTO_RATE_LIMIT_ALLOW: '127.0.0.1,::1,::ffff:127.0.0.1', KABUTO_MARKET_WARMUP: 'off' },
    onExit: (exit) => {
      if (!exit.requested) current.unrequestedExits.push(`${exit.name} (${exit.code ?? exit.signal})`);
    },
  });
  const { openDatabase } = need('db/client.js');
  const { createProbeCustomer } = need('probes/customers.js');
  const { systemClock } = need('clock.js');
  const database = await openDatabase({ kind: 'postgres', url: current.cluster.databaseUrl });
  const customers = [];
  try {
    for (let i = 0; i < N; i += CONNECT_BATCH) {
      const batch = Array.from({ length: Math.min(CONNECT_BATCH, N - i) }, (_, j) => String(9098000000 + i + j));
      customers.push(...(await Promise.all(batch.map((account) => createProbeCustomer(database.db, systemClock, account)))));
    }
  } finally {
    await database.close();
  }
  // The bootstrap operator (admin): the launcher's cluster makes it, as a first deployment does.
  const operatorToken = fs.readFileSync(current.cluster.operatorTokenFile, 'utf8').trim();
  return { url: current.cluster.url, fixtures: { customers: customers.map(({ token, account }) => ({ token, account })), operatorToken } };
}

async function stopClusterTarget() {
  if (!current.cluster) return;
  await current.cluster.stop();
  current.cluster = null;
  if (process.env.BENCH_SUPPORT_KEEP_DIR === '1') console.error(`cluster logs kept in ${current.clusterDir}/logs`);
  else fs.rmSync(current.clusterDir, { recursive: true, force: true });
}

const storageName = () => (CLUSTER_API ? `PostgreSQL, cluster of ${CLUSTER_API} API server(s) behind HAProxy` : POSTGRES_URL ? 'PostgreSQL' : 'PGlite');

/** CPU ms by kind of process (api, venue, postgres, nats-server, haproxy, load generator), divided by `per`. */
function byRole(spent, per) {
  const out = {};
  for (const [name, ms] of Object.entries(spent)) out[roleOf(name)] = (out[roleOf(name)] ?? 0) + ms / Math.max(1, per);
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, Math.round(v * 100) / 100]));
}

/** CPU ms each process spent beyond its idle rate (the load generator's whole: it is idle otherwise). */
function overIdle({ spent, seconds }, idle) {
  return Object.fromEntries(Object.entries(spent).map(([name, ms]) => [name, Math.max(0, ms - (name === 'load generator' ? 0 : (idle[name] ?? 0) * seconds))]));
}

async function customerCall(url, customer, action, form) {
  const res = await fetch(`${url}/api/vue/support/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', token: customer.token, account: customer.account },
    body: new URLSearchParams(form).toString(),
  });
  return res.json();
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kabuto-support-bench-'));
  const loadBefore = os.loadavg();
  console.log(
    `support chat: ${N} customer sockets, one message each way per second, ${SECONDS} s${RESTART ? `, ${CLUSTER_API ? 'api-1' : 'API'} killed and restarted a third of the way in` : ''}, on ${storageName()}`,
  );
  let server;
  let fixtures;
  if (CLUSTER_API) {
    const target = await startClusterTarget();
    server = { url: target.url, child: null };
    fixtures = target.fixtures;
  } else {
    if (POSTGRES_URL) current.databaseUrl = await createPostgresDatabase();
    server = await startServer(dir);
    fixtures = JSON.parse(fs.readFileSync(path.join(dir, 'fixtures.json'), 'utf8'));
  }
  const customers = fixtures.customers.map((c, i) => ({ ...c, i, conversationId: 0, ws: null, authed: false, lastId: undefined }));
  const byConversation = new Map();
  const state = {
    running: true,
    down: false,
    sent: new Map(), // text -> { at, ackAt, id, delivered }
    latencies: { toOperator: [], toCustomer: [] },
    retried: 0,
    replyRetries: 0,
    replyFailures: {},
    sendFailures: {},
    notAcknowledged: 0,
    killedAt: 0,
    backAt: 0,
    finished: false,
    resyncs: 0,
    reconnects: 0,
  };

  for (let i = 0; i < customers.length; i += CONNECT_BATCH) {
    await Promise.all(
      customers.slice(i, i + CONNECT_BATCH).map(async (c) => {
        const answer = await customerCall(server.url, c, 'conversation', {});
        c.conversationId = answer.data.id;
        byConversation.set(c.conversationId, c);
      }),
    );
  }

  const onUserFrame = (c, text) => {
    if (text.includes('"op":"resync"')) state.resyncs += 1;
    if (!text.includes('"channel":"user"')) return;
    const frame = JSON.parse(text);
    if (frame.id) c.lastId = frame.id;
    if (frame.event !== 'support' || frame.data.type !== 'message') return;
    const body = frame.data.message.text;
    if (!body || !body.startsWith('o|')) return;
    const sent = state.sent.get(body);
    if (sent && !sent.delivered) {
      sent.delivered = true;
      state.latencies.toCustomer.push({ at: sent.at, ms: now() - sent.at });
    }
  };
  const connectSocket = (c, url) =>
    new Promise((resolve, reject) => {
      const ws = new WebSocket(`${url.replace('http', 'ws')}/ws`);
      const timer = setTimeout(() => reject(new Error('auth timed out')), 60_000);
      // On the cluster a reconnect resumes after the last event this customer saw, as the SDK's socket does.
      const after = CLUSTER_API && c.lastId ? { after: c.lastId } : {};
      ws.on('open', () => ws.send(JSON.stringify({ op: 'auth', token: c.token, account: c.account, id: 1, ...after })));
      ws.on('message', (data) => {
        const text = data.toString();
        if (text.includes('"op":"authed"')) {
          clearTimeout(timer);
          const authed = JSON.parse(text);
          if (!c.lastId && authed.at) c.lastId = authed.at;
          c.authed = true;
          resolve();
        } else onUserFrame(c, text);
      });
      ws.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      ws.on('close', () => {
        if (c.ws !== ws || !c.authed) return;
        c.authed = false;
        // On the cluster a socket whose server went away reconnects through HAProxy at once.
        if (CLUSTER_API && !state.finished) {
          state.reconnects += 1;
          retrying(() => connectSocket(c, url)).catch(() => undefined);
        }
      });
      c.ws = ws;
    });
  const connectAll = async (url) => {
    for (let i = 0; i < customers.length; i += CONNECT_BATCH) {
      await Promise.all(customers.slice(i, i + CONNECT_BATCH).map((c) => retrying(() => connectSocket(c, url))));
    }
  };
  await connectAll(server.url);

  // The operators' stream: fetch + reader, as the console reads it.
  let stream = null;
  let streaming = false;
  const followStream = async (url) => {
    const controller = new AbortController();
    stream = controller;
    const res = await fetch(`${url}/api/ops/support/live`, { headers: { authorization: `Bearer ${fixtures.operatorToken}` }, signal: controller.signal });
    if (!res.ok) throw new Error(`support/live answered ${res.status}`);
    streaming = true;
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    (async () => {
      try {
        for (;;) {
          const chunk = await reader.read();
          if (chunk.done) return;
          buffer += decoder.decode(chunk.value, { stream: true });
          const blocks = buffer.split('\n\n');
          buffer = blocks.pop() ?? '';
          for (const block of blocks) {
            if (!block.startsWith('data: ')) continue;
            const event = JSON.parse(block.slice(6));
            if (event.type !== 'message' || !event.message.text || !event.message.text.startsWith('c|')) continue;
            const sent = state.sent.get(event.message.text);
            if (sent && !sent.delivered) {
              sent.delivered = true;
              state.latencies.toOperator.push({ at: sent.at, ms: now() - sent.at });
            }
          }
        }
      } catch {
        // aborted, or the server went away
      }
      streaming = false;
      // On the cluster the console follows again through HAProxy when its server goes away.
      if (CLUSTER_API && !state.finished && !controller.signal.aborted) retrying(() => followStream(url)).catch(() => undefined);
    })();
  };
  await followStream(server.url);

  let url = server.url;
  const send = async (c, seq) => {
    const text = `c|${c.i}|${seq}`;
    const entry = { at: now(), ackAt: 0, id: 0, delivered: false, from: 'customer' };
    state.sent.set(text, entry);
    const key = `bench-${c.i}-${seq}-${'x'.repeat(4)}`;
    let backoff = 500;
    for (;;) {
      try {
        const answer = await customerCall(url, c, 'send', { text, idempotencyKey: key });
        if (answer.status === 1) {
          entry.ackAt = now();
          entry.id = answer.data.message.id;
          return;
        }
        throw new Error(answer.msg);
      } catch (error) {
        if (!state.running && now() > state.deadline) {
          state.notAcknowledged += 1;
          return;
        }
        state.retried += 1;
        const why = error.cause?.code ?? error.message;
        state.sendFailures[why] = (state.sendFailures[why] ?? 0) + 1;
        // Backing off with jitter, as a client would: retries of a whole outage must not arrive at once.
        await sleep(backoff * (0.5 + Math.random()));
        backoff = Math.min(backoff * 2, 8000);
      }
    }
  };
  const refusedReply = (why) => {
    state.notAcknowledged += 1;
    state.replyFailures[why] = (state.replyFailures[why] ?? 0) + 1;
  };
  const reply = async (c, seq) => {
    const text = `o|${c.i}|${seq}`;
    const entry = { at: now(), ackAt: 0, id: 0, delivered: false, from: 'operator' };
    state.sent.set(text, entry);
    // One key per reply, as the console sends: a reply retried across the restart is stored once.
    const idempotencyKey = `bench-o-${c.i}-${seq}`;
    let backoff = 500;
    for (;;) {
      try {
        const res = await fetch(`${url}/api/ops/support/conversations/${c.conversationId}/reply`, {
          method: 'POST',
          headers: { authorization: `Bearer ${fixtures.operatorToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ text, idempotencyKey }),
        });
        const answer = await res.json();
        if (answer.status === 1) {
          entry.ackAt = now();
          entry.id = answer.data.id;
        } else refusedReply(answer.msg);
        return;
      } catch (error) {
        if (!state.running && now() > state.deadline) {
          refusedReply(error.cause?.code ?? error.message);
          return;
        }
        state.replyRetries += 1;
        const why = `retried: ${error.cause?.code ?? error.message}`;
        state.replyFailures[why] = (state.replyFailures[why] ?? 0) + 1;
        await sleep(backoff * (0.5 + Math.random()));
        backoff = Math.min(backoff * 2, 8000);
      }
    }
  };

  // On the cluster: kill -9 api-1 and start it again. The other servers go on serving; the kill's
  // sockets and stream reconnect through HAProxy (above). Back: every socket authed and the stream up.
  const killOneApiServer = async () => {
    state.killedAt = now();
    await current.cluster.kill('api-1', 'SIGKILL');
    const restarting = current.cluster.restart('api-1');
    const deadline = now() + 120_000;
    while (!(streaming && customers.every((x) => x.authed))) {
      if (now() > deadline) throw new Error(`not back 120 s after the kill: ${customers.filter((x) => !x.authed).length} sockets, stream ${streaming}`);
      await sleep(50);
    }
    state.backAt = now();
    await restarting;
  };

  // On the cluster, what each process spends idle, so its CPU per message is what the load adds.
  const idle = CLUSTER_API ? await idleCpu(current.cluster, IDLE_SECONDS) : null;
  const started = now();
  // CPU the server and this client use during the run: per message, it does not depend on
  // what else the machine runs (the latencies do).
  const cpuAtStart = CLUSTER_API
    ? { cluster: cpuSnapshot(current.cluster), client: process.cpuUsage(), server: null, database: null }
    : { server: processCpuMs(server.child.pid), client: process.cpuUsage(), database: POSTGRES_URL ? postgresCpuMs() : null };
  state.deadline = started + SECONDS * 1000 + 60_000;
  const pending = [];
  const restartAt = started + (SECONDS * 1000) / 3;
  let restarted = !RESTART;
  for (let second = 0; second < SECONDS; second++) {
    const tick = started + second * 1000;
    for (const c of customers) {
      const at = tick + (c.i * 1000) / customers.length;
      const wait = at - now();
      if (wait > 1) await sleep(wait);
      if (!restarted && now() >= restartAt) {
        restarted = true;
        pending.push(
          CLUSTER_API
            ? killOneApiServer()
            : (async () => {
                state.killedAt = now();
                server.child.kill('SIGKILL');
                stream.abort();
                for (const x of customers) x.ws.terminate();
                await new Promise((r) => server.child.once('exit', r));
                server = await startServer(dir);
                url = server.url;
                await connectAll(url);
                await retrying(() => followStream(url));
                state.backAt = now();
              })(),
        );
      }
      pending.push(send(c, second), reply(c, second));
    }
  }
  state.running = false;
  await Promise.all(pending);
  const clientCpu = process.cpuUsage(cpuAtStart.client);
  const clusterCpu = CLUSTER_API ? cpuSpent(cpuAtStart.cluster, cpuSnapshot(current.cluster)) : null;
  const serverCpuEnd = CLUSTER_API || (restarted && RESTART) ? null : processCpuMs(server.child.pid);
  const databaseCpuMs = cpuAtStart.database === null ? null : postgresCpuMs() - cpuAtStart.database;
  const runSeconds = (now() - started) / 1000;
  await sleep(GRACE_MS);

  // Every acknowledged message stored exactly once, read back as the customer reads it.
  const stored = new Map();
  for (let i = 0; i < customers.length; i += CONNECT_BATCH) {
    await Promise.all(
      customers.slice(i, i + CONNECT_BATCH).map(async (c) => {
        let beforeId;
        for (;;) {
          const page = await customerCall(url, c, 'messages', beforeId ? { limit: '50', beforeId: String(beforeId) } : { limit: '50' });
          for (const m of page.data.list) if (m.text) stored.set(m.text, (stored.get(m.text) ?? 0) + 1);
          if (!page.data.nextBeforeId) break;
          beforeId = page.data.nextBeforeId;
        }
      }),
    );
  }
  let acknowledged = 0;
  let acknowledgedLost = 0;
  let duplicated = 0;
  let liveUndelivered = 0;
  let liveUndeliveredOutsideRestart = 0;
  for (const [text, entry] of state.sent) {
    const copies = stored.get(text) ?? 0;
    if (copies > 1) duplicated += 1;
    if (!entry.ackAt) continue;
    acknowledged += 1;
    if (copies === 0) acknowledgedLost += 1;
    if (!entry.delivered) {
      liveUndelivered += 1;
      const nearRestart = state.killedAt > 0 && entry.ackAt >= state.killedAt - 2000 && entry.at <= state.backAt + 2000;
      if (!nearRestart) liveUndeliveredOutsideRestart += 1;
    }
  }
  state.finished = true;
  for (const c of customers) c.ws.terminate();
  stream.abort();
  const unrequestedExits = current.unrequestedExits ?? [];
  if (CLUSTER_API) await stopClusterTarget();
  else {
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
  }
  fs.rmSync(dir, { recursive: true, force: true });
  await dropPostgresDatabase();

  const ms = (v) => Math.round(v * 10) / 10;
  const round2 = (v) => Math.round(v * 100) / 100;
  // Steady: sent and delivered while the API was up — before the kill, or after every socket and
  // the stream were back (a send retried across the outage is not steady).
  const steady = (l) => !state.killedAt || l.at + l.ms < state.killedAt || l.at > state.backAt;
  const figures = (list) => {
    const all = list.map((l) => l.ms);
    const up = list.filter(steady).map((l) => l.ms);
    return {
      delivered: all.length,
      p50ms: ms(quantile(all, 0.5)),
      p99ms: ms(quantile(all, 0.99)),
      steady: { delivered: up.length, p50ms: ms(quantile(up, 0.5)), p99ms: ms(quantile(up, 0.99)) },
    };
  };
  // p99 by 5 s of send time (both ways): a tail from one stall (warm-up, a neighbour's burst)
  // shows as one slow window, a server that cannot keep up as windows that keep growing.
  const windows = [];
  const all = [...state.latencies.toOperator, ...state.latencies.toCustomer];
  for (let from = 0; from < SECONDS; from += 5) {
    const inWindow = all.filter((l) => l.at - started >= from * 1000 && l.at - started < (from + 5) * 1000).map((l) => l.ms);
    windows.push({ fromS: from, delivered: inWindow.length, p50ms: ms(quantile(inWindow, 0.5)), p99ms: ms(quantile(inWindow, 0.99)) });
  }
  const report = {
    bench: 'support chat',
    storage: storageName(),
    customers: N,
    seconds: SECONDS,
    // On the cluster: from the kill of api-1 until every socket and the stream were back through HAProxy.
    restart: RESTART ? { downMs: Math.round(state.backAt - state.killedAt) } : null,
    customerToOperator: figures(state.latencies.toOperator),
    operatorToCustomer: figures(state.latencies.toCustomer),
    byWindow: windows,
    acknowledged,
    acknowledgedLost,
    duplicated,
    notAcknowledged: state.notAcknowledged,
    replyFailures: state.replyFailures,
    sendRetries: state.retried,
    // Why sends were retried (an error code or the refusal's message), with counts.
    sendFailures: state.sendFailures,
    replyRetries: state.replyRetries,
    liveUndelivered,
    liveUndeliveredOutsideRestart,
    ...(CLUSTER_API ? { socketReconnects: state.reconnects, resyncs: state.resyncs, unrequestedExits } : {}),
    cpu: {
      // Messages written during the run, both ways; null with the restart (two server processes).
      serverMsPerMessage:
        serverCpuEnd === null || cpuAtStart.server === null ? null : round2((serverCpuEnd - cpuAtStart.server) / Math.max(1, state.sent.size)),
      serverCoresBusy: serverCpuEnd === null || cpuAtStart.server === null ? null : round2((serverCpuEnd - cpuAtStart.server) / 1000 / runSeconds),
      clientCoresBusy: round2((clientCpu.user + clientCpu.system) / 1e6 / runSeconds),
      // PostgreSQL's processes (separate from the server's with that storage; inside it with PGlite).
      databaseMsPerMessage: databaseCpuMs === null ? null : round2(databaseCpuMs / Math.max(1, state.sent.size)),
      databaseCoresBusy: databaseCpuMs === null ? null : round2(databaseCpuMs / 1000 / runSeconds),
      // On the cluster, each kind of process (a process restarted during the run is left out): cores
      // busy, and per message what it spent beyond its idle rate.
      ...(clusterCpu
        ? {
            clusterCoresBusy: byRole(clusterCpu.spent, clusterCpu.seconds * 1000),
            clusterMsPerMessageOverIdle: byRole(overIdle(clusterCpu, idle), state.sent.size),
          }
        : {}),
    },
    cpus: os.cpus().length,
    loadavg1m: { before: loadBefore[0], after: os.loadavg()[0] },
    uptime: execSync('uptime').toString().trim(),
    goal: '0 acknowledged lost, 0 duplicated; live events lost only while the API is down',
    met: acknowledgedLost === 0 && duplicated === 0 && liveUndeliveredOutsideRestart === 0 && unrequestedExits.length === 0,
  };
  console.log(JSON.stringify(report, null, 2));
  if (!report.met) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  if (current.child && current.child.exitCode === null) current.child.kill('SIGKILL');
  if (current.cluster) current.cluster.stop().catch(() => undefined);
  if (current.dir) fs.rmSync(current.dir, { recursive: true, force: true });
  dropPostgresDatabase()
    .catch(() => undefined)
    .finally(() => process.exit(1));
});
