// Two venue partitions (docs/operations.md "Cluster", docs/trading.md §8): the instruments are
// split by code between partition 0 (one leader, no standby) and partition 1 (a leader and a
// standby), behind two API servers and HAProxy. Customers trade codes of both through the
// balancer; each code's inputs are logged by its own partition only; partition 1's leader is
// killed under load while partition 0 goes on answering; at the end the history checker and each
// partition's replay checker find nothing lost, doubled or unexplained. The two API servers place
// both ways (KABUTO_PLACEMENTS): api-1 forwards a placement to the code's partition, api-2 checks and
// writes it itself and sends the partition only the order's entry.
import {
  type Acknowledged,
  type Cluster,
  type Customer,
  type OpenedDatabase,
  type TradeAnswer,
  connectWs,
  direct,
  expectHistoryClean,
  leaderName,
  partitionOf,
  probe,
  venueInputRows,
  replayVenueLog,
  sleep,
  startSuiteCluster,
  stopSuiteCluster,
} from './harness';

const PARTITIONS = 2;
/** orderForm prices a limit buy up to 99 yen above the lower limit; below 3,000 yen every whole yen is a tick. */
const WHOLE_YEN_GRID_BELOW = 3_000;

interface Target {
  code: string;
  partition: number;
  lowerLimit: number;
}

let dir: string | undefined;
let cluster: Cluster;
let database: OpenedDatabase;
let customers: Customer[];
/** Partition 0's code (the probe's own) and a code of partition 1. */
let home: Target;
let other: Target;
const acknowledged = new Map<string, Acknowledged>();
const figures: Record<string, unknown> = {};
let unexpectedExits: string[] = [];

