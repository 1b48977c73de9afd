// Cache forgets across processes on a real nats-server: this process's forgets reach the others
// (one message per turn of the event loop, its own id on it), and theirs are forgotten here.
import { connectClusterBus, type ClusterBus } from './bus';
import { CACHE_FORGETS_SUBJECT, shareCacheForgets } from './cache-forgets';
import { startNatsServer, type TestNatsServer } from './testing/nats-server';
import { until } from './testing/until';
import { perUserCacheFamily } from '../caches/per-user-cache';
import { forgetCachedSessionsOf, SessionCache } from '../modules/identity/session-cache';
import type { SessionRow, UserRow } from '../modules/identity/schema';

let nats: TestNatsServer;
let here: ClusterBus;
let other: ClusterBus;
let stop: () => void;
const wallets = perUserCacheFamily<number>('cache-forgets-test');

beforeAll(async () => {
  nats = await startNatsServer();
  here = await connectClusterBus({ url: nats.url, name: 'here' });
  other = await connectClusterBus({ url: nats.url, name: 'other' });
  stop = shareCacheForgets(here, 'here');
});

afterAll(async () => {
  stop();
  await here.close();
  await other.close();
  await nats.stop();
});

test("this process's forgets of one turn go out as one message with its origin", async () => {
  const seen: string[] = [];
  const off = other.subscribe(CACHE_FORGETS_SUBJECT, (data) => seen.push(data));
  await new Promise((r) => setTimeout(r, 100));
  forgetCachedSessionsOf(7);
  wallets.forget(7);
  wallets.forget(7);
  wallets.forget(8);
  await until(() => seen.length > 0, 'the batch');
  await new Promise((r) => setTimeout(r, 100));
  off();
  expect(seen).toHaveLength(1);
  expect(JSON.parse(seen[0]!)).toEqual({
    origin: 'here',
    forgets: [
      ['sessionsOf', '7'],
      ['cache-forgets-test', '7'],
      ['cache-forgets-test', '8'],
    ],
  });
});

test("another process's forget is forgotten here; a cache this build does not have is passed over", async () => {
  const cache = wallets.create(60_000);
  const sessions = new SessionCache(60_000);
  try {
    // What the cache holds: a read whose load finds nothing (and so remembers nothing).
    const held = (userId: number) => cache.read(userId, async () => undefined, 'day');
    await cache.read(5, async () => 100, 'day');
    await cache.read(6, async () => 200, 'day');
    const entry = { session: { id: 's-5' } as SessionRow, user: { id: 5 } as UserRow };
    await sessions.load('token-5', async () => entry);
    expect(await held(5)).toBe(100);
    expect(sessions.get('token-5')).toBe(entry);

    other.publish(
      CACHE_FORGETS_SUBJECT,
      JSON.stringify({
        origin: 'other',
        forgets: [
          ['cache-forgets-test', '5'],
          ['sessionsOf', '5'],
          ['no-such-cache', '1'],
        ],
      }),
    );
    await until(() => sessions.get('token-5') === undefined, 'the session forgotten');
    expect(await held(5)).toBeUndefined();
    expect(await held(6)).toBe(200);
  } finally {
    cache.close();
    sessions.close();
  }
});
