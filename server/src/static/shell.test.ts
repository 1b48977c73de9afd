import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { FIRST_CALLS_GLOBAL, FRAME_FIRST_CALLS, firstCallKey, type EarlyAnswer, type FirstCall } from '@kabuto/shared-sdk/remote';
import { SIGNED_IN_PAGES } from '@kabuto/shared-sdk/routes';
import { registerSecurityHeaders } from '../http/security';
import { releaseRemote, rollbackRemote } from '../releases/release';
import { createFakeRepo, fakeManifest, type FakeRepo } from '../releases/testing/fake-remote';
import { BOOT_DATA_ID, PRELOAD_SCRIPT, cacheControlFor, shellStaticPlugin } from './shell';

let repo: FakeRepo;
let shellDir: string;
let app: FastifyInstance;
const releaseOptions = () => ({ releasesDir: repo.releasesDir, repoRoot: repo.root, build: false as const, user: 'ops' });

const TEMPLATE = '<!doctype html><html><head><title>Kabuto</title><script defer src=main.0123abcd.js></script></head><body><div id=root></div></body></html>';
const MAIN_JS = `console.log(${JSON.stringify('shell '.repeat(300))});`;

/** A built remote whose manifest names its entry and the files of its ./routes expose. */
function marketDist(marker: string): Record<string, string> {
  const manifest = JSON.parse(fakeManifest()) as Record<string, unknown>;
  return {
    'remoteEntry.js': `var mf_market; /* ${marker} */`,
    'mf-manifest.json': JSON.stringify({
      ...manifest,
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' } },
      exposes: [
        {
          name: 'routes',
          assets: {
            js: { sync: ['7.aa11bb22.js', '__federation_expose_routes.cc33dd44.js'], async: ['page-home.ee55ff66.js'] },
            // mf-build extracts a chunk's CSS into a stylesheet of its own.
            css: { sync: ['__federation_expose_routes.dd44ee55.css'], async: ['page-home.ff66aa77.css'] },
          },
        },
      ],
    }),
    '7.aa11bb22.js': `/* ${marker} */`,
    // mf-build's page list: home's chunks (a vendor chunk, then the page), and one file name that must not pass.
    'kabuto-pages.json': JSON.stringify({
      schema: 1,
      pages: {
        'page-home': ['9.bb22cc33.js', `page-home.${marker === 'B' ? 'bbbbbbbb' : 'aaaaaaaa'}.css`, `page-home.${marker === 'B' ? 'bbbbbbbb' : 'aaaaaaaa'}.js`],
        'page-stock-detail': ['../x.js', 'page-stock-detail.12345678.js'],
      },
      // Each language's texts; a name that must not pass.
      texts: { tw: [`texts-tw.${marker === 'B' ? 'bbbbbbbb' : 'aaaaaaaa'}.js`], jp: ['texts-jp.12121212.js', '../evil.js'], en: ['texts-en.34343434.js'] },
      // The remote's first-calls.json: home's list differs between A and B, and asks for a
      // withdrawal, which is no first-call read of the API; stock details' list is not valid
      // (a group name that is no identifier). Both are dropped.
      calls: {
        home: [
          { group: 'market', action: marker === 'B' ? 'rankings' : 'indices' },
          { group: 'funds', action: 'withdraw', params: { amount: '100000' }, signedIn: true },
        ],
        stockDetail: [{ group: 'market/../user', action: 'info' }],
      },
    }),
  };
}