async function marketCall<T>(action: string, form: Record<string, string>): Promise<{ status: number; data: T | null }> {
  const res = await fetch(`${cluster.url}/api/vue/market/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
    signal: AbortSignal.timeout(10_000),
  });
  return (await res.json()) as { status: number; data: T | null };
}

/** A listed code of `partition` whose limit buys of orderForm are on the tick grid; its quote comes through the balancer. */
async function codeOf(partition: number): Promise<Target> {
  const page = await marketCall<{ items: { code: string }[] }>('stocks', { kind: 'all', offset: '0', limit: '100' });
  for (const { code } of page.data?.items ?? []) {
    if (code === probe.PROBE_CODE || partitionOf(code, PARTITIONS) !== partition) continue;
    const lowerLimit = await probe.lowerLimitYen(cluster.url, code);
    if (lowerLimit > 0 && lowerLimit + 100 < WHOLE_YEN_GRID_BELOW) return { code, partition, lowerLimit };
  }
  throw new Error(`no listed code of partition ${partition} with a lower limit under ${WHOLE_YEN_GRID_BELOW} yen`);
}

/** A placement through the balancer, kept for the history checker when acknowledged. */
async function place(target: Target, customer: Customer, serial: number, key: string): Promise<TradeAnswer> {
  const answer = await probe.tradeCall(cluster.url, customer, 'place', probe.orderForm(serial, key, target.lowerLimit, target.code));
  if (answer.status === 1 && answer.data) acknowledged.set(key, { key, positionId: answer.data.id, userId: customer.userId });
  return answer;
}

interface PositionView {
  code: string;
  status: string;
  orderedQuantity: number;
  filledQuantity: number;
}

/** The position as the customer reads it through the balancer, once `done` holds (the writer catches up after the answer). */
async function positionWhen(customer: Customer, id: number, done: (p: PositionView) => boolean): Promise<PositionView> {
  let last: PositionView | null = null;
  for (let i = 0; i < 100; i++) {
    const answer = (await probe.tradeCall(cluster.url, customer, 'detail', { id: String(id) })) as unknown as { status: number; data: PositionView | null };
    last = answer.data;
    if (answer.status === 1 && last && done(last)) return last;
    await sleep(100);
  }
  throw new Error(`position ${id}: ${JSON.stringify(last)}`);
}

/**
 * Callers placing on one code through the balancer until stopped, each placement sent again with
 * its key until answered, as the app does (the probe's OrderStream places on partition 0's code only).
 */
function placeLoop(target: Target, prefix: string, callers: number): { stop(): Promise<{ acknowledged: number; refused: string[] }> } {
  let stopping = false;
  let serial = 0;
  let count = 0;
  const refused: string[] = [];
  const caller = async (index: number): Promise<void> => {
    while (!stopping) {
      // This caller's own number: the shared counter moves on while it resends, and a resend with
      // another number would be another form under the same key (refused as a reused key).
      const mine = (serial += 1);
      const key = `${prefix}-${String(mine).padStart(6, '0')}`;
      const customer = customers[(index + mine) % customers.length];
      if (!customer) return;
      for (let attempt = 0; ; attempt++) {
        const answer = await place(target, customer, mine, key).catch(() => null);
        if (answer?.status === 1) count += 1;
        else if (answer && !/系統啟動中|系統繁忙/.test(answer.msg)) refused.push(`${key}: ${answer.msg}`);
        else {
          await sleep(Math.min(100 * 2 ** attempt, 1_000));
          continue;
        }
        break;
      }
    }
  };
  const running = Array.from({ length: callers }, (_, i) => caller(i));
  return {
    async stop() {
      stopping = true;
      await Promise.all(running);
      return { acknowledged: count, refused };
    },
  };
}

beforeAll(async () => {
  ({ dir, cluster, database, customers } = await startSuiteCluster(
    // Partition 0 alone (its leader carries the load while partition 1 fails over), partition 1 with a standby.
    { api: 2, partitions: PARTITIONS, standbys: [0, 1] },
    [0, 1, 2].map((i) => `90981000${i}1`),
    (what) => unexpectedExits.push(what),
  ));
  await cluster.restart('api-2', { env: { KABUTO_PLACEMENTS: 'api' } });
  home = { code: probe.PROBE_CODE, partition: partitionOf(probe.PROBE_CODE, PARTITIONS), lowerLimit: await probe.lowerLimitYen(cluster.url) };
  other = await codeOf(1);
}, 240_000);

afterAll(async () => {
  console.log(`partition figures: ${JSON.stringify(figures)}`);
  await stopSuiteCluster({ dir, cluster, database });
});

test('each partition is led by its first process, and the probe code is on partition 0', async () => {
  expect(home.partition).toBe(0);
  expect(other.partition).toBe(1);
  expect(await cluster.leader(0)).toBe('venue-0a');
  expect(await cluster.leader(1)).toBe('venue-1a');
  expect(cluster.processes.filter((p) => p.partition !== undefined).map((p) => [p.name, p.partition])).toEqual([
    ['venue-0a', 0],
    ['venue-1a', 1],
    ['venue-1b', 1],
  ]);
  figures.codes = { [home.code]: 0, [other.code]: 1 };
});

test('orders on a code of each partition through the balancer: accepted, market buys filled, the fill on a socket held by an API server', async () => {
  const [customer] = customers;
  if (!customer) throw new Error('no customer');
  const socket = await connectWs(`${direct(cluster, 'api-2').replace('http', 'ws')}/ws`);
  try {
    socket.send({ op: 'auth', token: customer.token, account: customer.account, id: 'a' });
    await socket.until((f) => f.some((x) => x.op === 'authed'), 'authed');
    for (const target of [home, other]) {
      // orderForm: serial 3 a market buy (it fills against the venue's asks), serial 1 a limit buy resting far below.
      const market = await place(target, customer, 3, `direct-${target.code}-market`);
      const limit = await place(target, customer, 1, `direct-${target.code}-limit`);
      expect([market, limit]).toMatchObject([{ status: 1 }, { status: 1 }]);
      if (!market.data || !limit.data) throw new Error('no position');
      const filled = await positionWhen(customer, market.data.id, (p) => p.filledQuantity > 0 && p.filledQuantity === p.orderedQuantity);
      expect(filled).toMatchObject({ code: target.code, status: 'holding' });
      expect(await positionWhen(customer, limit.data.id, (p) => p.status === 'pending')).toMatchObject({ code: target.code, filledQuantity: 0 });
    }
    // Partition 1's fill, written by its leader, reaches the customer's socket on api-2.
    await socket.until((f) => f.filter((x) => x.channel === 'user' && x.event === 'fill').length >= 2, 'a fill event of each partition on api-2', 30_000);
  } finally {
    socket.close();
  }
});

test('each API server places on both partitions its own way: a market buy through either fills on the partition holding its code', async () => {
  const [, , customer] = customers;
  if (!customer) throw new Error('no customer');
  for (const [server, target] of [
    ['api-1', home],
    ['api-1', other],
    ['api-2', home],
    ['api-2', other],
  ] as const) {
    const key = `each-way-${server}-${target.code}`;
    // serial 3: a market buy, filled against the venue's asks by the partition holding the code.
    const placed = await probe.tradeCall(direct(cluster, server), customer, 'place', probe.orderForm(3, key, target.lowerLimit, target.code));
    expect(placed).toMatchObject({ status: 1 });
    if (!placed.data) throw new Error('no position');
    acknowledged.set(key, { key, positionId: placed.data.id, userId: customer.userId });
    const filled = await positionWhen(customer, placed.data.id, (p) => p.filledQuantity > 0 && p.filledQuantity === p.orderedQuantity);
    expect(filled).toMatchObject({ code: target.code, status: 'holding' });
  }
});

test('a resting order on partition 1 is cancelled through the balancer', async () => {
  const [, customer] = customers;
  if (!customer) throw new Error('no customer');
  const placed = await place(other, customer, 2, `cancel-${other.code}`);
  expect(placed).toMatchObject({ status: 1 });
  if (!placed.data) throw new Error('no position');
  await positionWhen(customer, placed.data.id, (p) => p.status === 'pending');
  expect(await probe.tradeCall(cluster.url, customer, 'cancel', { id: String(placed.data.id) })).toMatchObject({ status: 1 });
  expect(await positionWhen(customer, placed.data.id, (p) => p.status === 'cancelled')).toMatchObject({ code: other.code, filledQuantity: 0 });
});

test('kill -9 partition 1 leader under load: its standby leads within 5 s, partition 0 answers throughout', async () => {
  const before = await leaderName(cluster, 1);
  unexpectedExits = [];
  // Partition 0: the probe's stream (its code); partition 1: callers on its code, sending again through the takeover.
  const homeStream = new probe.OrderStream(() => cluster.url, customers, 'home', home.lowerLimit);
  homeStream.start(2);
  const otherLoop = placeLoop(other, 'other', 2);
  await sleep(1_500);
  const killedAt = performance.now();
  await cluster.kill(before, 'SIGKILL');
  let after = await cluster.leader(1);
  while (!after || after === before) {
    if (performance.now() - killedAt > 30_000) throw new Error('partition 1 has no new leader after 30 s');
    await sleep(50);
    after = await cluster.leader(1);
  }
  const takeoverMs = Math.round(performance.now() - killedAt);
  await sleep(1_500);
  const homeResult = await homeStream.stop();
  const otherResult = await otherLoop.stop();
  for (const [key, a] of homeStream.acknowledged) acknowledged.set(key, a);
  figures.partition1LeaderKill = {
    takeoverMs,
    newLeader: after,
    partition0: { acknowledged: homeResult.acknowledged, longestWaitMs: homeResult.longestWaitMs, retried: homeResult.retried },
    partition1: { acknowledged: otherResult.acknowledged },
  };
  expect(after).toBe('venue-1b');
  expect(takeoverMs).toBeLessThan(5_000);
  expect(homeResult.refused).toEqual([]);
  expect(otherResult.refused).toEqual([]);
  expect(otherResult.acknowledged).toBeGreaterThan(0);
  // Partition 0 never waited on partition 1: no placement of its code took more than about a second.
  expect(homeResult.retried).toBe(0);
  expect(homeResult.longestWaitMs).toBeLessThan(1_000);
  expect(await cluster.leader(0)).toBe('venue-0a');
  expect(unexpectedExits).toEqual([]);
  await cluster.restart(before);
  await expectHistoryClean(database.db, customers, acknowledged);
});

test('at the end: each code logged by its own partition only, every order final, history clean, each partition replays to the fills written', async () => {
  const refused = await probe.cancelAllPending(cluster.url, customers);
  expect(refused).toEqual([]);
  // The last cancels' postings are written by the leaders after they answer.
  await sleep(1_000);
  const report = await expectHistoryClean(database.db, customers, acknowledged);
  expect(report.notFinal).toBe(0);
  expect(report.acknowledged).toBe(acknowledged.size);
  figures.history = report;

  const submits = (await venueInputRows(database.db)).filter((r) => r.kind === 'submit');
  const misplaced = submits.filter((r) => r.partition !== partitionOf(String(r.input.code), PARTITIONS));
  expect(misplaced.map((r) => `${String(r.input.code)} on ${r.partition}`)).toEqual([]);
  const byCode = (code: string): number[] => [...new Set(submits.filter((r) => r.input.code === code).map((r) => r.partition))];
  expect(byCode(home.code)).toEqual([0]);
  expect(byCode(other.code)).toEqual([1]);

  figures.replay = {};
  for (let partition = 0; partition < PARTITIONS; partition++) {
    const replay = await replayVenueLog(cluster, partition);
    (figures.replay as Record<number, unknown>)[partition] = replay;
    expect(replay).toMatchObject({ missing: 0, unexplained: 0 });
    expect(replay.replayedFills).toBe(replay.writtenFills);
    expect(replay.writtenFills).toBeGreaterThan(0);
  }
});
