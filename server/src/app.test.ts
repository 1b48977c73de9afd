import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MSG } from '@kabuto/shared-sdk/messages';
import { APP_VERSION } from '@kabuto/shared-sdk/constants';
import { startTestApp, type TestContext } from './testing/test-app';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('app', () => {
  let ctx: TestContext;
  let shellDir: string;
  beforeAll(async () => {
    shellDir = mkdtempSync(join(tmpdir(), 'kabuto-shell-'));
    writeFileSync(join(shellDir, 'index.html'), '<!doctype html><title>Kabuto</title>');
    mkdirSync(join(shellDir, 'static'));
    writeFileSync(join(shellDir, 'static', 'main.3f9a1c2b7d.js'), 'console.log("shell")');
    ctx = await startTestApp({ shellDir });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(shellDir, { recursive: true, force: true });
  });

  describe('POST /api/vue/common/config', () => {
    it('lists the site config with English and _zh titles, including the logo', async () => {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/vue/common/config', headers: FORM, payload: 'type=all' });
      expect(res.statusCode).toBe(200);
      const body = res.json<{ status: number; msg: string; data: Array<Record<string, string>> }>();
      expect(body.status).toBe(1);
      expect(body.data.length).toBeGreaterThanOrEqual(10);
      for (const entry of body.data) {
        expect(Object.keys(entry).sort()).toEqual(['name', 'title', 'title_zh', 'value']);
        expect(entry.title).not.toBe('');
        expect(entry.title_zh).toMatch(/[\u4e00-\u9fff]/);
      }
      const byName = new Map(body.data.map((entry) => [entry.name, entry]));
      expect(byName.get('logo')).toEqual({ name: 'logo', value: '/assets/logo.svg', title: 'Logo', title_zh: '標誌' });
      expect(byName.get('app_version')?.value).toBe(APP_VERSION);
      expect(byName.get('deposit_time')?.value).toBe('09:00-17:00');
      expect(byName.get('withdraw_time')?.value).toBe('09:00-15:30');
      expect(byName.get('withdraw_min')?.value).toBe('100');
      expect(byName.get('market_label')?.value).toBe('simulated');
      expect(byName.get('site_name')?.value).toBe('Kabuto');
    });

    it('serves the logo it points at as SVG', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/assets/logo.svg' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml');
      expect(res.body).toContain('<svg');
    });

    it.each([
      ['a missing type', ''],
      ['another type', 'type=some'],
      ['a repeated type', 'type=all&type=all'],
    ])('refuses %s with invalid params', async (_label, payload) => {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/vue/common/config', headers: FORM, payload });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 0, msg: MSG.invalidParams, data: null });
    });
  });

  it('answers an unknown vue action with "not open"', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/vue/user/doesNotExist', headers: FORM, payload: 'x=1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 0, msg: MSG.notOpen, data: null });
  });

  it.each([
    ['broken JSON', 'application/json', '{"type":'],
    ['an unknown media type', 'application/xml', '<type>all</type>'],
    ['a multipart body', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="type"\r\n\r\nall\r\n--x--\r\n'],
    ['a body over the size limit', 'application/x-www-form-urlencoded', `type=${'a'.repeat(1024 * 1024 + 10)}`],
  ])('answers %s with status 0, never a 500', async (_label, contentType, payload) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/vue/common/config', headers: { 'content-type': contentType }, payload });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 0, msg: MSG.invalidParams, data: null });
  });

  it('reports health with the database kind and the clock time', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'pglite', time: '2025-01-06T01:00:00.000Z' });
    ctx.clock.advance(1000);
    const later = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(later.json<{ time: string }>().time).toBe('2025-01-06T01:00:01.000Z');
  });

  // Every request pays for every hook on its route: a plugin registered at the root adds its
  // hooks to all routes (@fastify/multipart's three async hooks would). The common path
  // runs exactly these three synchronous hooks; a plugin that needs hooks belongs in the
  // context of the routes that use it.
  it('runs only the three cheap common hooks on the common path', () => {
    const routes = ctx.app.printRoutes({ includeHooks: true, commonPrefix: false }).split('\n');
    const common = ['• (onRequest) ["securityHeaders()"]', '• (preValidation) ["inputHygiene()"]', '• (onResponse) ["sampledRequestLog()"]'];
    // Besides the common three, only the route's own guard.
    const own: Record<string, string[]> = {
      'api/health (GET)': [],
      'api/vue/user/info (POST)': ['• (preHandler) ["requireUser()"]'],
      'api/vue/funds/wallet (POST)': ['• (preHandler) ["requireUser()","forbidInstitution()"]'],
    };
    for (const [route, guards] of Object.entries(own)) {
      const start = routes.findIndex((line) => line.includes(route));
      expect([route, start >= 0]).toEqual([route, true]);
      const end = routes.findIndex((line, index) => index > start && !line.includes('• ('));
      const hooks = routes.slice(start + 1, end).map((line) => line.slice(line.indexOf('•')));
      expect([route, hooks]).toEqual([route, [...common.slice(0, 2), ...guards, common[2]]]);
    }
  });

  it('sends a same-origin content security policy', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/pages/market', headers: { host: 'kabuto.example:8080' } });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("connect-src 'self' ws://kabuto.example:8080 wss://kabuto.example:8080");
    expect(csp).not.toMatch(/https?:\/\//);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('does not let a forged Host header inject CSP directives', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/pages/market', headers: { host: 'evil.example; script-src *' } });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).not.toContain('evil');
    expect(csp).toContain("connect-src 'self' 'self'");
  });

  it('serves the shell: index.html revalidated, hashed files cached for a year', async () => {
    const index = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<title>Kabuto</title>');
    expect(index.headers['cache-control']).toBe('no-cache');
    const hashed = await ctx.app.inject({ method: 'GET', url: '/static/main.3f9a1c2b7d.js' });
    expect(hashed.statusCode).toBe(200);
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
