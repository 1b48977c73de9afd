// The cluster under faults (docs/operations.md "Cluster"): two API servers behind HAProxy, a venue
// leader and its standby, PostgreSQL and nats-server, all real processes. Customers place orders
// through the load balancer while a process is killed; afterwards the history checker reads the
// database: every acknowledged order exactly once and in one final state, fills unique by trade
// id, positions equal to their fills, the ledger balanced, and the venue's input log replayed into
// fresh books gives exactly the fills written. Figures are printed for the note.
import {
  type Acknowledged,
  type Cluster,
  type Customer,
  type Frame,
  type OpenedDatabase,
  type OrderStream,
  type StreamFigures,
  connectWs,
  createProbeCustomer,
  direct as directTo,
  expectHistoryClean as historyClean,
  leaderName as leaderOf,
  portOf as portIn,
  probe,
  replayVenueLog,
  sleep,
  startSuiteCluster,
  stopSuiteCluster,
} from './harness';

let dir: string | undefined;
let cluster: Cluster;
let database: OpenedDatabase;
let customers: Customer[];
let lowerLimit: number;
const acknowledged = new Map<string, Acknowledged>();
const figures: Record<string, unknown> = {};
let unexpectedExits: string[] = [];

const portOf = (name: string): number => portIn(cluster, name);
const direct = (name: string): string => directTo(cluster, name);
const leaderName = (): Promise<string> => leaderOf(cluster);

/** Streams placements through the load balancer while `fault` runs; returns the stream's figures. */
async function underLoad(prefix: string, fault: (stream: OrderStream) => Promise<void>): Promise<StreamFigures & { stalledMs: number | null }> {
  const stream = new probe.OrderStream(() => cluster.url, customers, prefix, lowerLimit);
  stream.start(4);
  await sleep(1_500);
  await fault(stream);
  await sleep(1_500);
  const result = await stream.stop();
  for (const [key, a] of stream.acknowledged) acknowledged.set(key, a);
  expect(result.refused).toEqual([]);
  expect(result.acknowledged).toBeGreaterThan(0);
  return { ...result, stalledMs: stream.stalledMs };
}

const expectHistoryClean = (): ReturnType<typeof historyClean> => historyClean(database.db, customers, acknowledged);

beforeAll(async () => {
  ({ dir, cluster, database, customers } = await startSuiteCluster(
    { api: 2, partitions: 1, standbys: 1 },
    [0, 1, 2].map((i) => `90980000${i}1`),
    (what) => unexpectedExits.push(what),
  ));
  lowerLimit = await probe.lowerLimitYen(cluster.url);
}, 240_000);

afterAll(async () => {
  console.log(`cluster figures: ${JSON.stringify(figures)}`);
  await stopSuiteCluster({ dir, cluster, database });
});

test('orders through different API servers; the fill reaches a socket held by another server', async () => {
  const [customer] = customers;
  if (!customer) throw new Error('no customer');
  const socket = await connectWs(`ws://127.0.0.1:${portOf('api-2')}/ws`);
  try {
    socket.send({ op: 'auth', token: customer.token, account: customer.account, id: 'a' });
    await socket.until((f) => f.some((x) => x.op === 'authed'), 'authed');
    const placed = await probe.tradeCall(direct('api-1'), customer, 'place', probe.orderForm(3, 'direct-000001', lowerLimit));
    expect(placed).toMatchObject({ status: 1 });
    if (!placed.data) throw new Error('no position');
    acknowledged.set('direct-000001', { key: 'direct-000001', positionId: placed.data.id, userId: customer.userId });
    // A market buy: its fill, written by the venue leader, is pushed to the socket on api-2.
    await socket.until((f) => f.some((x) => x.channel === 'user' && x.event === 'fill'), 'a fill event on api-2', 30_000);
    const listed = await probe.tradeCall(direct('api-2'), customer, 'detail', { id: String(placed.data.id) });
    expect(listed).toMatchObject({ status: 1, data: { id: placed.data.id } });
  } finally {
    socket.close();
  }
});

