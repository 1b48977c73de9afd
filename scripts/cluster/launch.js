// Starts a whole cluster on this machine (docs/operations.md "Cluster"): PostgreSQL, nats-server
// with JetStream, venue processes (a leader and standbys for each venue partition), API servers,
// and HAProxy in front. `npm run start:cluster` and the cluster tests both use it, so a fault drill in a
// test is the same drill an operator runs: kill a process, restart it on the same port with the
// same environment, and watch the rest carry on.
//
// Every process runs in its own process group: a Ctrl-C in the terminal reaches only the
// launcher, which stops the processes in order (load balancer, API servers, venues, NATS,
// PostgreSQL), so no server sees its database vanish while it is still draining.
const { spawn, spawnSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { defaultClockStart } = require('./args');
const { haproxyConfig, checkHaproxyConfig, serverStates } = require('./haproxy');
const { freePort } = require('../test-server');

const ROOT = path.resolve(__dirname, '../..');
const SERVER_MAIN = path.join(ROOT, 'server/dist/main.js');
const MIGRATE_CLI = path.join(ROOT, 'server/dist/db/migrate-cli.js');
const CALENDAR = path.join(ROOT, 'server/dist/modules/market/rules/calendar.js');
/** The partition whose first process seeds the demo data (server/src/cluster/partitions.ts, HOME_PARTITION). */
const HOME_PARTITION = 0;
const DATABASE_NAME = 'kabuto';
/** Read by the server from its data dir when the environment does not set them (config/env.ts, ops/bootstrap.ts). */
const SECRET_FILE = 'kabuto-secret';
const OPERATOR_TOKEN_FILE = 'operator-token';
const STOP_GRACE_MS = 15_000;
const READY_TIMEOUT_MS = 180_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The first path that exists: the Debian package's place, then the PATH. */
function findBinary(name, places) {
  for (const place of [...places, ...(process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, name))]) {
    if (place && fs.existsSync(place)) return place;
  }
  return undefined;
}

/** The newest /usr/lib/postgresql/<version>/bin that has initdb. */
function findPostgresBin() {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base) ? fs.readdirSync(base).filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb'))) : [];
  versions.sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  return versions.length ? path.join(base, versions[0], 'bin') : undefined;
}

/**
 * The programs a cluster needs, and the Debian packages that bring the missing ones.
 * `needPostgres` false when a DATABASE_URL is given.
 */
function findBinaries({ needPostgres = true } = {}) {
  const found = {
    natsServer: findBinary('nats-server', ['/usr/sbin/nats-server', '/usr/bin/nats-server']),
    haproxy: findBinary('haproxy', ['/usr/sbin/haproxy']),
    postgresBin: needPostgres ? findPostgresBin() : undefined,
  };
  const missing = [];
  if (!found.natsServer) missing.push('nats-server');
  if (!found.haproxy) missing.push('haproxy');
  if (needPostgres && !found.postgresBin) missing.push('postgresql');
  return { ...found, missing };
}

