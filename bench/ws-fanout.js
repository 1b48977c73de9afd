// WebSocket fan-out of live quotes, measured side by side in one run:
//   kabuto = the built server (`/ws`, simulator pumped every 250 ms, per-client throttle)
//   raw    = a bare `ws` server in a child process of this one that replays exactly the
//            publishes the kabuto run delivered (same codes, same frame bodies, same timing)
//            to the same clients with the same subscriptions — a floor for the same ticks.
// N clients (BENCH_WS_CLIENTS, default 10000, the dashboard goal) each subscribe to 20 codes. Printed: delivered
// ticks/s and p99 tick-to-client latency (the server stamps each frame with its send time `t`;
// both sides read the same wall clock) for both, and kabuto / raw.
// Dashboard goal: 10,000 clients, p99 <= 50 ms, ticks/s >= 50 % of raw.
// Loopback only; every loop is bounded and the run stops by itself.
const { fork } = require('child_process');
const WebSocket = require('ws');

const CODES_PER_CLIENT = 20;
const CONNECT_BATCH = 100;

// ---- raw broadcast server (child process) -----------------------------------------------
// A process of its own, not a worker thread: at 10,000 clients the clients' and the
// server's sockets together exceed one process's file-descriptor limit (EMFILE).
const RAW_CHILD = process.env.BENCH_WS_RAW_CHILD === '1';
if (RAW_CHILD) {
  const parentPort = { postMessage: (msg) => process.send(msg), on: (event, fn) => process.on(event, fn) };
  const { WebSocketServer } = WebSocket;
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  const subscribers = new Map(); // code -> Set<socket>
  let delivered = 0;
  wss.on('connection', (socket) => {
    socket.on('message', (data) => {
      const frame = JSON.parse(data.toString());
      if (frame.op !== 'subscribe') return;
      for (const code of frame.codes) {
        if (!subscribers.has(code)) subscribers.set(code, new Set());
        subscribers.get(code).add(socket);
      }
      socket.send(JSON.stringify({ op: 'subscribed', channel: frame.channel, codes: frame.codes, id: frame.id }));
    });
    socket.on('close', () => {
      for (const set of subscribers.values()) set.delete(socket);
    });
  });
  wss.on('listening', () => parentPort.postMessage({ type: 'listening', port: wss.address().port }));
  parentPort.on('message', (msg) => {
    if (msg.type === 'replay') {
      // publishes: [{ offset, code, body }] sorted by offset; body = frame text after `"t":<n>`.
      const { publishes } = msg;
      const start = performance.now();
      let i = 0;
      const step = () => {
        const elapsed = performance.now() - start;
        while (i < publishes.length && publishes[i].offset <= elapsed) {
          const p = publishes[i];
          i += 1;
          const t = performance.timeOrigin + performance.now();
          const text = `${p.head}${t.toFixed(3)}${p.tail}`;
          for (const socket of subscribers.get(p.code) ?? []) {
            socket.send(text);
            delivered += 1;
          }
        }
        if (i < publishes.length) setTimeout(step, Math.max(0, Math.min(20, publishes[i].offset - (performance.now() - start))));
        else parentPort.postMessage({ type: 'replayed', delivered });
      };
      step();
    } else if (msg.type === 'stop') {
      for (const c of wss.clients) c.terminate();
      wss.close(() => process.exit(0));
    }
  });
  return;
}

// ---- main thread ----------------------------------------------------------------------------
const { startTestServer } = require('../scripts/test-server');
// Seeded: the same clients subscribe to the same codes on every run.
const { prng } = require('./support');

const N = Number(process.env.BENCH_WS_CLIENTS || 10000);
const SECONDS = Number(process.env.BENCH_WS_SECONDS || 10);
const SETTLE_MS = 2000;

function pickCodes(all, rand) {
  const chosen = new Set();
  while (chosen.size < Math.min(CODES_PER_CLIENT, all.length)) chosen.add(all[Math.floor(rand() * all.length)]);
  return [...chosen];
}

