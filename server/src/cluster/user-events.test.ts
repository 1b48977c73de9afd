// Two hubs on two connections are two API servers; a real nats-server with JetStream between them.
import { connectClusterBus, type ClusterBus } from './bus';
import { startNatsServer, type TestNatsServer } from './testing/nats-server';
import { createClusterUserEventHub, type ClusterUserEventHub } from './user-events';
import { until } from './testing/until';

interface Got {
  id: string;
  n: number;
}

let nats: TestNatsServer;
const buses: ClusterBus[] = [];
const hubs: ClusterUserEventHub[] = [];

async function server(name: string): Promise<ClusterUserEventHub> {
  const bus = await connectClusterBus({ url: nats.url, name });
  buses.push(bus);
  const hub = await createClusterUserEventHub(bus);
  hubs.push(hub);
  return hub;
}

function collect(hub: ClusterUserEventHub, userId: number): { got: Got[]; off: () => void } {
  const got: Got[] = [];
  const off = hub.subscribe(userId, (frame, id) => {
    const parsed = JSON.parse(frame) as { id: string; event: string; data: { unread: number } };
    expect(parsed.id).toBe(id);
    got.push({ id, n: parsed.data.unread });
  });
  return { got, off };
}

const message = (n: number) => ({ event: 'message' as const, data: { kind: 'test', unread: n } });

beforeAll(async () => {
  nats = await startNatsServer();
});

afterAll(async () => {
  for (const hub of hubs) await hub.close();
  for (const bus of buses) await bus.close();
  await nats.stop();
});

test('an event published on A reaches a socket on B, ids increasing, other users untouched', async () => {
  const a = await server('api-a');
  const b = await server('api-b');
  const onB = collect(b, 7);
  const other = collect(b, 8);
  // More than the publishes awaiting acknowledgement at once: stored, and delivered, in the order published.
  for (let n = 1; n <= 1000; n += 1) a.publish(7, message(n));
  await until(() => onB.got.length === 1000, '1000 frames on B');
  expect(onB.got.map((g) => g.n)).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
  const positions = onB.got.map((g) => b.position(g.id));
  for (let i = 1; i < positions.length; i += 1) expect(positions[i]!).toBeGreaterThan(positions[i - 1]!);
  // A's sockets see the same ids as B's: one order for the whole cluster.
  expect(other.got).toEqual([]);
  // A fresh auth on B starts where B's reader is.
  expect(await b.replay(7)).toEqual({ frames: [], last: onB.got.at(-1)!.id });
  expect(b.listeners(7)).toBe(1);
  onB.off();
  other.off();
  expect(b.listeners(7)).toBe(0);
});

test('a reconnect from B to A resumes from the last id: nothing missed, nothing twice', async () => {
  const [a, b] = hubs as [ClusterUserEventHub, ClusterUserEventHub];
  const first = collect(b, 11);
  for (let n = 1; n <= 5; n += 1) a.publish(11, message(n));
  await until(() => first.got.length === 5, 'five frames on B');
  const lastSeen = first.got.at(-1)!.id;
  first.off(); // The socket on B drops.
  // Events while the customer is away, from both servers and for someone else.
  for (let n = 6; n <= 9; n += 1) (n % 2 ? a : b).publish(11, message(n));
  b.publish(12, message(100));
  await a.flush();
  await b.flush();
  const replay = await a.replay(11, lastSeen);
  if (replay === 'gap') throw new Error('expected a replay');
  const missed = replay.frames.map((f) => (JSON.parse(f.frame) as { data: { unread: number } }).data.unread);
  expect([...missed].sort()).toEqual([6, 7, 8, 9]);
  // Each server's events in the order it published them (the two servers' interleave as the stream got them).
  expect(missed.filter((n) => n % 2)).toEqual([7, 9]);
  expect(missed.filter((n) => n % 2 === 0)).toEqual([6, 8]);
  expect(replay.frames.map((f) => f.id)).toEqual([...replay.frames.map((f) => f.id)].sort((x, y) => Number(x) - Number(y)));
  expect(a.position(replay.last)).toBeGreaterThanOrEqual(a.position(replay.frames.at(-1)!.id));
  // Nothing newer: an empty replay, not a gap.
  expect(await a.replay(11, replay.frames.at(-1)!.id)).toEqual({ frames: [], last: replay.last });
  // An id the stream never gave, or not an id at all: the client must refetch.
  expect(await a.replay(11, String(Number(replay.last) + 1000))).toBe('gap');
  expect(await a.replay(11, 'abc.3')).toBe('gap');
});

test('a nats-server restart in the middle: later events still arrive, ids keep increasing, resume still works', async () => {
  const [a, b] = hubs as [ClusterUserEventHub, ClusterUserEventHub];
  const onB = collect(b, 21);
  for (let n = 1; n <= 3; n += 1) a.publish(21, message(n));
  await until(() => onB.got.length === 3, 'three frames before the restart');
  await nats.restart();
  // Published while the clients may still be reconnecting: retried, stored once each.
  for (let n = 4; n <= 8; n += 1) a.publish(21, message(n));
  await until(() => onB.got.length === 8, 'five frames after the restart', 20_000);
  expect(onB.got.map((g) => g.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  const positions = onB.got.map((g) => b.position(g.id));
  for (let i = 1; i < positions.length; i += 1) expect(positions[i]!).toBeGreaterThan(positions[i - 1]!);
  const replay = await b.replay(21, onB.got[2]!.id);
  if (replay === 'gap') throw new Error('expected a replay after the restart');
  expect(replay.frames.map((f) => f.id)).toEqual(onB.got.slice(3).map((g) => g.id));
  onB.off();
}, 40_000);
