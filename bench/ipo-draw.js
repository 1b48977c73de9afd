// IPO draw bench: the verifiable IPO lottery (docs/ipo.md §4) over 100,000 published
// applications, both models, timed in process. It runs the very function the server, the
// verification screen and `npm run ipo-verify` run (drawIpo from @kabuto/shared-sdk/schemas),
// so it needs the SDK built: `npx lerna run build --scope @kabuto/shared-sdk`.
// Goal: well under a second per draw. Run alone: `node bench/ipo-draw.js`
// (BENCH_IPO_APPLICATIONS, BENCH_IPO_ROUNDS, BENCH_IPO_LOTS).
const crypto = require('crypto');
const os = require('os');
const { drawIpo, seedCommitment } = require('@kabuto/shared-sdk/schemas');

const APPLICATIONS = Number(process.env.BENCH_IPO_APPLICATIONS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_IPO_ROUNDS ?? 5);
/** Lots on offer: an oversubscribed issue, as popular IPOs are (about one lot per 20 applicants). */
const LOTS_AVAILABLE = Number(process.env.BENCH_IPO_LOTS ?? 5_000);

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Published applications as the server publishes them: 16-hex-digit pseudonymous ids, 1–10 lots. */
function applications(n) {
  const bytes = crypto.randomBytes(n * 9);
  const list = new Array(n);
  for (let i = 0; i < n; i++) list[i] = { id: bytes.subarray(i * 9, i * 9 + 8).toString('hex'), lots: 1 + (bytes[i * 9 + 8] % 10) };
  return list;
}

function time(fn) {
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  const result = fn();
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  const used = process.cpuUsage(cpu);
  return { result, ms, cpuMs: (used.user + used.system) / 1000 };
}

function ipoDrawBench() {
  const loadBefore = os.loadavg()[0];
  const apps = applications(APPLICATIONS);
  const tickets = { perCustomer: APPLICATIONS, weighted: apps.reduce((s, a) => s + a.lots, 0) };
  const out = {};
  for (const model of ['perCustomer', 'weighted']) {
    const runs = [];
    for (let r = 0; r < ROUNDS; r++) {
      // A fresh seed each round, as each issue has its own; the first round includes JIT warm-up.
      const seed = crypto.randomBytes(32).toString('hex');
      const run = time(() => drawIpo({ seed, model, lotsAvailable: LOTS_AVAILABLE, applications: apps }));
      const wonLots = run.result.reduce((s, w) => s + w.lots, 0);
      if (wonLots !== Math.min(LOTS_AVAILABLE, tickets[model])) throw new Error(`${model}: ${wonLots} lots drawn, expected ${LOTS_AVAILABLE}`);
      if (seedCommitment(seed) !== crypto.createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex'))
        throw new Error('commitment differs from node:crypto');
      runs.push({ ms: run.ms, cpuMs: run.cpuMs, winners: run.result.length });
    }
    out[model] = {
      tickets: tickets[model],
      perRoundMs: runs.map((r) => Math.round(r.ms * 10) / 10),
      medianMs: Math.round(median(runs.map((r) => r.ms)) * 10) / 10,
      medianCpuMs: Math.round(median(runs.map((r) => r.cpuMs)) * 10) / 10,
      maxMs: Math.round(Math.max(...runs.map((r) => r.ms)) * 10) / 10,
      winners: runs[runs.length - 1].winners,
    };
  }
  return {
    applications: APPLICATIONS,
    lotsAvailable: LOTS_AVAILABLE,
    rounds: ROUNDS,
    ...out,
    loadAverage1m: { before: loadBefore, after: os.loadavg()[0], cpus: os.cpus().length },
  };
}

module.exports = { ipoDrawBench };

if (require.main === module) {
  console.log(JSON.stringify({ bench: 'IPO lottery draw (kabuto-ipo-draw-v1, in process)', ...ipoDrawBench(), goal: 'well under 1000 ms per draw' }, null, 2));
}
