// The operator console at /ops: its index (revalidated) and hashed files (immutable) beside
// the shell, under the same document CSP (scripts from 'self' only, no inline script), and
// an honest 503 when it has not been built.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerSecurityHeaders } from '../http/security';
import { opsConsoleStaticPlugin } from './ops-console';
import { shellStaticPlugin } from './shell';

const CONSOLE_INDEX = '<!doctype html><html><head><script defer src="/ops/main.0a1b2c3d.js"></script></head><body><div id="root"></div></body></html>';

let dirs: string[] = [];

function tempDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'kabuto-ops-console-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  dirs.push(dir);
  return dir;
}

async function appWith(consoleDir: string): Promise<FastifyInstance> {
  const app = Fastify();
  registerSecurityHeaders(app);
  await app.register(opsConsoleStaticPlugin, { consoleDir });
  const shellDir = tempDir({ 'index.html': '<!doctype html><title>shell</title>', 'app.js': 'shell()' });
  await app.register(shellStaticPlugin, { shellDir, releasesDir: tempDir({}) });
  return app;
}

afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

describe('the operator console at /ops', () => {
  it('redirects /ops to /ops/ and serves its index there, revalidated, under the document CSP', async () => {
    const app = await appWith(tempDir({ 'index.html': CONSOLE_INDEX, 'main.0a1b2c3d.js': 'console()' }));
    const bare = await app.inject({ method: 'GET', url: '/ops' });
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe('/ops/');
    const index = await app.inject({ method: 'GET', url: '/ops/' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toBe(CONSOLE_INDEX);
    expect(index.headers['cache-control']).toBe('no-cache');
    const csp = String(index.headers['content-security-policy']);
    expect(csp).toMatch(/(^|;)\s*script-src 'self'(;|$)/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    await app.close();
  });

  it('caches hashed files for a year and leaves the shell at / alone', async () => {
    const app = await appWith(tempDir({ 'index.html': CONSOLE_INDEX, 'main.0a1b2c3d.js': 'console()' }));
    const script = await app.inject({ method: 'GET', url: '/ops/main.0a1b2c3d.js' });
    expect(script.statusCode).toBe(200);
    expect(script.body).toBe('console()');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({ method: 'GET', url: '/ops/missing.js' })).statusCode).toBe(404);
    const shellScript = await app.inject({ method: 'GET', url: '/app.js' });
    expect(shellScript.body).toBe('shell()');
    await app.close();
  });

  it('answers 503 with a plain explanation when the console is not built', async () => {
    const app = await appWith(tempDir({}));
    for (const url of ['/ops', '/ops/', '/ops/main.js']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('operator console is not built');
    }
    await app.close();
  });
});
