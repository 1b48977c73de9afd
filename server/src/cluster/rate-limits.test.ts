// Two API servers (two Fastify apps with @fastify/rate-limit, as app.ts registers it) counting in
// one database: one allowance between them, not one each.
import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { fixedClock } from '../clock';
import { openMigratedDatabase, type OpenedDatabase } from '../db/client';
import { sharedRateLimits, type SharedRateLimits } from './rate-limits';

const clock = fixedClock(new Date('2026-12-03T01:00:00Z'));
let database: OpenedDatabase;
let limits: SharedRateLimits;
let servers: FastifyInstance[];

async function apiServer(): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(rateLimit, { global: false, store: limits.Store });
  // Keyed by the body's account, counted after parsing (as sign-in's limit, identity/rate-limits.ts).
  const byAccount = {
    max: 3,
    timeWindow: '1 minute',
    hook: 'preHandler',
    keyGenerator: (r: { body: unknown }) => String((r.body as { account: string }).account),
  } as const;
  app.post('/login', { config: { rateLimit: byAccount } }, async () => ({ ok: true }));
  // Another route with the same key: its own allowance, as with the memory store.
  app.post('/code', { config: { rateLimit: byAccount } }, async () => ({ ok: true }));
  // A limiter a handler consults (as sign-in's failed-password cap): read without counting, then count.
  const failures = app.createRateLimit({ max: 2, timeWindow: '10 minutes', keyGenerator: () => 'fails:10.0.0.1' });
  app.post('/fail', async (request) => {
    const before = await failures(request, { increment: false });
    await failures(request);
    const after = await failures(request, { increment: false });
    return { before: 'remaining' in before ? before.remaining : null, after: 'remaining' in after ? after.remaining : null };
  });
  await app.ready();
  return app;
}

const call = (app: FastifyInstance, url: string, account = '09012345678') => app.inject({ method: 'POST', url, payload: { account } });

beforeAll(async () => {
  database = await openMigratedDatabase({ kind: 'pglite' });
  limits = sharedRateLimits(database.db, clock);
  servers = [await apiServer(), await apiServer()];
});

afterAll(async () => {
  for (const app of servers) await app.close();
  await database.close();
});

test('hits on two servers share one allowance; another key and another route have their own', async () => {
  const [a, b] = servers as [FastifyInstance, FastifyInstance];
  expect((await call(a, '/login')).statusCode).toBe(200);
  expect((await call(b, '/login')).statusCode).toBe(200);
  const third = await call(a, '/login');
  expect(third.statusCode).toBe(200);
  expect(third.headers['x-ratelimit-remaining']).toBe('0');
  // The fourth is refused whichever server takes it.
  const refusedOnB = await call(b, '/login');
  expect(refusedOnB.statusCode).toBe(429);
  expect(Number(refusedOnB.headers['retry-after'])).toBe(60);
  expect((await call(a, '/login')).statusCode).toBe(429);
  expect((await call(a, '/login', '08011112222')).statusCode).toBe(200);
  expect((await call(b, '/code')).statusCode).toBe(200);
});

test('the window ends on the injected clock: counting starts again, and the sweep deletes ended windows a minute later', async () => {
  const [a, b] = servers as [FastifyInstance, FastifyInstance];
  clock.advance(30_000);
  const refused = await call(b, '/login');
  expect(refused.statusCode).toBe(429);
  expect(Number(refused.headers['retry-after'])).toBe(30);
  clock.advance(30_000);
  expect((await call(b, '/login')).statusCode).toBe(200);
  expect((await call(a, '/login')).headers['x-ratelimit-remaining']).toBe('1');
  // The other two windows (the other account, the other route) ended a moment ago: kept for a
  // minute after, then deleted; the one that started again is kept.
  expect(await limits.sweep()).toBe(0);
  clock.advance(61_000);
  expect(await limits.sweep()).toBe(2);
});

test('a limiter read without counting, then counted, sees the same count on the other server', async () => {
  const [a, b] = servers as [FastifyInstance, FastifyInstance];
  expect((await call(a, '/fail')).json()).toEqual({ before: 2, after: 1 });
  expect((await call(b, '/fail')).json()).toEqual({ before: 1, after: 0 });
});
