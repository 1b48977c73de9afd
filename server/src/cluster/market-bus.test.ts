// Two API servers' market buses and the venue's, each on its own connection to a real nats-server.
import type { OpsSupportLiveEvent } from '@kabuto/shared-sdk/schemas';
import { connectClusterBus, type ClusterBus } from './bus';
import { answerMarketSnapshots, createClusterMarketBus, type ClusterMarketBus } from './market-bus';
import { createClusterSupportLiveHub } from './support-live';
import { startNatsServer, type TestNatsServer } from './testing/nats-server';
import { until } from './testing/until';

let nats: TestNatsServer;
const buses: ClusterBus[] = [];
const closers: { close(): void }[] = [];
let clock = 0;
const now = () => clock;

async function connection(name: string): Promise<ClusterBus> {
  const bus = await connectClusterBus({ url: nats.url, name });
  buses.push(bus);
  return bus;
}

async function marketBus(name: string): Promise<ClusterMarketBus> {
  const bus = createClusterMarketBus(await connection(name), { name, now, announceMs: 60_000 });
  closers.push(bus);
  return bus;
}

beforeAll(async () => {
  nats = await startNatsServer();
});

afterAll(async () => {
  for (const c of closers) c.close();
  for (const bus of buses) await bus.close();
  await nats.stop();
});

test('quotes published on the venue reach the sockets of both API servers; the venue pumps what they watch', async () => {
  const venue = await marketBus('venue');
  const a = await marketBus('api-a');
  const b = await marketBus('api-b');
  const onA: string[] = [];
  const onB: string[] = [];
  const offA = a.subscribe('quote:7203', (topic, frame) => onA.push(`${topic} ${frame}`));
  const offB1 = b.subscribe('quote:7203', (topic, frame) => onB.push(`${topic} ${frame}`));
  const offB2 = b.subscribe('depth:6758', (topic, frame) => onB.push(`${topic} ${frame}`));
  // A new topic is announced at once, not only on the beat.
  await until(() => venue.activeTopics().length === 2, 'the interest of A and B on the venue');
  expect(venue.activeTopics().sort()).toEqual(['depth:6758', 'quote:7203']);
  venue.publish('quote:7203', '{"p":1}');
  venue.publish('depth:6758', '{"d":1}');
  venue.publish('quote:9984', '{"nobody":1}');
  await until(() => onA.length === 1 && onB.length === 2, 'the frames on A and B');
  expect(onA).toEqual(['quote:7203 {"p":1}']);
  expect(onB.sort()).toEqual(['depth:6758 {"d":1}', 'quote:7203 {"p":1}']);
  // Announcements older than the TTL no longer count: a gone API server stops costing the pump.
  offA();
  offB1();
  offB2();
  clock += 7_000;
  expect(venue.activeTopics()).toEqual([]);
  // Unsubscribed: no more frames.
  venue.publish('quote:7203', '{"p":2}');
  await new Promise((r) => setTimeout(r, 200));
  expect(onA).toHaveLength(1);
});

test('a snapshot comes from the venue’s pump (one answer however many venues listen), null for an unknown code', async () => {
  const api = await marketBus('api-snap');
  const asked: string[] = [];
  const pump = (name: string) => ({
    snapshot: (channel: string, code: string) => {
      asked.push(name);
      return code === '7203' ? `{"channel":"${channel}","code":"${code}","from":"${name}"}` : null;
    },
  });
  const stops = [answerMarketSnapshots(await connection('venue-snap-1'), pump('v1')), answerMarketSnapshots(await connection('venue-snap-2'), pump('v2'))];
  await Promise.all(buses.map((bus) => bus.request('no.such.subject', '', 200).catch(() => undefined)));
  expect(await api.snapshot('quote:7203')).toMatch(/"code":"7203","from":"v[12]"/);
  expect(asked).toHaveLength(1);
  expect(await api.snapshot('quote:0000')).toBeNull();
  expect(await api.snapshot('nonsense')).toBeNull();
  for (const stop of stops) stop();
});

test('the support live stream reaches the consoles on every API server', async () => {
  const venueHub = createClusterSupportLiveHub(await connection('venue-support'));
  const a = createClusterSupportLiveHub(await connection('api-a-support'));
  const b = createClusterSupportLiveHub(await connection('api-b-support'));
  closers.push(venueHub, a, b);
  const gotA: OpsSupportLiveEvent[] = [];
  const gotB: OpsSupportLiveEvent[] = [];
  a.subscribe((e) => gotA.push(e));
  b.subscribe((e) => gotB.push(e));
  expect(b.listeners()).toBe(1);
  const event: OpsSupportLiveEvent = { type: 'status', conversationId: 3, account: 'alice', status: 'open' };
  // Subscriptions reach the server before this publish (one connection: requests in order; a flush round trip for the others).
  await Promise.all(buses.map((bus) => bus.request('no.such.subject', '', 200).catch(() => undefined)));
  venueHub.publish(event);
  a.publish({ ...event, conversationId: 4 });
  await until(() => gotA.length === 2 && gotB.length === 2, 'two events on each console');
  expect(gotB.map((e) => e.conversationId).sort()).toEqual([3, 4]);
  expect(gotA[0]).toEqual(gotB.find((e) => e.conversationId === gotA[0]!.conversationId));
});
