// `npm run start:cluster -- --api 3 --venues 2 [--standbys 1] [--port 8080] [--clock real|<ISO>]`:
// the same build as `npm start`, run as a cluster on this machine (docs/operations.md "Cluster"):
// PostgreSQL, nats-server, each venue partition's leader and standbys, API servers, HAProxy on the port.
// Ctrl-C stops everything in order. A process that ends by itself (or that an operator kills)
// is reported and the rest keep running: that is what the fault drills are for. Lines typed
// into the terminal drive the drills: `status`, `kill <name> [SIGNAL]`, `restart <name>`.
const os = require('os');
const path = require('path');
const readline = require('readline');
const { ROOT, buildForServing, ensureInstalled, seconds } = require('./lib');
const { USAGE, parseClusterArgs } = require('./cluster/args');
const { findBinaries, startCluster } = require('./cluster/launch');

function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  return rows
    .map((row) =>
      row
        .map((cell, i) => cell.padEnd(widths[i]))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** A path as short as it reads: relative inside the repository, absolute elsewhere. */
function shown(file) {
  const relative = path.relative(ROOT, file);
  return relative && !relative.startsWith('..') ? relative : file;
}

/** An instant as a JST wall time, the way the market's hours are written. */
function jst(iso) {
  return `${new Date(Date.parse(iso) + 9 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ')} JST`;
}

/** Each partition's leading process (undefined while none leads), in partition order. */
async function leaders(cluster) {
  const out = [];
  for (let partition = 0; partition < cluster.partitions; partition += 1) out.push(await cluster.leader(partition));
  return out;
}

/** A venue process's part: `partition 1, leader` / `partition 1, standby`; '' for the others. */
function venuePart(p, leading) {
  if (p.partition === undefined) return '';
  return `partition ${p.partition}, ${leading.includes(p.name) ? 'leader' : 'standby'}`;
}

function describe(cluster, host, leading) {
  const rows = [['process', 'venue', 'listens on', 'pid', 'log']];
  for (const p of cluster.processes) {
    let listens = `127.0.0.1:${p.port}`;
    if (p.name === 'haproxy') listens = `${host}:${p.port} (stats 127.0.0.1:${p.statsPort})`;
    if (p.name === 'nats') listens += ` (monitor 127.0.0.1:${p.monitorPort})`;
    // A standby opens its port only once it leads.
    if (p.partition !== undefined && !leading.includes(p.name)) listens += ' (once it leads)';
    rows.push([p.name, venuePart(p, leading), listens, String(p.pid ?? '-'), shown(p.logFile)]);
  }
  const clock =
    cluster.clock.KABUTO_MARKET_CLOCK === 'real'
      ? 'the real calendar'
      : `${jst(cluster.clock.KABUTO_MARKET_CLOCK_START)} at ${cluster.clock.KABUTO_MARKET_CLOCK_ANCHOR}, then real speed (simulated)`;
  return `${table(rows)}

database        ${cluster.databaseUrl}
business clock  ${clock}
operator token  ${shown(cluster.operatorTokenFile)}  (KABUTO_DATA_DIR=${shown(path.dirname(cluster.operatorTokenFile))} npm run ops -- …)`;
}

const COMMANDS = 'commands: status | kill <process> [SIGKILL|SIGTERM|…] | restart <process> (same port, same environment)';

async function status(cluster) {
  const servers = await cluster.balancerServers().catch(() => []);
  const leading = await leaders(cluster);
  const rows = [['process', 'pid', 'state']];
  for (const p of cluster.processes) {
    const seen = servers.find((s) => s.name === p.name);
    // An ended venue process is neither leader nor standby: only its partition is said.
    const venue = p.partition === undefined ? '' : p.running ? `, venue ${venuePart(p, leading)}` : `, venue partition ${p.partition}`;
    rows.push([p.name, String(p.pid ?? '-'), `${p.running ? 'running' : 'ended'}${seen ? `, ${seen.status} in HAProxy` : ''}${venue}`]);
  }
  const without = leading.flatMap((name, partition) => (name ? [] : [partition]));
  console.log(table(rows));
  if (without.length) console.log(`no leader (yet) of venue partition ${without.join(', ')}`);
}

/** The fault drills from the terminal: one command a line. */
function acceptCommands(cluster) {
  const lines = readline.createInterface({ input: process.stdin });
  lines.on('line', async (line) => {
    const [command, name, signal] = line.trim().split(/\s+/);
    try {
      if (!command) return;
      if (command === 'status') await status(cluster);
      else if (command === 'kill' && name) {
        console.log(`${signal ?? 'SIGTERM'} → ${name}`);
        await cluster.kill(name, signal ?? 'SIGTERM');
      } else if (command === 'restart' && name) {
        const started = performance.now();
        console.log(`restarting ${name}`);
        await cluster.restart(name);
        console.log(`${name} ready again in ${seconds(performance.now() - started)} s (pid ${cluster.processes.find((p) => p.name === name).pid})`);
      } else console.log(COMMANDS);
    } catch (error) {
      console.log(error instanceof Error ? error.message : error);
    }
  });
}

async function main() {
  let args;
  try {
    args = parseClusterArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (args.help) {
    console.log(USAGE);
    return;
  }
  // Before the long build: the programs a cluster needs come from Debian packages.
  const { missing } = findBinaries({ needPostgres: !args.databaseUrl });
  if (missing.length) {
    console.error(`start:cluster needs ${missing.join(', ')}: apt-get install ${missing.join(' ')}`);
    process.exit(1);
  }
  ensureInstalled();
  const cores = os.availableParallelism();
  await buildForServing(cores);

  let cluster;
  let stopping = false;
  const stop = async (signal) => {
    if (stopping) {
      console.log('\nstopping already; a second signal ends the launcher and kills what is left');
      process.exit(1);
    }
    stopping = true;
    console.log(`\n${signal}: stopping the balancer, the API servers, the venues, NATS, then PostgreSQL`);
    if (cluster) await cluster.stop();
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stop(signal));

  const host = process.env.HOST?.trim() || '0.0.0.0';
  console.log(
    `\nstarting ${args.api} API server(s) and ${args.partitions} venue partition(s), each a leader and ${args.standbys} standby(s), in ${shown(args.dataDir)}`,
  );
  cluster = await startCluster({
    api: args.api,
    partitions: args.partitions,
    standbys: args.standbys,
    port: args.port,
    host,
    databaseUrl: args.databaseUrl,
    clockStart: args.clock,
    dataDir: args.dataDir,
    // Paper money, as with `npm start`: demo deposits are approved automatically, and the screens say so.
    env: { KABUTO_DEMO_AUTO_APPROVE_DEPOSITS: process.env.KABUTO_DEMO_AUTO_APPROVE_DEPOSITS ?? '1' },
    log: (line) => console.log(`  ${line}`),
    onExit: ({ name, code, signal, logFile }) => {
      const how = signal ? `on ${signal}` : `with exit code ${code}`;
      console.log(
        `\n! ${name} ended ${how}; the others keep running (its log: ${shown(logFile)}). Type "restart ${name}" to start it again; Ctrl-C stops the cluster.`,
      );
    },
  });
  const leading = await leaders(cluster);
  const led = leading.map((name, partition) => `partition ${partition}: ${name ?? 'none yet'}`).join(', ');
  console.log(`\n${describe(cluster, host, leading)}\nvenue leaders   ${led}`);
  console.log(`\n${COMMANDS}`);
  acceptCommands(cluster);
  console.log(
    `\nKabuto cluster ready in ${seconds(performance.now())} s on http://localhost:${args.port} (${cores} cores, load ${os.loadavg()[0].toFixed(1)})`,
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
