// An API server's venue routes are answered by the venue leader's app: the same answer, status
// and headers as asking the leader directly, the customer's credentials and address carried.
import { buildApp } from '../app';
import { fixedClock } from '../clock';
import { openMigratedDatabase, type OpenedDatabase } from '../db/client';
import { seedDatabase } from '../modules/common/seed';
import { createMarketRuntime } from '../modules/market/runtime';
import { TEST_SECRET } from '../testing/test-app';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ClusterBus } from './bus';
import { answerForwardedRequests } from './forward';

/** Request/reply inside one process, as NATS would carry it between two. */
function inProcessBus(): ClusterBus & { up: boolean } {
  const repliers = new Map<string, (data: string) => Promise<string>>();
  const bus = {
    up: true,
    publish: () => undefined,
    subscribe: () => () => undefined,
    request: async (subject: string, data: string) => {
      const handler = repliers.get(subject);
      if (!bus.up || !handler) throw new Error('no responders');
      return handler(data);
    },
    reply: (subject: string, handler: (data: string) => Promise<string>) => {
      repliers.set(subject, handler);
      return () => repliers.delete(subject);
    },
    persist: async () => 0,
    close: async () => undefined,
  };
  return bus as unknown as ClusterBus & { up: boolean };
}

let database: OpenedDatabase;
let venue: FastifyInstance;
let api: FastifyInstance;
let dir: string;
const bus = inProcessBus();
const clock = fixedClock(new Date('2025-01-06T01:00:00Z'));

beforeAll(async () => {
  database = await openMigratedDatabase({ kind: 'pglite' });
  await seedDatabase(database.db);
  dir = mkdtempSync(join(tmpdir(), 'kabuto-forward-'));
  const common = { db: database, clock, dataDir: dir, releasesDir: join(dir, 'r'), shellDir: join(dir, 's'), secret: TEST_SECRET };
  // Different seeds: an answer from the wrong process shows.
  venue = await buildApp({ ...common, market: createMarketRuntime({ clock, seed: 'venue-seed' }) });
  api = await buildApp({ ...common, market: createMarketRuntime({ clock, seed: 'api-seed' }), background: false, forwardVenueRoutesTo: bus });
  answerForwardedRequests(venue, bus);
  await Promise.all([venue.ready(), api.ready()]);
  await venue.startup.whenReady();
});
afterAll(async () => {
  await api.close();
  await venue.close();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

test('a venue route answers as the venue leader does', async () => {
  const ask = (app: FastifyInstance) => app.inject({ method: 'POST', url: '/api/vue/market/quote', payload: { code: '7203' } });
  const direct = await ask(venue);
  const forwarded = await ask(api);
  expect(forwarded.statusCode).toBe(200);
  expect(forwarded.json()).toEqual(direct.json());
  expect(forwarded.headers['content-type']).toBe(direct.headers['content-type']);
});

test('a venue route sent percent-encoded is forwarded too (the route matched decides, not the text of the URL)', async () => {
  const direct = await venue.inject({ method: 'POST', url: '/api/vue/market/quote', payload: { code: '7203' } });
  const encoded = await api.inject({ method: 'POST', url: '/api/vue/%6darket/quote', payload: { code: '7203' } });
  expect(encoded.json()).toEqual(direct.json());
});

test('a refusal of the leader reaches the customer unchanged (no session: session ended)', async () => {
  const forwarded = await api.inject({ method: 'POST', url: '/api/vue/trade/list', payload: { tab: 'competition', status: 'pending' } });
  const direct = await venue.inject({ method: 'POST', url: '/api/vue/trade/list', payload: { tab: 'competition', status: 'pending' } });
  expect(forwarded.json()).toEqual(direct.json());
});

test('routes of every API server are answered in place', async () => {
  bus.up = false;
  try {
    const health = await api.inject({ method: 'GET', url: '/api/health/live' });
    expect(health.statusCode).toBe(200);
    // The venue away: its routes say the system is starting, in the envelope, not a bare 5xx.
    const quote = await api.inject({ method: 'POST', url: '/api/vue/market/quote', payload: { code: '7203' } });
    expect(quote.statusCode).toBe(200);
    expect(quote.json()).toMatchObject({ status: 0, msg: '系統啟動中，正在恢復委託，請稍後再試' });
  } finally {
    bus.up = true;
  }
});

test('a body over the limit is refused before it reaches the bus', async () => {
  const answer = await api.inject({
    method: 'POST',
    url: '/api/vue/trade/place',
    headers: { 'content-type': 'application/json' },
    payload: 'x'.repeat(1_100_000),
  });
  expect(answer.json()).toMatchObject({ status: 0 });
});
