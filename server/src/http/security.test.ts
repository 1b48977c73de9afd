// Issue 9: CSP base-uri 'none'; HSTS only when the answer goes over HTTPS (directly, or
// through a proxy the app trusts), never on plain HTTP nor on a forged header.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { fixedClock } from '../clock';
import { openMigratedDatabase, type OpenedDatabase } from '../db/client';
import { HSTS_VALUE } from './security';

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

it("sends CSP base-uri 'none'", async () => {
  const app = await appWith(false);
  const res = await app.inject({ method: 'GET', url: '/api/health' });
  expect(String(res.headers['content-security-policy'])).toContain("base-uri 'none'");
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