/** A customer call straight to one server: the envelope's status (1 = answered, else refused). */
async function statusAt(base: string, path: string, customer: Customer, form: Record<string, string> = {}): Promise<number> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { token: customer.token, account: customer.account, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
    signal: AbortSignal.timeout(10_000),
  });
  return ((await res.json()) as { status: number }).status;
}

test('a session signed out through one API server is refused at once by the other and by the venue leader, though both had it remembered', async () => {
  const customer = await createProbeCustomer(database.db, '9098000091');
  // Remembered (5 s) on api-2 (user/info) and on the venue leader (trade/list, forwarded by api-2).
  expect(await statusAt(direct('api-2'), '/api/vue/user/info', customer)).toBe(1);
  expect(await statusAt(direct('api-2'), '/api/vue/trade/list', customer)).toBe(1);
  const signedOutAt = Date.now();
  expect(await statusAt(direct('api-1'), '/api/vue/user/logout', customer)).toBe(1);
  // Well inside the 5 s the entries would otherwise live: the forget has crossed the bus.
  for (;;) {
    const info = await statusAt(direct('api-2'), '/api/vue/user/info', customer);
    const trade = await statusAt(direct('api-2'), '/api/vue/trade/list', customer);
    if (info !== 1 && trade !== 1) break;
    expect(Date.now() - signedOutAt).toBeLessThan(1_000);
    await sleep(20);
  }
  figures.signOutHonouredEverywhereMs = Date.now() - signedOutAt;
});

test('kill -9 an API server under load: its callers go on through the balancer, its socket resumes, no order lost or doubled', async () => {
  const [customer] = customers;
  if (!customer) throw new Error('no customer');
  // A socket through the balancer, reconnected (through the balancer again) whenever it drops,
  // resuming from the last event id it got.
  const seen: string[] = [];
  let socket = await connectWs(`${cluster.url.replace('http', 'ws')}/ws`);
  socket.send({ op: 'auth', token: customer.token, account: customer.account });
  await socket.until((f) => f.some((x) => x.op === 'authed'), 'authed');
  const firstAt = socket.frames.find((x) => x.op === 'authed')?.at;
  const result = await underLoad('api-kill', async (stream) => {
    stream.markFault();
    await cluster.kill('api-1', 'SIGKILL');
  });
  const take = (frames: Frame[]): void => {
    for (const f of frames) if (f.channel === 'user' && f.id) seen.push(f.id);
  };
  take(socket.frames);
  socket.close();
  // Whichever server it was on, a reconnect resumes from the last id.
  socket = await connectWs(`${cluster.url.replace('http', 'ws')}/ws`);
  socket.send({ op: 'auth', token: customer.token, account: customer.account, after: seen.at(-1) ?? firstAt });
  await socket.until((f) => f.some((x) => x.op === 'authed' || x.op === 'resync'), 'authed');
  expect(socket.frames.some((x) => x.op === 'resync')).toBe(false);
  await sleep(1_000);
  take(socket.frames);
  socket.close();
  // What the bus kept for this customer since the first authed, replayed on a fresh socket: the same events, in order, none twice.
  const replay = await connectWs(`ws://127.0.0.1:${portOf('api-2')}/ws`);
  replay.send({ op: 'auth', token: customer.token, account: customer.account, after: firstAt });
  await replay.until((f) => f.some((x) => x.op === 'authed'), 'authed');
  await sleep(1_000);
  const kept = replay.frames.filter((f) => f.channel === 'user' && f.id).map((f) => String(f.id));
  replay.close();
  expect(new Set(seen).size).toBe(seen.length);
  expect(seen.length).toBeGreaterThan(0);
  // Resting orders go on filling after the load stops, so the bus may keep events the closed
  // socket never had the chance to get; up to the last one it got, it must have had them all.
  const last = Number(seen.at(-1));
  expect(seen).toEqual(kept.filter((id) => Number(id) <= last));
  await cluster.restart('api-1');
  figures.apiKill = { ...result, refused: result.refused.length, events: seen.length };
  await expectHistoryClean();
});

