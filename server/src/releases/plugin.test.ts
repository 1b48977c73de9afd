import Fastify, { type FastifyInstance } from 'fastify';
import { writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { RemoteRegistryDocument } from '@kabuto/shared-sdk/remote';
import { IMMUTABLE_CACHE, releasesPlugin } from './plugin';
import { releaseRemote, rollbackRemote } from './release';
import { createFakeRepo, remoteDist, type FakeRepo } from './testing/fake-remote';

let repo: FakeRepo;
let app: FastifyInstance;
let releaseOptions: { releasesDir: string; repoRoot: string; build: false; user: string };

beforeEach(async () => {
  repo = createFakeRepo();
  releaseOptions = { releasesDir: repo.releasesDir, repoRoot: repo.root, build: false, user: 'ops' };
  app = Fastify();
  await app.register(releasesPlugin, { releasesDir: repo.releasesDir });
  await app.listen({ port: 0, host: '127.0.0.1' });
});

afterEach(async () => {
  await app.close();
  repo.cleanup();
});

interface Answer {
  statusCode: number;
  headers: IncomingHttpHeaders;
  body: string;
  json(): unknown;
}

// A real socket and a raw path: app.inject's light-my-request cannot be loaded by jest
// on Node 20 (its cookie dependency is ESM-only), and clients like fetch would resolve
// '..' before sending, hiding the traversal attempts this suite must send as-is.
function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const body = (encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
        resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body, json: () => JSON.parse(body) });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

async function release(marker: string) {
  repo.build('mf-market', remoteDist(marker));
  return releaseRemote('mf-market', releaseOptions);
}

describe('GET /remotes.json', () => {
  it('answers an empty registry before anything is released', async () => {
    const response = await get('/remotes.json');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ schema: 1, remotes: {} });
  });

  it('is never cached, so the next page load sees a rollback', async () => {
    const first = await release('one');
    await release('two');
    await rollbackRemote('mf-market', undefined, releaseOptions);

    const response = await get('/remotes.json');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-type']).toContain('application/json');
    expect((response.json() as RemoteRegistryDocument).remotes.mf_market).toEqual({
      entry: `/releases/mf-market/${first.version}/mf-manifest.json`,
      version: first.version,
      contract: 1,
    });
  });
});

describe('GET /releases/*', () => {
  it('serves release files as immutable with their content type', async () => {
    const { version } = await release('one');
    const base = `/releases/mf-market/${version}`;

    const entry = await get(`${base}/remoteEntry.js`);
    expect(entry.statusCode).toBe(200);
    expect(entry.body).toBe('var mf_market; /* one */');
    expect(entry.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(entry.headers['content-type']).toBe('application/javascript; charset=utf-8');

    const manifest = await get(`${base}/mf-manifest.json`);
    expect(manifest.headers['content-type']).toBe('application/json; charset=utf-8');
    const svg = await get(`${base}/assets/logo.svg`);
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toBe('image/svg+xml');
  });

  it('sends the brotli or gzip copy stored with the release to a client that accepts it', async () => {
    const big = `console.log(${JSON.stringify('kabuto '.repeat(400))});`;
    repo.build('mf-market', { ...remoteDist('big'), '9.0badc0de.js': big });
    const { version } = await releaseRemote('mf-market', releaseOptions);
    const url = `/releases/mf-market/${version}/9.0badc0de.js`;

    const brotli = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toBe('Accept-Encoding');
    expect(brotli.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(Number(brotli.headers['content-length'])).toBeLessThan(big.length / 4);
    expect(brotli.body).toBe(big);

    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body).toBe(big);

    const plain = await get(url, { 'accept-encoding': 'br;q=0, identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(big);
    // The copies are not files of the release: asked for by name, they do not exist.
    expect((await get(`${url}.br`)).statusCode).toBe(404);
  });

  it('answers 404 for traversal, registry files, unknown versions and unlisted files', async () => {
    const { version } = await release('one');
    // A file dropped into a release folder after the fact is not part of the release.
    writeFileSync(join(repo.releasesDir, 'mf-market', version, 'extra.js'), 'injected');

    for (const url of [
      `/releases/mf-market/${version}/../../registry.json`,
      `/releases/mf-market/${version}/%2e%2e/%2e%2e/history.jsonl`,
      `/releases/mf-market/${version}/..%2f..%2fregistry.json`,
      '/releases/registry.json',
      '/releases/history.jsonl',
      '/registry.json',
      `/releases/mf-market/${version}/extra.js`,
      `/releases/mf-market/${version}`,
      '/releases/mf-market/0.1.0-00000000/remoteEntry.js',
      `/releases/mf-shop/${version}/remoteEntry.js`,
    ]) {
      const response = await get(url);
      expect([url, response.statusCode]).toEqual([url, 404]);
      expect(response.body).not.toContain('"current"');
    }
  });
});
