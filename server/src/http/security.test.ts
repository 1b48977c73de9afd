// CSP base-uri 'none'; documents get helmet's set, API answers the OWASP REST set; HSTS only when the answer goes over HTTPS (directly, or
// through a proxy the app trusts), never on plain HTTP nor on a forged header.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { fixedClock } from '../clock';
import { openMigratedDatabase, type OpenedDatabase } from '../db/client';
import { API_SECURITY_HEADERS, HSTS_VALUE, helmetOptions } from './security';

let database: OpenedDatabase;
let dataDir: string;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  database = await openMigratedDatabase({ kind: 'pglite' });
  dataDir = mkdtempSync(join(tmpdir(), 'kabuto-security-'));
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function appWith(trustProxy: boolean): Promise<FastifyInstance> {
  const app = await buildApp({
    db: database,
    clock: fixedClock(new Date('2025-01-06T01:00:00Z')),
    dataDir,
    releasesDir: join(dataDir, 'releases'),
    shellDir: join(dataDir, 'no-shell'),
    secret: 'security-test-secret-long-enough',
    trustProxy,
  });
  await app.ready();
  apps.push(app);
  return app;
}

it("sends CSP base-uri 'none' on documents and API answers", async () => {
  const app = await appWith(false);
  for (const url of ['/api/health', '/pages/market']) {
    const res = await app.inject({ method: 'GET', url });
    expect(String(res.headers['content-security-policy'])).toContain("base-uri 'none'");
  }
});

it('sends API answers (found, not found, refused) the API set: nothing allowed, no framing, nosniff', async () => {
  const app = await appWith(false);
  for (const [method, url] of [
    ['GET', '/api/health'],
    ['GET', '/api/no-such-call'],
    ['POST', '/api/vue/funds/wallet'],
  ] as const) {
    const headers = (await app.inject({ method, url })).headers;
    for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) expect([url, name, headers[name.toLowerCase()]]).toEqual([url, name, value]);
    expect(headers['content-security-policy']).toBe("default-src 'none'; base-uri 'none'; frame-ancestors 'none'");
    expect(headers['x-powered-by']).toBeUndefined();
  }
});

it('sends no HSTS over plain HTTP, nor for an X-Forwarded-Proto from an untrusted client', async () => {
  const app = await appWith(false);
  expect((await app.inject({ method: 'GET', url: '/api/health' })).headers['strict-transport-security']).toBeUndefined();
  const forged = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
  expect(forged.headers['strict-transport-security']).toBeUndefined();
});

it('sends HSTS when a trusted proxy says the client came over HTTPS', async () => {
  const app = await appWith(true);
  const res = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
  expect(res.headers['strict-transport-security']).toBe(HSTS_VALUE);
  expect(
    (await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'http' } })).headers['strict-transport-security'],
  ).toBeUndefined();
});

it('sends documents the same security headers @fastify/helmet would with helmetOptions, for any Host', async () => {
  const app = await appWith(false);
  const reference = Fastify();
  await reference.register(helmet, helmetOptions);
  reference.get('/pages/market', async () => ({}));
  await reference.ready();
  try {
    for (const host of ['kabuto.example:8080', '127.0.0.1', 'evil.example; script-src *']) {
      const ours = (await app.inject({ method: 'GET', url: '/pages/market', headers: { host } })).headers;
      const theirs = (await reference.inject({ method: 'GET', url: '/pages/market', headers: { host } })).headers;
      const names = Object.keys(theirs).filter((name) => !['content-type', 'content-length', 'date', 'connection'].includes(name));
      expect(names.length).toBeGreaterThan(8);
      for (const name of names) expect([name, ours[name]]).toEqual([name, theirs[name]]);
      expect(ours['x-powered-by']).toBeUndefined();
    }
  } finally {
    await reference.close();
  }
});