test('kill -9 the venue leader under load: the standby takes over, replays, and goes on', async () => {
  const before = await leaderName();
  let takeoverMs = 0;
  const result = await underLoad('venue-kill', async (stream) => {
    stream.markFault();
    const killedAt = performance.now();
    await cluster.kill(before, 'SIGKILL');
    // Ready = leading, recovered and answering (its /api/health/ready).
    let after = await cluster.leader();
    while (!after || after === before) {
      await sleep(50);
      after = await cluster.leader();
    }
    takeoverMs = Math.round(performance.now() - killedAt);
  });
  figures.venueKill = { ...result, refused: result.refused.length, takeoverMs };
  // Published goal ≤ 5 s (docs/operations.md); bounded loosely here, since CI boxes are loaded.
  expect(result.stalledMs).not.toBeNull();
  expect(result.stalledMs ?? Infinity).toBeLessThan(20_000);
  await cluster.restart(before);
  await expectHistoryClean();
});

test('the venue leader paused (as if cut off from PostgreSQL) under load: its lease expires, the standby leads, the old leader writes nothing more and stops', async () => {
  const before = await leaderName();
  const pid = cluster.processes.find((p) => p.name === before)?.pid;
  if (!pid) throw new Error(`no pid for ${before}`);
  unexpectedExits = [];
  const result = await underLoad('venue-pause', async (stream) => {
    stream.markFault();
    process.kill(pid, 'SIGSTOP');
    // The standby leads once the lease has expired by the database's clock.
    for (let i = 0; i < 100 && (await cluster.leader()) === before; i++) await sleep(100);
    await sleep(2_500);
    // Back from its pause the old leader finds the lease gone: its worker ends the process before it writes.
    process.kill(pid, 'SIGCONT');
    for (let i = 0; i < 50 && !unexpectedExits.some((e) => e.startsWith(before)); i++) await sleep(100);
  });
  figures.venuePause = { ...result, refused: result.refused.length, exited: unexpectedExits };
  expect(unexpectedExits.some((e) => e.startsWith(before))).toBe(true);
  expect(await leaderName()).not.toBe(before);
  await cluster.restart(before);
  await expectHistoryClean();
});

test('nats-server restarted under load: the cluster stalls, then goes on by itself', async () => {
  const result = await underLoad('nats-restart', async (stream) => {
    stream.markFault();
    await cluster.restart('nats');
  });
  figures.natsRestart = { ...result, refused: result.refused.length };
  await expectHistoryClean();
});

test('PostgreSQL restarted under load: the leader stops (it cannot renew its lease), the standby leads, nothing acknowledged is lost', async () => {
  unexpectedExits = [];
  const result = await underLoad('postgres-restart', async (stream) => {
    stream.markFault();
    await cluster.restart('postgres');
  });
  figures.postgresRestart = { ...result, refused: result.refused.length, exited: unexpectedExits };
  // Whatever stopped (the fenced leader) comes back as a standby.
  for (const proc of cluster.processes) if (!proc.running) await cluster.restart(proc.name);
  await leaderName();
  await expectHistoryClean();
});

test('after the faults: every pending order cancelled, each acknowledged order in exactly one final state, fills and ledger agree', async () => {
  const refused = await probe.cancelAllPending(cluster.url, customers);
  expect(refused).toEqual([]);
  // The last cancels' postings are written by the leader after it answers.
  await sleep(1_000);
  const report = await expectHistoryClean();
  expect(report.notFinal).toBe(0);
  expect(report.acknowledged).toBe(acknowledged.size);
  expect(report.fills).toBeGreaterThan(0);
  figures.history = report;
  // The venue's input log, replayed apart from the cluster into fresh books, gives exactly the
  // fills the cluster wrote across every leader it had.
  const replay = await replayVenueLog(cluster);
  figures.replay = replay;
  expect(replay).toMatchObject({ missing: 0, unexplained: 0 });
  expect(replay.replayedFills).toBe(replay.writtenFills);
  expect(replay.writtenFills).toBeGreaterThan(0);
});
