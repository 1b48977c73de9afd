// CPU each process of a cluster started by scripts/cluster/launch.js has spent (user + system,
// from /proc): the API servers, the venue processes, nats-server, HAProxy, PostgreSQL summed over
// its processes, and the bench itself ('load generator'). Per request or message it is the cost
// model: it does not depend on how the cores were shared, as the latencies do.
const fs = require('fs');
const { processCpuMs } = require('./process-cpu');

/** The postmaster and every process it started (backends, autovacuum, WAL writer …): pid → CPU ms. */
function postgresCpu(postmasterPid) {
  const out = new Map();
  if (!postmasterPid) return out;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ');
      // Field 4 of stat (ppid) is the second after the command.
      if (Number(entry) === postmasterPid || Number(fields[1]) === postmasterPid) {
        const cpu = processCpuMs(entry);
        if (cpu !== null) out.set(Number(entry), cpu);
      }
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** CPU ms so far of each running process of the cluster (PostgreSQL summed over its processes). */
function cpuSnapshot(cluster) {
  const procs = cluster.processes.filter((p) => p.running && p.pid);
  const perProcess = {};
  for (const p of procs) if (p.name !== 'postgres') perProcess[p.name] = { pid: p.pid, ms: processCpuMs(p.pid) };
  const pg = postgresCpu(procs.find((p) => p.name === 'postgres')?.pid);
  return { at: performance.now(), perProcess, postgres: pg, self: process.cpuUsage() };
}

/** CPU ms each process spent between two snapshots; PostgreSQL's processes that ended meanwhile are not counted. */
function cpuSpent(before, after) {
  const spent = {};
  for (const [name, a] of Object.entries(after.perProcess)) {
    const b = before.perProcess[name];
    if (b && b.pid === a.pid && a.ms !== null && b.ms !== null) spent[name] = a.ms - b.ms;
  }
  let pg = 0;
  for (const [pid, ms] of after.postgres) pg += ms - (before.postgres.get(pid) ?? 0);
  spent.postgres = pg;
  const self = process.cpuUsage(before.self);
  spent['load generator'] = (self.user + self.system) / 1000;
  return { spent, seconds: (after.at - before.at) / 1000 };
}

/** What each process spends with nothing asked of it (the venue's simulated market, health checks …): CPU ms per second. */
async function idleCpu(cluster, seconds) {
  const before = cpuSnapshot(cluster);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const { spent, seconds: measured } = cpuSpent(before, cpuSnapshot(cluster));
  return Object.fromEntries(Object.entries(spent).map(([name, ms]) => [name, ms / measured]));
}

/** The kind of a cluster process by its launcher name: api-2 → api, venue-0a → venue. */
const roleOf = (name) => (name.startsWith('api-') ? 'api' : name.startsWith('venue-') ? 'venue' : name);

module.exports = { cpuSnapshot, cpuSpent, idleCpu, roleOf };
