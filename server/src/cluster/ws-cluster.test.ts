// /ws of an API server built with the cluster's hubs (buildApp, PGlite), next to a bare hub and
// a bare market bus standing for another API server and the venue, on a real nats-server.
import { createUser, login } from '../modules/identity/testing/identity-test-kit';
import { startMarketTestApp, type MarketTestContext } from '../modules/market/testing/market-test-kit';
import { connectClusterBus, type ClusterBus } from './bus';
import { answerMarketSnapshots, createClusterMarketBus, type ClusterMarketBus } from './market-bus';
import { startNatsServer, type TestNatsServer } from './testing/nats-server';
import { connectWs, type Frame } from '../probes/ws-client';
import { createClusterUserEventHub, type ClusterUserEventHub } from './user-events';
import { createClusterSupportLiveHub, type ClusterSupportLiveHub } from './support-live';
import { ensureBootstrapOperator } from '../modules/ops';
import type { OpsSupportLiveEvent } from '@kabuto/shared-sdk/schemas';

const OPERATOR_TOKEN = 'operator-token-for-cluster-ws-tests-0123456789';

let nats: TestNatsServer;
let t: MarketTestContext;
let url: string;
const buses: ClusterBus[] = [];
let appHub: ClusterUserEventHub;
let appMarket: ClusterMarketBus;
let otherHub: ClusterUserEventHub;
let venue: ClusterMarketBus;
let appSupport: ClusterSupportLiveHub;
let otherSupport: ClusterSupportLiveHub;
let httpBase: string;

async function connection(name: string): Promise<ClusterBus> {
  const bus = await connectClusterBus({ url: nats.url, name });
  buses.push(bus);
  return bus;
}

beforeAll(async () => {
  nats = await startNatsServer();
  const appBus = await connection('api-1');
  appHub = await createClusterUserEventHub(appBus);
  appMarket = createClusterMarketBus(appBus, { name: 'api-1' });
  appSupport = createClusterSupportLiveHub(appBus);
  t = await startMarketTestApp(undefined, { hubs: { bus: appMarket, userEvents: appHub }, support: { live: appSupport } });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  httpBase = address;
  await ensureBootstrapOperator(t.db, t.clock, t.dataDir, OPERATOR_TOKEN);
  // An API server runs no pump: market frames come from the venue only.
  t.runtime.pump.stop();
  url = `${address.replace('http', 'ws')}/ws`;
  const otherBus = await connection('api-2');
  otherHub = await createClusterUserEventHub(otherBus);
  otherSupport = createClusterSupportLiveHub(otherBus);
  const venueBus = await connection('venue');
  venue = createClusterMarketBus(venueBus, { name: 'venue' });
  // The venue's pump, standing in: its present frame is marked, so the test sees where a first frame came from.
  answerMarketSnapshots(venueBus, {
    snapshot: (channel, code) => (code === '7203' ? JSON.stringify({ channel, code, t: 1, data: { code, from: 'venue-snapshot' } }) : null),
  });
});

afterAll(async () => {
  await t.close();
  venue.close();
  appMarket.close();
  appSupport.close();
  otherSupport.close();
  await otherHub.close();
  await appHub.close();
  for (const bus of buses) await bus.close();
  await nats.stop();
});

const userFrames = (frames: Frame[]) => frames.filter((f) => f.channel === 'user');

