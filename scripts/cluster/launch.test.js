// The cluster launcher's parts that need no Kabuto server: the load balancer's configuration
// (accepted by HAProxy itself, and the health checks it makes really do take a dead server out),
// the command's arguments and its default business clock. Run by `npm test` (scripts/test.js);
// needs /usr/sbin/haproxy (.ci/run installs it).
const assert = require('node:assert/strict');
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');
const { test } = require('node:test');
const { parseClusterArgs, defaultClockStart } = require('./args');
const { haproxyConfig, checkHaproxyConfig, serverStates } = require('./haproxy');
const { findBinaries, freePort, startCluster } = require('./launch');

const ROOT = path.resolve(__dirname, '../..');
const { haproxy } = findBinaries({ needPostgres: false });
const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'kabuto-cluster-'));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

test('the generated haproxy.cfg passes haproxy -c and balances without stickiness', () => {
  assert.ok(haproxy, 'haproxy is installed (apt-get install haproxy)');
  const dir = tmp();
  const file = path.join(dir, 'haproxy.cfg');
  const text = haproxyConfig({
    port: 8080,
    statsPort: 8404,
    apis: [
      { name: 'api-1', port: 3001 },
      { name: 'api-2', port: 3002 },
      { name: 'api-3', port: 3003 },
    ],
  });
  fs.writeFileSync(file, text);
  checkHaproxyConfig(haproxy, file);
  assert.match(text, /^ {2}bind 0\.0\.0\.0:8080$/m);
  assert.match(text, /^ {2}balance roundrobin$/m);
  assert.match(text, /^ {2}option httpchk GET \/api\/health\/ready$/m);
  assert.match(text, /^ {2}http-check expect status 200$/m);
  assert.match(text, /^ {2}default-server inter 1s fall 2 rise 1$/m);
  assert.match(text, /^ {2}timeout tunnel 1h$/m);
  assert.match(text, /^ {2}option forwardfor$/m);
  for (const n of [1, 2, 3]) assert.match(text, new RegExp(`^ {2}server api-${n} 127\\.0\\.0\\.1:300${n} check$`, 'm'));
  // The operators' event stream alone goes out without waiting for full packets, on the same servers.
  assert.match(text, /^ {2}use_backend api_stream if \{ path \/api\/ops\/support\/live \}$/m);
  const stream = text.slice(text.indexOf('backend api_stream'));
  assert.match(stream, /^ {2}option http-no-delay$/m);
  assert.equal(text.match(/option http-no-delay/g).length, 1);
  for (const n of [1, 2, 3]) assert.match(stream, new RegExp(`^ {2}server api-${n} 127\\.0\\.0\\.1:300${n} track api/api-${n}$`, 'm'));
  // No sticky sessions of any kind.
  assert.doesNotMatch(text, /\b(cookie|stick|balance source|hash-type)\b/);
  fs.rmSync(dir, { recursive: true, force: true });
});