beforeEach(async () => {
  repo = createFakeRepo();
  shellDir = mkdtempSync(join(tmpdir(), 'kabuto-shell-'));
  mkdirSync(shellDir, { recursive: true });
  writeFileSync(join(shellDir, 'index.html'), TEMPLATE);
  writeFileSync(join(shellDir, 'main.0123abcd.js'), MAIN_JS);
  writeFileSync(join(shellDir, 'main.0123abcd.js.br'), brotliCompressSync(Buffer.from(MAIN_JS)));
  // The shell build's list of its own files per language; one name that must not pass.
  writeFileSync(
    join(shellDir, 'kabuto-shell-texts.json'),
    JSON.stringify({
      tw: ['shell-texts-tw.aa.js'],
      jp: ['shell-texts-jp.bb.js', 'messages-jp.cc.js'],
      en: ['shell-texts-en.dd.js', 'messages-en.ee.js'],
      hi: ['shell-texts-hi.ff.js', '../x.js'],
    }),
  );
  app = Fastify();
  registerSecurityHeaders(app);
  // As app.ts gives it: the routes marked firstCall (here two of the market's reads and the clock).
  await app.register(shellStaticPlugin, {
    shellDir,
    releasesDir: repo.releasesDir,
    firstCallPaths: () => new Set(['/api/vue/market/indices', '/api/vue/market/rankings', '/api/vue/common/clock']),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
});

afterEach(async () => {
  await app.close();
  repo.cleanup();
  rmSync(shellDir, { recursive: true, force: true });
});

function get(path: string, headers: Record<string, string> = {}): Promise<{ statusCode: number; headers: IncomingHttpHeaders; body: string }> {
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const body = (encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
        resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

interface BootData {
  registry: { remotes: Record<string, { entry: string; version: string }> };
  owners: Record<string, string>;
  tabs: string[];
  preload: Record<string, string[]>;
  pages: Record<string, string[]>;
  calls: Record<string, FirstCall[]>;
  texts: Record<string, Record<string, string[]>>;
  shellTexts: Record<string, string[]>;
  frame: FirstCall[];
}

function bootData(html: string): BootData {
  const match = new RegExp(`<script id="${BOOT_DATA_ID}" type="application/json">(.*?)</script>`).exec(html);
  if (!match?.[1]) throw new Error(`no boot data in ${html}`);
  return JSON.parse(match[1]) as BootData;
}

describe('index.html', () => {
  it("carries the current registry and the preload list of each remote's release, and follows a rollback", async () => {
    repo.build('mf-market', marketDist('A'));
    const a = await releaseRemote('mf-market', releaseOptions());
    repo.build('mf-market', marketDist('B'));
    const b = await releaseRemote('mf-market', releaseOptions());

    const withB = bootData((await get('/')).body);
    expect(withB.registry.remotes.mf_market?.version).toBe(b.version);
    expect(withB.preload.mf_market).toEqual([
      `/releases/mf-market/${b.version}/mf-manifest.json`,
      `/releases/mf-market/${b.version}/remoteEntry.js`,
      `/releases/mf-market/${b.version}/7.aa11bb22.js`,
      `/releases/mf-market/${b.version}/__federation_expose_routes.cc33dd44.js`,
      `/releases/mf-market/${b.version}/__federation_expose_routes.dd44ee55.css`,
    ]);
    expect(withB.owners['/pages/home/home']).toBe('mf_market');
    expect(withB.owners['/pages/common/position']).toBe('mf_trade');
    expect(withB.owners['/pages/start']).toBeUndefined();
    expect(withB.tabs).toContain('/pages/home/home');

    await rollbackRemote('mf-market', undefined, releaseOptions());
    const page = await get('/index.html');
    expect(page.headers['cache-control']).toBe('no-cache');
    const withA = bootData(page.body);
    expect(withA.registry.remotes.mf_market?.version).toBe(a.version);
    expect(withA.preload.mf_market?.[1]).toBe(`/releases/mf-market/${a.version}/remoteEntry.js`);
    expect(page.body).not.toContain(b.version);
  });

  it("lists each route's page chunks by path, from the current release's page list", async () => {
    repo.build('mf-market', marketDist('A'));
    await releaseRemote('mf-market', releaseOptions());
    repo.build('mf-market', marketDist('B'));
    await releaseRemote('mf-market', releaseOptions());
    expect(bootData((await get('/')).body).pages['/pages/home/home']).toEqual(['9.bb22cc33.js', 'page-home.bbbbbbbb.css', 'page-home.bbbbbbbb.js']);
    // The unsafe name is dropped, the rest of the page's list stays.
    expect(bootData((await get('/')).body).pages['/pages/common/sharesDetails']).toEqual(['page-stock-detail.12345678.js']);
    await rollbackRemote('mf-market', undefined, releaseOptions());
    const withA = bootData((await get('/')).body);
    expect(withA.pages['/pages/home/home']).toEqual(['9.bb22cc33.js', 'page-home.aaaaaaaa.css', 'page-home.aaaaaaaa.js']);
    // Routes of a remote with no page list (or no release) have no entry.
    expect(withA.pages['/pages/common/position']).toBeUndefined();
  });

  it("carries the shell's own files per language from its build (English's too for hi and id)", async () => {
    expect(bootData((await get('/')).body).shellTexts).toEqual({
      tw: ['shell-texts-tw.aa.js'],
      jp: ['shell-texts-jp.bb.js', 'messages-jp.cc.js'],
      en: ['shell-texts-en.dd.js', 'messages-en.ee.js'],
      hi: ['shell-texts-hi.ff.js', 'shell-texts-en.dd.js', 'messages-en.ee.js'],
      id: ['shell-texts-en.dd.js', 'messages-en.ee.js'],
    });
  });

  it("carries each remote's text files per language from the current release (English for hi and id), and follows a rollback", async () => {
    repo.build('mf-market', marketDist('A'));
    await releaseRemote('mf-market', releaseOptions());
    repo.build('mf-market', marketDist('B'));
    await releaseRemote('mf-market', releaseOptions());
    expect(bootData((await get('/')).body).texts.mf_market).toEqual({
      tw: ['texts-tw.bbbbbbbb.js'],
      jp: ['texts-jp.12121212.js'],
      en: ['texts-en.34343434.js'],
      hi: ['texts-en.34343434.js'],
      id: ['texts-en.34343434.js'],
    });
    await rollbackRemote('mf-market', undefined, releaseOptions());
    expect(bootData((await get('/')).body).texts.mf_market?.tw).toEqual(['texts-tw.aaaaaaaa.js']);
  });

  it("carries each route's first API calls from the current release, and follows a rollback", async () => {
    repo.build('mf-market', marketDist('A'));
    await releaseRemote('mf-market', releaseOptions());
    repo.build('mf-market', marketDist('B'));
    await releaseRemote('mf-market', releaseOptions());
    const withB = bootData((await get('/')).body);
    expect(withB.calls['/pages/home/home']).toEqual([{ group: 'market', action: 'rankings' }]);
    expect(withB.calls['/pages/common/sharesDetails']).toBeUndefined();
    // The shell frame's own calls are the same whatever is released.
    expect(withB.frame).toEqual(FRAME_FIRST_CALLS);
    await rollbackRemote('mf-market', undefined, releaseOptions());
    expect(bootData((await get('/')).body).calls['/pages/home/home']).toEqual([{ group: 'market', action: 'indices' }]);
  });

  it('allows its one inline script by hash and no other inline script', async () => {
    const page = await get('/');
    const csp = String(page.headers['content-security-policy']);
    const hash = createHash('sha256').update(PRELOAD_SCRIPT).digest('base64');
    expect(page.body).toContain(`<script>${PRELOAD_SCRIPT}</script>`);
    expect(csp).toMatch(new RegExp(`(^|;)script-src 'self' 'sha256-${hash.replace(/[+/]/g, '\\$&')}'(;|$)`));
    expect(csp).not.toContain("unsafe-inline';script");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('a file name in a release manifest cannot inject markup into the page', async () => {
    const evil = marketDist('x');
    const manifest = JSON.parse(evil['mf-manifest.json'] as string) as { exposes: { assets: { js: { sync: string[] } } }[] };
    manifest.exposes[0]!.assets.js.sync = ['</script><script>alert(1)</script>.js', 'ok.js'];
    repo.build('mf-market', { ...evil, 'mf-manifest.json': JSON.stringify(manifest) });
    await releaseRemote('mf-market', releaseOptions());
    const html = (await get('/')).body;
    expect(html).not.toContain('alert(1)');
    expect(bootData(html).preload.mf_market?.some((url) => url.endsWith('/ok.js'))).toBe(true);
  });

  it('is sent compressed to a browser that accepts it', async () => {
    const br = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.body).toContain('<div id=root>');
    const gzip = await get('/', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body).toContain(BOOT_DATA_ID);
  });
});

describe('hashed shell files', () => {
  it('are sent from their brotli copy, cached for a year', async () => {
    const js = await get('/main.0123abcd.js', { 'accept-encoding': 'br' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-encoding']).toBe('br');
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.body).toBe(MAIN_JS);
    const plain = await get('/main.0123abcd.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(MAIN_JS);
  });

  it('cacheControlFor: hashed names and their compressed copies are immutable, others revalidate', () => {
    expect(cacheControlFor('/x/main.0123abcd.js.br')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/x/main.0123abcd.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/x/index.html')).toBe('no-cache');
    expect(cacheControlFor('/x/remotes.json.gz')).toBe('no-cache');
  });
});

describe('the boot script sends the first calls', () => {
  interface Sent {
    url: string;
    headers: Record<string, string>;
    body: string;
  }

  /** Runs PRELOAD_SCRIPT against a fake page: its boot data, URL and storage; returns what it sent and stored. */
  function boot(options: {
    calls: Record<string, FirstCall[]>;
    frame?: FirstCall[];
    signedIn?: string[];
    hash: string;
    search?: string;
    storage?: Record<string, string>;
    /** navigator.languages; none by default. */
    languages?: string[];
  }): {
    sent: Sent[];
    stored: Record<string, EarlyAnswer>;
    preloaded: string[];
  } {
    const sent: Sent[] = [];
    const preloaded: string[] = [];
    const data = {
      owners: { '/pages/home/home': 'mf_market', '/pages/common/sharesDetails': 'mf_market', '/pages/common/position': 'mf_trade' },
      tabs: [],
      preload: { mf_market: ['/releases/mf-market/1/mf-manifest.json'], mf_trade: ['/releases/mf-trade/1/mf-manifest.json'] },
      pages: {},
      calls: options.calls,
      frame: options.frame,
      signedIn: options.signedIn ?? [],
    };
    const window: Record<string, unknown> = {};
    const tasks: (() => void)[] = [];
    const context = {
      setTimeout: (task: () => void) => tasks.push(task),
      Promise,
      window,
      location: { hash: options.hash, search: options.search ?? '' },
      localStorage: { getItem: (key: string) => options.storage?.[key] ?? null },
      navigator: { languages: options.languages ?? [], language: options.languages?.[0] ?? '' },
      document: {
        getElementById: () => ({ textContent: JSON.stringify(data) }),
        documentElement: { setAttribute: () => undefined },
        head: { appendChild: (link: { href: string }) => preloaded.push(link.href) },
        createElement: () => ({ setAttribute: () => undefined }),
      },
      URLSearchParams,
      encodeURIComponent,
      Date,
      fetch: (url: string, init: { headers: Record<string, string>; body: string }) => {
        sent.push({ url, headers: init.headers, body: init.body });
        return Promise.resolve({ status: 200, text: () => Promise.resolve('{"status":1}') });
      },
    };
    runInNewContext(PRELOAD_SCRIPT, context);
    // Nothing leaves inside the parser-blocking script: each request is a task of its own.
    expect([sent.length, tasks.length]).toEqual([0, Object.keys(window[FIRST_CALLS_GLOBAL] ?? {}).length]);
    for (const task of tasks) task();
    return { sent, stored: (window[FIRST_CALLS_GLOBAL] ?? {}) as Record<string, EarlyAnswer>, preloaded };
  }

  const HOME_CALLS: FirstCall[] = [
    { group: 'market', action: 'indices' },
    { group: 'market', action: 'news', params: { offset: '0', lang: { session: 'lang' }, limit: '20' } },
    { group: 'market', action: 'watchlist', signedIn: true },
    { group: 'market', action: 'rankings', params: { type: 'gainers' }, onlyIf: { board: ['', 'gainers'] } },
  ];

  it('under the keys the SDK looks for, with the stored language, as a visitor', async () => {
    const { sent, stored } = boot({ calls: { '/pages/home/home': HOME_CALLS }, hash: '#/pages/home/home', storage: { lang: 'jp' } });
    expect(sent.map((call) => call.url)).toEqual(['/api/vue/market/indices', '/api/vue/market/news', '/api/vue/market/rankings']);
    expect(sent[1]?.body).toBe('lang=jp&limit=20&offset=0');
    expect(sent[1]?.headers).toEqual({ 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' });
    expect(Object.keys(stored).sort()).toEqual(
      [
        firstCallKey('/api/vue/market/indices', []),
        firstCallKey('/api/vue/market/news', [
          ['offset', '0'],
          ['lang', 'jp'],
          ['limit', '20'],
        ]),
        firstCallKey('/api/vue/market/rankings', [['type', 'gainers']]),
      ].sort(),
    );
    const news =
      stored[
        firstCallKey('/api/vue/market/news', [
          ['lang', 'jp'],
          ['limit', '20'],
          ['offset', '0'],
        ])
      ];
    expect(news?.token).toBe('');
    await expect(news?.answer).resolves.toEqual({ httpStatus: 200, text: '{"status":1}' });
  });

  it("signed in: the customer's calls too, with the session headers; lang=zh forces tw; a hash query chooses", () => {
    const { sent, stored } = boot({
      calls: { '/pages/home/home': HOME_CALLS },
      hash: '#/pages/home/home?board=losers&lang=zh',
      storage: { token: 'tok', account: '9012345678', lang: 'en' },
    });
    expect(sent.map((call) => call.url)).toEqual(['/api/vue/market/indices', '/api/vue/market/news', '/api/vue/market/watchlist']);
    expect(sent[1]?.body).toBe('lang=tw&limit=20&offset=0');
    expect(sent[2]?.headers).toEqual({ 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8', token: 'tok', account: '9012345678' });
    expect(stored[firstCallKey('/api/vue/market/watchlist', [])]?.token).toBe('tok');
  });

  it("sends the shell frame's calls on every page, first, whoever owns the page", () => {
    const frame = [...FRAME_FIRST_CALLS];
    const home = boot({ calls: { '/pages/home/home': HOME_CALLS }, frame, hash: '#/pages/home/home' });
    expect(home.sent.map((call) => call.url)).toEqual(['/api/vue/common/clock', '/api/vue/market/indices', '/api/vue/market/news', '/api/vue/market/rankings']);
    expect(Object.keys(home.stored)).toContain(firstCallKey('/api/vue/common/clock', []));
    // A shell page (no owner, no calls of its own) still gets the frame's.
    expect(boot({ calls: {}, frame, hash: '#/pages/login/login' }).sent.map((call) => call.url)).toEqual(['/api/vue/common/clock']);
  });

  it("preloads the owning remote's files, except for a visitor on a signed-in page (the app sends them to logon)", () => {
    const signedIn = [...SIGNED_IN_PAGES];
    expect(boot({ calls: {}, signedIn, hash: '#/pages/home/home' }).preloaded).toEqual(['/releases/mf-market/1/mf-manifest.json']);
    expect(boot({ calls: {}, signedIn, hash: '#/pages/common/position' }).preloaded).toEqual([]);
    expect(boot({ calls: {}, signedIn, hash: '#/pages/common/position', storage: { token: 'tok' } }).preloaded).toEqual([]);
    expect(boot({ calls: {}, signedIn, hash: '#/pages/common/position', storage: { token: 'tok', account: '9012345678' } }).preloaded).toEqual([
      '/releases/mf-trade/1/mf-manifest.json',
    ]);
  });

  it('takes a parameter from the hash query, and skips the call without it; an unknown stored language is the default', () => {
    const calls = {
      '/pages/common/sharesDetails': [{ group: 'market', action: 'quote', params: { code: { query: 'code' }, lang: { session: 'lang' as const } } }],
    };
    const withCode = boot({ calls, hash: '#/pages/common/sharesDetails?code=7203', storage: { lang: 'xx' } });
    expect(withCode.sent.map((call) => call.body)).toEqual(['code=7203&lang=tw']);
    expect(boot({ calls, hash: '#/pages/common/sharesDetails' }).sent).toEqual([]);
    expect(boot({ calls, hash: '#/pages/home/home' }).sent).toEqual([]);
  });

  it("on a first visit, asks in the first offered language of the browser's list, as the app resolves it", () => {
    const calls = {
      '/pages/common/sharesDetails': [{ group: 'market', action: 'quote', params: { code: { query: 'code' }, lang: { session: 'lang' as const } } }],
    };
    const hash = '#/pages/common/sharesDetails?code=7203';
    const langSent = (languages: string[], storage?: Record<string, string>): string | undefined =>
      new URLSearchParams(boot({ calls, hash, languages, ...(storage ? { storage } : {}) }).sent[0]?.body).get('lang') ?? undefined;
    expect(langSent(['fr-FR', 'ja-JP', 'en-US'])).toBe('jp');
    expect(langSent(['en-GB'])).toBe('en');
    expect(langSent(['zh-CN'])).toBe('tw');
    expect(langSent(['in-ID'])).toBe('id');
    expect(langSent(['fr-FR', 'de'])).toBe('tw');
    expect(langSent([])).toBe('tw');
    // The customer's choice, once stored, wins over the browser.
    expect(langSent(['ja-JP'], { lang: 'en' })).toBe('en');
  });
});