test('events published on another server reach this server’s socket; a reconnect with the last id misses nothing', async () => {
  const user = await createUser(t.db);
  const session = await login(t.app, user.account);
  const auth = { op: 'auth', token: session.token, account: session.account };
  const first = await connectWs(url);
  first.send(auth);
  await first.until((f) => f.some((x) => x.op === 'authed'), 'authed');
  otherHub.publish(user.id, { event: 'bankCard', data: { change: 'added' } });
  await first.until((f) => userFrames(f).length === 1, 'the event from the other server');
  const seen = userFrames(first.frames)[0]!;
  expect(seen).toMatchObject({ event: 'bankCard', id: expect.stringMatching(/^\d+$/) });
  first.close();

  // While the customer is away: one from the other server, one from this one.
  // Two connections give no order between them, so the first is stored before the second is sent.
  otherHub.publish(user.id, { event: 'bankCard', data: { change: 'changed' } });
  await otherHub.flush();
  t.app.userEvents.publish(user.id, { event: 'bankCard', data: { change: 'deleted' } });
  await appHub.flush();

  const again = await connectWs(url);
  try {
    again.send({ ...auth, after: seen.id });
    await again.until((f) => userFrames(f).length === 2, 'the two missed events');
    otherHub.publish(user.id, { event: 'balance', data: { reason: 'deposit' } });
    await again.until((f) => userFrames(f).length === 3, 'the live event after the replay');
    const got = userFrames(again.frames);
    expect(got.map((f) => f.data?.change ?? f.data?.reason)).toEqual(['changed', 'deleted', 'deposit']);
    const ids = got.map((f) => Number(f.id));
    expect(ids[0]!).toBeGreaterThan(Number(seen.id));
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(new Set(ids).size).toBe(3);
    expect(again.frames.some((f) => f.op === 'resync')).toBe(false);
    // A short pause: nothing more (no duplicate arrives late).
    await new Promise((r) => setTimeout(r, 300));
    expect(userFrames(again.frames)).toHaveLength(3);
  } finally {
    again.close();
  }
});

test('a new subscriber gets the venue’s present quote, then the venue’s changes; the venue learns what is watched', async () => {
  const c = await connectWs(url);
  try {
    c.send({ op: 'subscribe', channel: 'quote', codes: ['7203'] });
    await c.until((f) => f.some((x) => x.data?.from === 'venue-snapshot'), 'the venue’s snapshot');
    // The first push is the venue's, not this server's own simulator's.
    expect(c.frames.filter((f) => f.channel === 'quote' && f.op === undefined)).toHaveLength(1);
    await c.until(() => venue.activeTopics().includes('quote:7203'), 'the interest on the venue');
    const mark = { channel: 'quote', code: '7203', t: 2, data: { code: '7203', from: 'venue' } };
    venue.publish('quote:7203', JSON.stringify(mark));
    await c.until((f) => f.some((x) => x.data?.from === 'venue'), 'the venue’s frame');
    // A second socket on this server: the latest frame this server holds, without asking the venue.
    const d = await connectWs(url);
    try {
      d.send({ op: 'subscribe', channel: 'quote', codes: ['7203'] });
      await d.until((f) => f.some((x) => x.channel === 'quote' && x.op === undefined), 'the second socket’s first frame');
      expect(d.frames.find((x) => x.channel === 'quote' && x.op === undefined)?.data).toEqual({ code: '7203', from: 'venue' });
    } finally {
      d.close();
    }
  } finally {
    c.close();
  }
});

test('a support event written on another server reaches the console streaming from this one', async () => {
  const controller = new AbortController();
  const response = await fetch(`${httpBase}/api/ops/support/live`, { headers: { authorization: `Bearer ${OPERATOR_TOKEN}` }, signal: controller.signal });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  let text = '';
  const readUntil = async (check: () => boolean) => {
    while (!check()) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`stream ended: ${text}`);
      text += new TextDecoder().decode(value);
    }
  };
  try {
    await readUntil(() => text.includes(': support live'));
    expect(appSupport.listeners()).toBe(1);
    const event: OpsSupportLiveEvent = { type: 'assign', conversationId: 9, account: '9000000001', assignee: 'ops-a' };
    otherSupport.publish(event);
    await readUntil(() => text.includes('data: '));
    expect(JSON.parse(text.split('data: ')[1]!.split('\n')[0]!)).toEqual(event);
  } finally {
    controller.abort();
    await reader.cancel().catch(() => undefined);
  }
});