/** A value kept in a file of the cluster's data dir, made once (owner-only) so restarts keep it. */
function keptSecret(file) {
  if (fs.existsSync(file)) {
    const stored = fs.readFileSync(file, 'utf8').trim();
    if (stored.length >= 16) return stored;
  }
  const value = crypto.randomBytes(32).toString('base64url');
  fs.writeFileSync(file, `${value}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return value;
}

async function answers(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

/** HAProxy's view of the API servers, from its stats page: [{ name, status: 'UP' | 'DOWN' | … }]. */
async function balancerStates(statsPort) {
  const response = await fetch(`http://127.0.0.1:${statsPort}/;csv`, { signal: AbortSignal.timeout(2_000) });
  return serverStates(await response.text());
}

/** What a venue process of `partition` prints while another holds the partition's lease (server/src/main.ts). */
const standbyLine = (partition) => new RegExp(`^standby: venue partition ${partition} is led by `, 'm');

/** A venue process's name: its partition, then a letter per process (venue-0a, venue-0b, venue-1a …). */
const venueName = (partition, index) => `venue-${partition}${String.fromCharCode(97 + index)}`;

/** `standbys` as one count for every partition, or a count per partition. */
function standbysPer(partitions, standbys) {
  const per = Array.isArray(standbys) ? standbys : Array.from({ length: partitions }, () => standbys);
  if (per.length !== partitions || !per.every((n) => Number.isInteger(n) && n >= 0 && n < 26)) {
    throw new Error(`startCluster: standbys must be a whole number (0–25) or one per partition (${partitions}), got ${JSON.stringify(standbys)}`);
  }
  return per;
}

function logSince(file, offset = 0) {
  try {
    const fd = fs.openSync(file, 'r');
    try {
      const size = fs.fstatSync(fd).size;
      const buffer = Buffer.alloc(Math.max(0, size - offset));
      fs.readSync(fd, buffer, 0, buffer.length, offset);
      return buffer.toString('utf8');
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return '';
  }
}

/** The last lines of a log, to say why a process did not come up. */
function logTail(file, lines = 30) {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** PostgreSQL refuses to run as root: as root, its programs run as the postgres user. */
function postgresIdentity() {
  if (process.getuid?.() !== 0) return {};
  const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (id.status !== 0) throw new Error('running as root, PostgreSQL needs the postgres user (apt-get install postgresql creates it)');
  return { uid: Number(id.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

function runOrThrow(cmd, args, opts = {}) {
  const result = spawnSync(cmd, args, { encoding: 'utf8', ...opts });
  if (result.error) throw result.error;
  if (result.status !== 0)
    throw new Error(`${path.basename(cmd)} ${args.join(' ')} failed (exit ${result.status}):\n${result.stdout ?? ''}${result.stderr ?? ''}`);
  return result.stdout ?? '';
}

/**
 * Starts the cluster and resolves once every process is ready (unless `wait: false`).
 *
 * @param {object} opts
 * @param {number} opts.api API servers (≥ 1)
 * @param {number} [opts.partitions] venue partitions (default 1; ≤ 64): every server is told the count
 *   (KABUTO_VENUE_PARTITIONS), each venue process its partition (KABUTO_VENUE_PARTITION)
 * @param {number | number[]} [opts.standbys] standby processes of each partition besides its leader
 *   (default 1), or one count per partition ([0, 1]: partition 0 alone, partition 1 with a standby)
 * @param {number} [opts.port] HAProxy's port (default 8080; 0 picks a free one)
 * @param {string} [opts.host] the address HAProxy binds (default 0.0.0.0)
 * @param {string} [opts.databaseUrl] an existing PostgreSQL database; else one is made under dataDir/pg
 * @param {string} [opts.clockStart] 'real', or the ISO business instant the clock reads now (default: the latest business day 09:00:05 JST)
 * @param {string} opts.dataDir where PostgreSQL, NATS, the servers' files and the logs go
 * @param {Record<string, string>} [opts.env] more environment for the Kabuto servers
 * @param {boolean} [opts.wait] wait for readiness before resolving (default true)
 * @param {(line: string) => void} [opts.log] progress lines
 * @param {(exit: { name: string, code: number | null, signal: string | null, requested: boolean, logFile: string }) => void} [opts.onExit]
 *   a process ended without stop() or restart() asking (`requested`: by kill())
 */
async function startCluster(opts) {
  const { api, dataDir } = opts;
  const partitions = opts.partitions ?? 1;
  if ('venues' in opts) throw new Error('startCluster: venues is now partitions (venue partitions) and standbys (standbys per partition)');
  if (!Number.isInteger(api) || api < 1) throw new Error('startCluster: api must be at least 1');
  if (!Number.isInteger(partitions) || partitions < 1 || partitions > 64) throw new Error('startCluster: partitions must be a whole number from 1 to 64');
  const standbys = standbysPer(partitions, opts.standbys ?? 1);
  if (!dataDir) throw new Error('startCluster: dataDir is required');
  const log = opts.log ?? (() => {});
  const onExit = opts.onExit ?? (() => {});
  const bins = findBinaries({ needPostgres: !opts.databaseUrl });
  if (bins.missing.length) {
    throw new Error(`missing programs: install them with  apt-get install ${bins.missing.join(' ')}`);
  }
  if (!fs.existsSync(SERVER_MAIN)) throw new Error(`${path.relative(ROOT, SERVER_MAIN)} is missing: build the server first (npm run build -w @kabuto/server)`);

  const logsDir = path.join(dataDir, 'logs');
  const serverDir = path.join(dataDir, 'server');
  for (const dir of [dataDir, logsDir, serverDir]) fs.mkdirSync(dir, { recursive: true });

  /** @type {Map<string, Proc>} in start order; stop() goes backwards through it by tier. */
  const procs = new Map();
  let stopping = false;

  /**
   * @typedef {{ name: string, tier: number, cmd: string, args: string[], env: NodeJS.ProcessEnv, port: number,
   *   logFile: string, uid?: number, gid?: number, stopSignal: NodeJS.Signals, ready: () => Promise<boolean>,
   *   child: import('node:child_process').ChildProcess | null, pid: number | undefined, expected: boolean,
   *   requested: boolean, exitWaiters: (() => void)[], extra?: object }} Proc
   */
  function define(spec) {
    const proc = { child: null, pid: undefined, expected: false, requested: false, exitWaiters: [], stopSignal: 'SIGTERM', ...spec };
    procs.set(proc.name, proc);
    return proc;
  }

  function launch(proc) {
    const fd = fs.openSync(proc.logFile, 'a');
    fs.writeSync(fd, `\n--- ${new Date().toISOString()} ${proc.cmd} ${proc.args.join(' ')}\n`);
    // Where this run's output starts in the log (a standby's readiness is read from it).
    proc.logStart = fs.fstatSync(fd).size;
    const child = spawn(proc.cmd, proc.args, {
      cwd: ROOT,
      env: proc.env,
      stdio: ['ignore', fd, fd],
      detached: true,
      ...(proc.uid === undefined ? {} : { uid: proc.uid, gid: proc.gid }),
    });
    fs.closeSync(fd);
    proc.child = child;
    proc.pid = child.pid;
    proc.expected = false;
    proc.requested = false;
    child.on('error', (error) => fs.appendFileSync(proc.logFile, `launcher: ${error.message}\n`));
    child.on('exit', (code, signal) => {
      if (proc.child === child) proc.child = null;
      if (!proc.expected && !stopping) onExit({ name: proc.name, code, signal, requested: proc.requested, logFile: proc.logFile });
      for (const wake of proc.exitWaiters.splice(0)) wake();
    });
  }

  function exited(proc, ms) {
    if (!proc.child) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      proc.exitWaiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  /** Asks one process to end (its own stop signal), then SIGKILL after the grace. */
  async function end(proc, graceMs = STOP_GRACE_MS) {
    if (!proc.child) return;
    proc.expected = true;
    proc.child.kill(proc.stopSignal);
    if (!(await exited(proc, graceMs)) && proc.child) {
      proc.child.kill('SIGKILL');
      await exited(proc, 5_000);
    }
  }

  async function waitProc(proc, timeoutMs = READY_TIMEOUT_MS) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (!proc.child) throw new Error(`${proc.name} exited before it was ready; the end of ${proc.logFile}:\n${logTail(proc.logFile)}`);
      if (await proc.ready()) return;
      if (Date.now() > deadline) throw new Error(`${proc.name} not ready after ${timeoutMs / 1000} s; the end of ${proc.logFile}:\n${logTail(proc.logFile)}`);
      await sleep(250);
    }
  }

  // The last resort if the launcher itself dies without stop(): nothing is left running.
  const killAll = () => {
    for (const proc of procs.values()) {
      if (proc.child?.pid) {
        try {
          process.kill(-proc.child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
  };
  process.on('exit', killAll);

  async function stop() {
    stopping = true;
    const tiers = [...new Set([...procs.values()].map((p) => p.tier))].sort((a, b) => b - a);
    for (const tier of tiers) {
      await Promise.all([...procs.values()].filter((p) => p.tier === tier).map((p) => end(p)));
    }
    process.off('exit', killAll);
  }

  try {
    const shared = {
      secret: keptSecret(path.join(serverDir, SECRET_FILE)),
      // Made here, before any server starts: servers sharing a data dir would otherwise race to make it.
      operatorToken: keptSecret(path.join(serverDir, OPERATOR_TOKEN_FILE)),
    };

    // PostgreSQL: the given database, or a cluster of our own in dataDir/pg.
    let databaseUrl = opts.databaseUrl;
    if (!databaseUrl) {
      const pgDir = path.join(dataDir, 'pg');
      const pgData = path.join(pgDir, 'data');
      const identity = postgresIdentity();
      fs.mkdirSync(pgDir, { recursive: true, mode: 0o700 });
      if (identity.uid !== undefined) {
        spawnSync('chown', ['-R', `${identity.uid}:${identity.gid}`, pgDir]);
        // The postgres user must reach its folder: a private data dir (mkdtemp makes 0700) is opened for traversal only.
        const mode = fs.statSync(dataDir).mode & 0o777;
        if ((mode & 0o001) === 0) fs.chmodSync(dataDir, mode | 0o001);
      }
      if (!fs.existsSync(path.join(pgData, 'PG_VERSION'))) {
        log(`initdb ${pgData}`);
        runOrThrow(path.join(bins.postgresBin, 'initdb'), ['-D', pgData, '-U', 'postgres', '--auth=trust', '-E', 'UTF8'], { ...identity, cwd: pgDir });
      }
      const pgPort = await freePort();
      const pgIsReady = path.join(bins.postgresBin, 'pg_isready');
      const pg = define({
        name: 'postgres',
        tier: 0,
        cmd: path.join(bins.postgresBin, 'postgres'),
        // TCP on loopback only (no Unix socket: its path would depend on the data dir's length).
        args: ['-D', pgData, '-p', String(pgPort), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=300'],
        env: { ...process.env, LC_ALL: 'C' },
        port: pgPort,
        logFile: path.join(logsDir, 'postgres.log'),
        ...identity,
        // SIGINT is PostgreSQL's fast shutdown: open sessions are ended rather than waited for.
        stopSignal: 'SIGINT',
        ready: async () => spawnSync(pgIsReady, ['-q', '-h', '127.0.0.1', '-p', String(pgPort)]).status === 0,
      });
      log(`postgres on 127.0.0.1:${pgPort}`);
      launch(pg);
      await waitProc(pg);
      const psql = path.join(bins.postgresBin, 'psql');
      const connect = ['-h', '127.0.0.1', '-p', String(pgPort), '-U', 'postgres', '-d', 'postgres', '-qtA'];
      const exists = runOrThrow(psql, [...connect, '-c', `select 1 from pg_database where datname = '${DATABASE_NAME}'`]).trim();
      if (exists !== '1') runOrThrow(psql, [...connect, '-c', `create database ${DATABASE_NAME}`]);
      databaseUrl = `postgres://postgres@127.0.0.1:${pgPort}/${DATABASE_NAME}`;
    }

    // NATS with JetStream, its monitoring port for readiness.
    const natsPort = await freePort();
    const natsMonitor = await freePort();
    const nats = define({
      name: 'nats',
      tier: 1,
      cmd: bins.natsServer,
      args: ['-js', '-sd', path.join(dataDir, 'nats'), '-p', String(natsPort), '-a', '127.0.0.1', '-m', String(natsMonitor), '-n', 'kabuto-nats'],
      env: process.env,
      port: natsPort,
      logFile: path.join(logsDir, 'nats.log'),
      extra: { monitorPort: natsMonitor },
      ready: async () => (await answers(`http://127.0.0.1:${natsMonitor}/healthz?js-enabled-only=true`)) === 200,
    });
    log(`nats-server on 127.0.0.1:${natsPort} (monitor ${natsMonitor})`);
    launch(nats);
    await waitProc(nats);

    // One time for every process: the business clock reads START at wall ANCHOR and runs at real speed.
    const clockEnv = {};
    const clockStart = opts.clockStart ?? defaultClockStart(new Date(), require(CALENDAR));
    if (clockStart === 'real') clockEnv.KABUTO_MARKET_CLOCK = 'real';
    else Object.assign(clockEnv, { KABUTO_MARKET_CLOCK_START: clockStart, KABUTO_MARKET_CLOCK_ANCHOR: new Date().toISOString() });

    const inherited = { ...process.env };
    for (const key of Object.keys(inherited)) if (key.startsWith('KABUTO_MARKET_CLOCK') || key === 'PORT' || key === 'HOST') delete inherited[key];
    const clusterEnv = {
      ...inherited,
      ...opts.env,
      DATABASE_URL: databaseUrl,
      KABUTO_NATS_URL: `nats://127.0.0.1:${natsPort}`,
      KABUTO_TRUST_PROXY: '127.0.0.1',
      KABUTO_SECRET: shared.secret,
      KABUTO_DATA_DIR: serverDir,
      // Every process decides from the same count which partition holds a code.
      KABUTO_VENUE_PARTITIONS: String(partitions),
      ...clockEnv,
    };

    // The schema once, before any server (each server also migrates under an advisory lock).
    if (fs.existsSync(MIGRATE_CLI)) {
      log('migrating the database');
      const migrateLog = path.join(logsDir, 'migrate.log');
      const result = spawnSync(process.execPath, [MIGRATE_CLI], { cwd: ROOT, env: clusterEnv, encoding: 'utf8' });
      fs.appendFileSync(migrateLog, `${result.stdout ?? ''}${result.stderr ?? ''}`);
      if (result.status !== 0) throw new Error(`migration failed (exit ${result.status}); the end of ${migrateLog}:\n${logTail(migrateLog)}`);
    }

    const server = (name, tier, role, port, extraEnv, ready, extra) =>
      define({
        name,
        tier,
        cmd: process.execPath,
        args: [SERVER_MAIN],
        env: { ...clusterEnv, KABUTO_ROLE: role, PORT: String(port), HOST: '127.0.0.1', ...extraEnv },
        port,
        logFile: path.join(logsDir, `${name}.log`),
        ready,
        extra,
      });

    /** Each partition's venue processes, its first (the one started to lead) first. */
    const venuesOf = [];
    for (let partition = 0; partition < partitions; partition += 1) {
      const own = [];
      for (let i = 0; i <= standbys[partition]; i += 1) {
        const port = await freePort();
        const standing = standbyLine(partition);
        // The leader is ready once it answers on its port. A standby waits for the lease before it
        // builds anything, its port included: it is ready once it has said it is standing by.
        const venue = server(
          venueName(partition, i),
          2,
          'venue',
          port,
          { KABUTO_VENUE_PARTITION: String(partition) },
          async () => {
            if ((await answers(`http://127.0.0.1:${port}/api/health`)) === 200) return true;
            return standing.test(logSince(venue.logFile, venue.logStart));
          },
          { partition },
        );
        own.push(venue);
      }
      venuesOf.push(own);
    }
    const apiProcs = [];
    for (let i = 1; i <= api; i += 1) {
      const port = await freePort();
      apiProcs.push(server(`api-${i}`, 3, 'api', port, {}, async () => (await answers(`http://127.0.0.1:${port}/api/health/ready`)) === 200));
    }
    for (const proc of venuesOf.flat()) log(`${proc.name} (venue, partition ${proc.extra.partition} of ${partitions}) on 127.0.0.1:${proc.port}`);
    for (const proc of apiProcs) log(`${proc.name} (api) on 127.0.0.1:${proc.port}`);
    // The home partition's first process starts alone and leads before any other: it seeds the
    // demo data, and its start-up (the simulated market) is the heaviest, so it does not share the
    // cores with the other starting servers. Then the first process of every other partition, so
    // each partition is led by its first process; then the standbys and the API servers, which
    // come up to venues that already answer.
    const [home, ...others] = venuesOf.map((own) => own[0]);
    launch(home);
    await waitProc(home);
    for (const proc of others) launch(proc);
    for (const proc of others) await waitProc(proc);
    for (const proc of [...venuesOf.flatMap((own) => own.slice(1)), ...apiProcs]) launch(proc);

    // HAProxy in front of the API servers.
    const port = opts.port === 0 ? await freePort() : (opts.port ?? 8080);
    const statsPort = await freePort();
    const cfg = path.join(dataDir, 'haproxy.cfg');
    fs.writeFileSync(cfg, haproxyConfig({ port, host: opts.host, statsPort, apis: apiProcs }));
    checkHaproxyConfig(bins.haproxy, cfg);
    const url = `http://127.0.0.1:${port}`;
    const lb = define({
      name: 'haproxy',
      tier: 4,
      cmd: bins.haproxy,
      args: ['-db', '-f', cfg],
      env: process.env,
      port,
      logFile: path.join(logsDir, 'haproxy.log'),
      extra: { statsPort, config: cfg },
      // It answers through its port, and has seen every running API server pass its check.
      ready: async () => {
        if ((await answers(`${url}/api/health/ready`)) !== 200) return false;
        const running = new Set(apiProcs.filter((p) => p.child).map((p) => p.name));
        const states = await balancerStates(statsPort).catch(() => []);
        return states.filter((s) => running.has(s.name) && s.status === 'UP').length === running.size;
      },
    });
    log(`haproxy on ${opts.host ?? '0.0.0.0'}:${port} (stats http://127.0.0.1:${statsPort}/)`);
    launch(lb);

    const cluster = {
      url,
      dataDir,
      databaseUrl,
      operatorTokenFile: path.join(serverDir, OPERATOR_TOKEN_FILE),
      clock: clockEnv,
      /** How many venue partitions (each venue process's own is in `processes`). */
      partitions,
      /** Each process as it is now (a restart changes its pid, never its port); a venue process has its `partition`. */
      get processes() {
        return [...procs.values()].map((p) => ({ name: p.name, pid: p.child?.pid, port: p.port, running: p.child !== null, logFile: p.logFile, ...p.extra }));
      },
      /** Sends a signal to one process, as an operator's `kill` would; its exit is reported with requested: true. */
      kill(name, signal = 'SIGTERM') {
        const proc = procs.get(name);
        if (!proc) throw new Error(`no process named ${name} (${[...procs.keys()].join(', ')})`);
        if (!proc.child) throw new Error(`${name} is not running`);
        proc.requested = true;
        proc.child.kill(signal);
        return exited(proc, STOP_GRACE_MS);
      },
      /**
       * Stops the process if it runs, starts it again on the same port, and waits until it is ready.
       * `env` changes its environment from then on (an operator's changed setting, e.g. KABUTO_PLACEMENTS).
       */
      async restart(name, { env } = {}) {
        const proc = procs.get(name);
        if (!proc) throw new Error(`no process named ${name} (${[...procs.keys()].join(', ')})`);
        await end(proc);
        if (env) proc.env = { ...proc.env, ...env };
        // A PostgreSQL killed with SIGKILL leaves backends that take a moment to notice and let go of
        // its shared memory; the new postmaster refuses to start until they have. Any other process
        // that ends while starting is reported as it is.
        const attempts = name === 'postgres' ? 10 : 1;
        for (let attempt = 1; ; attempt += 1) {
          launch(proc);
          try {
            await waitProc(proc);
            return;
          } catch (error) {
            if (proc.child || attempt >= attempts) throw error;
            await sleep(1_000);
          }
        }
      },
      /** Waits for one process, or for all of them, a leader of every venue partition and the balancer. */
      async waitReady(name, timeoutMs = READY_TIMEOUT_MS) {
        if (name) {
          const proc = procs.get(name);
          if (!proc) throw new Error(`no process named ${name}`);
          return waitProc(proc, timeoutMs);
        }
        for (const proc of procs.values()) await waitProc(proc, timeoutMs);
        const deadline = Date.now() + timeoutMs;
        for (let partition = 0; partition < partitions; partition += 1) {
          while (!(await cluster.leader(partition))) {
            if (Date.now() > deadline) throw new Error(`no venue process leads partition ${partition} after ${timeoutMs / 1000} s`);
            await sleep(250);
          }
        }
      },
      /** The venue process of `partition` that holds its lease (its /api/health/ready answers 200), if any. */
      async leader(partition = HOME_PARTITION) {
        const own = venuesOf[partition];
        if (!own) throw new Error(`no venue partition ${partition} (the cluster has ${partitions})`);
        for (const proc of own) {
          if (proc.child && (await answers(`http://127.0.0.1:${proc.port}/api/health/ready`)) === 200) return proc.name;
        }
        return undefined;
      },
      /** The balancer's view of the API servers: [{ name, status: 'UP' | 'DOWN' | … }]. */
      balancerServers: () => balancerStates(statsPort),
      stop,
    };
    if (opts.wait !== false) await cluster.waitReady();
    return cluster;
  } catch (error) {
    await stop();
    throw error;
  }
}

module.exports = { startCluster, findBinaries, freePort };