test('haproxy -c refusing a configuration is reported with its words', () => {
  const dir = tmp();
  const file = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(
    file,
    haproxyConfig({ port: 8080, statsPort: 8404, apis: [{ name: 'api-1', port: 3001 }] }).replace('balance roundrobin', 'balance nonsense'),
  );
  assert.throws(() => checkHaproxyConfig(haproxy, file), /haproxy refused [\s\S]*balance only supports/);
  assert.throws(() => haproxyConfig({ port: 8080, statsPort: 8404, apis: [] }), /at least one API server/);
  fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * HAProxy on free ports with the generated configuration for `apis`, stopped after the test; resolves
 * once its stats say `ready(states)` (or after 10 s), with the states it last read.
 */
async function startHaproxy(t, dir, apis, ready) {
  const [port, statsPort] = [await freePort(), await freePort()];
  const file = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(file, haproxyConfig({ port, host: '127.0.0.1', statsPort, apis }));
  const child = spawn(haproxy, ['-db', '-f', file], { stdio: 'ignore' });
  t.after(() => child.kill('SIGKILL'));
  let states = [];
  for (let i = 0; i < 100; i += 1) {
    try {
      states = serverStates(await (await fetch(`http://127.0.0.1:${statsPort}/;csv`)).text());
      if (ready(states)) break;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  return { port, states: states.map((s) => [s.name, s.status.split(' ')[0]]) };
}

test('HAProxy with the generated configuration serves the ready server and marks the dead one DOWN', async (t) => {
  const dir = tmp();
  // One stand-in answering the readiness path, one port where nothing listens (a killed server).
  const alive = http.createServer((request, response) => {
    response.statusCode = request.url === '/api/health/ready' ? 200 : 404;
    response.end(JSON.stringify({ url: request.url, forwardedFor: request.headers['x-forwarded-for'] ?? null }));
  });
  await new Promise((resolve) => alive.listen(0, '127.0.0.1', resolve));
  t.after(() => alive.close());
  const apis = [
    { name: 'api-1', port: alive.address().port },
    { name: 'api-2', port: await freePort() },
  ];
  const { port, states } = await startHaproxy(
    t,
    dir,
    apis,
    (all) => all.find((s) => s.name === 'api-2')?.status.startsWith('DOWN') && all.find((s) => s.name === 'api-1')?.status === 'UP',
  );
  assert.deepEqual(states, [
    ['api-1', 'UP'],
    ['api-2', 'DOWN'],
  ]);
  // Every request lands on the live server; a forged client address is replaced by the one HAProxy saw.
  for (let i = 0; i < 4; i += 1) {
    const response = await fetch(`http://127.0.0.1:${port}/api/anything`, { headers: { 'X-Forwarded-For': '203.0.113.9' } });
    assert.equal(response.status, 404);
    assert.deepEqual(await response.json(), { url: '/api/anything', forwardedFor: '127.0.0.1' });
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

test('HAProxy with every API server DOWN sends to them unchecked rather than answering 503', async (t) => {
  const dir = tmp();
  // A server too busy to pass its readiness check (it answers it 503 here, as a timed-out check
  // counts), but still answering everything else, and one where nothing listens (dead).
  const busy = http.createServer((request, response) => {
    response.statusCode = request.url === '/api/health/ready' ? 503 : 200;
    response.end(JSON.stringify({ url: request.url }));
  });
  await new Promise((resolve) => busy.listen(0, '127.0.0.1', resolve));
  t.after(() => busy.close());
  const apis = [
    { name: 'api-1', port: busy.address().port },
    { name: 'api-2', port: await freePort() },
  ];
  const { port, states } = await startHaproxy(t, dir, apis, (all) => all.length === 2 && all.every((s) => s.status.startsWith('DOWN')));
  assert.deepEqual(states, [
    ['api-1', 'DOWN'],
    ['api-2', 'DOWN'],
  ]);
  // Round robin over both: the dead one's refusals are retried on the busy one, so every call is answered.
  for (let i = 0; i < 4; i += 1) {
    const response = await fetch(`http://127.0.0.1:${port}/api/anything`);
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { url: '/api/anything' });
    const stream = await fetch(`http://127.0.0.1:${port}/api/ops/support/live`);
    assert.equal(stream.status, 200);
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

test('arguments: defaults, each option, and refusals that say what is wrong', () => {
  const defaults = parseClusterArgs([], {});
  assert.deepEqual(defaults, {
    help: false,
    api: 2,
    partitions: 1,
    standbys: 1,
    port: 8080,
    clock: undefined,
    dataDir: path.join(ROOT, 'data', 'cluster'),
    databaseUrl: undefined,
  });
  assert.deepEqual(parseClusterArgs(['--api', '3', '--venues', '4', '--standbys', '0', '--port', '9090', '--clock', 'real', '--data-dir', '/tmp/c'], {}), {
    help: false,
    api: 3,
    partitions: 4,
    standbys: 0,
    port: 9090,
    clock: 'real',
    dataDir: '/tmp/c',
    databaseUrl: undefined,
  });
  assert.equal(parseClusterArgs(['--api=4'], {}).api, 4);
  assert.equal(parseClusterArgs(['--clock', '2026-12-03T09:00:05+09:00'], {}).clock, '2026-12-03T09:00:05+09:00');
  assert.equal(parseClusterArgs([], { PORT: '8181' }).port, 8181);
  assert.equal(parseClusterArgs([], { DATABASE_URL: 'postgres://u@db/kabuto' }).databaseUrl, 'postgres://u@db/kabuto');
  assert.equal(parseClusterArgs(['-h'], {}).help, true);
  assert.throws(() => parseClusterArgs(['--api', '0'], {}), /--api must be a whole number from 1 to 64, got "0"/);
  assert.throws(() => parseClusterArgs(['--venues', 'two'], {}), /--venues must be a whole number/);
  assert.throws(() => parseClusterArgs(['--venues', '65'], {}), /--venues must be a whole number from 1 to 64, got "65"/);
  assert.throws(() => parseClusterArgs(['--venues', '1.5'], {}), /--venues must be a whole number/);
  assert.throws(() => parseClusterArgs(['--standbys=-1'], {}), /--standbys must be a whole number from 0 to 64, got "-1"/);
  assert.throws(() => parseClusterArgs(['--port', '70000'], {}), /--port must be a port number/);
  assert.throws(() => parseClusterArgs(['--clock', '2026-12-03T09:00'], {}), /--clock must be "real" or an ISO instant with its zone/);
  assert.throws(() => parseClusterArgs(['--clock', 'demo'], {}), /--clock must be/);
  assert.throws(() => parseClusterArgs(['--apis', '3'], {}), /Unknown option '--apis'/);
  assert.throws(() => parseClusterArgs(['3'], {}), /unexpected argument "3"/);
});

test('startCluster refuses the old venues option and standbys that do not fit the partitions, before starting anything', async () => {
  const dataDir = path.join(os.tmpdir(), 'kabuto-cluster-never-made');
  await assert.rejects(startCluster({ api: 1, venues: 2, dataDir }), /venues is now partitions/);
  await assert.rejects(startCluster({ api: 1, partitions: 0, dataDir }), /partitions must be a whole number from 1 to 64/);
  await assert.rejects(startCluster({ api: 1, partitions: 2, standbys: [1], dataDir }), /one per partition \(2\), got \[1\]/);
  await assert.rejects(startCluster({ api: 1, partitions: 1, standbys: -1, dataDir }), /standbys must be a whole number/);
  assert.equal(fs.existsSync(dataDir), false);
});

test('the command refuses bad arguments with the usage, before building anything', () => {
  const result = spawnSync(process.execPath, [path.join(ROOT, 'scripts/start-cluster.js'), '--api', '0'], { encoding: 'utf8' });
  assert.equal(result.status, 2);
  assert.match(result.stderr, /--api must be a whole number/);
  assert.match(result.stderr, /npm run start:cluster -- \[--api N\]/);
});

test('the default business clock is the latest business day at 09:00:05 JST', () => {
  // A weekday calendar stands in for the server's (holidays aside, the same three functions).
  const HOUR = 3_600_000;
  const key = (d) => d.toISOString().slice(0, 10);
  const calendar = {
    jstDateKey: (at) => key(new Date(at.getTime() + 9 * HOUR)),
    businessDayOnOrBefore: (k) => {
      let d = new Date(`${k}T00:00:00Z`);
      while ([0, 6].includes(d.getUTCDay())) d = new Date(d.getTime() - 24 * HOUR);
      return key(d);
    },
    atJst: (k, second) => new Date(new Date(`${k}T00:00:00Z`).getTime() - 9 * HOUR + second * 1000),
  };
  // Thursday 19:02 JST: that morning.
  assert.equal(defaultClockStart(new Date('2026-12-03T10:02:00Z'), calendar), '2026-12-03T00:00:05.000Z');
  // Friday 00:30 JST is still Thursday 15:30 UTC: Friday morning, by the JST date.
  assert.equal(defaultClockStart(new Date('2026-12-03T15:30:00Z'), calendar), '2026-12-04T00:00:05.000Z');
  // Sunday: the Friday before.
  assert.equal(defaultClockStart(new Date('2026-12-06T03:00:00Z'), calendar), '2026-12-04T00:00:05.000Z');
});