async function post(url, action, form) {
  const res = await fetch(`${url}/api/vue/market/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return res.json();
}

const now = () => performance.timeOrigin + performance.now();

/** Frame text → its code and send stamp, without parsing the whole JSON. */
const STAMP = /^\{"channel":"quote","code":"([^"]+)","t":([\d.]+),/;

function p99(values) {
  if (values.length === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))];
}

/**
 * Connects the clients to `wsUrl`, subscribes each to its codes, then measures for SECONDS.
 * `record` (optional) receives every measured frame; `onMeasureStart` runs as measuring begins.
 */
async function runClients(wsUrl, plans, record, onMeasureStart) {
  const sockets = [];
  const state = { measuring: false, delivered: 0, latencies: [] };
  for (let i = 0; i < plans.length; i += CONNECT_BATCH) {
    const batch = plans.slice(i, i + CONNECT_BATCH).map(
      (codes) =>
        new Promise((resolve, reject) => {
          const ws = new WebSocket(wsUrl);
          const timer = setTimeout(() => reject(new Error('subscribe timed out')), 30_000);
          ws.on('message', (data) => {
            const text = data.toString();
            const m = STAMP.exec(text);
            if (!m) {
              if (text.includes('"op":"subscribed"')) {
                clearTimeout(timer);
                resolve();
              } else if (text.includes('"op":"error"')) reject(new Error(text));
              return;
            }
            if (!state.measuring) return;
            state.delivered += 1;
            state.latencies.push(now() - Number(m[2]));
            if (record) record(m[1], Number(m[2]), text);
          });
          ws.on('open', () => ws.send(JSON.stringify({ op: 'subscribe', channel: 'quote', codes, id: 1 })));
          ws.on('error', reject);
          sockets.push(ws);
        }),
    );
    await Promise.all(batch);
  }
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  state.measuring = true;
  const started = now();
  if (onMeasureStart) onMeasureStart();
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  state.measuring = false;
  const elapsed = (now() - started) / 1000;
  for (const ws of sockets) ws.terminate();
  return { delivered: state.delivered, rate: state.delivered / elapsed, p99: p99(state.latencies), started };
}

async function waitForWarmBoard(url) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const answer = await post(url, 'rankings', { type: 'hot', limit: '1' });
    if (answer.data && answer.data.complete) return answer.data;
    await new Promise((r) => setTimeout(r, 500));
  }
  return null;
}

async function main() {
  console.log(`ws fan-out: ${N} clients × ${CODES_PER_CLIENT} codes, ${SECONDS} s measured per side`);
  const server = await startTestServer();
  let worker = null;
  try {
    const warm = await waitForWarmBoard(server.url);
    console.log(warm ? `  market warm: ${warm.ready}/${warm.total} instruments` : '  market not fully warm after 120 s; continuing');
    const codes = [];
    for (let offset = 0; offset < 1000; offset += 100) {
      const page = await post(server.url, 'stocks', { kind: 'all', offset: String(offset), limit: '100' });
      codes.push(...page.data.items.map((i) => i.code));
      if (codes.length >= page.data.total) break;
    }
    const rand = prng(20250630);
    const plans = Array.from({ length: N }, () => pickCodes(codes, rand));

    // Kabuto: record each distinct publish (code + server stamp) with its frame text.
    const publishes = new Map();
    const kabuto = await runClients(`${server.url.replace('http', 'ws')}/ws`, plans, (code, t, text) => {
      const key = `${code}|${t}`;
      if (!publishes.has(key)) publishes.set(key, { t, code, text });
    });

    // Raw: the same publishes, same spacing, same bodies, to the same subscriptions.
    worker = fork(__filename, [], { env: { ...process.env, BENCH_WS_RAW_CHILD: '1' } });
    const port = await new Promise((resolve) => worker.on('message', (m) => m.type === 'listening' && resolve(m.port)));
    const firstT = [...publishes.values()].reduce((min, p) => Math.min(min, p.t), Infinity);
    const schedule = [...publishes.values()]
      .sort((a, b) => a.t - b.t)
      .map((p) => {
        const at = p.text.indexOf('"t":') + 4;
        const end = p.text.indexOf(',', at);
        return { offset: p.t - firstT, code: p.code, head: p.text.slice(0, at), tail: p.text.slice(end) };
      });
    const raw = await runClients(`ws://127.0.0.1:${port}`, plans, null, () => worker.send({ type: 'replay', publishes: schedule }));

    const ratio = raw.rate > 0 ? kabuto.rate / raw.rate : NaN;
    const fmt = (r) =>
      `${Math.round(r.rate).toLocaleString('en-US')} ticks/s delivered, p99 ${r.p99.toFixed(1)} ms (${r.delivered.toLocaleString('en-US')} frames)`;
    console.log(`  kabuto /ws : ${fmt(kabuto)}`);
    console.log(`  raw ws     : ${fmt(raw)}  [replay of ${schedule.length.toLocaleString('en-US')} publishes]`);
    console.log(
      `  ratio kabuto/raw ticks/s: ${(ratio * 100).toFixed(1)} %  (goal >= 50 %); kabuto p99 ${kabuto.p99.toFixed(1)} ms (goal <= 50 ms at 10,000 clients)`,
    );
  } finally {
    if (worker) {
      worker.send({ type: 'stop' });
      await new Promise((r) => worker.once('exit', r));
    }
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
