// Serves the built shell (the host app) at '/'. index.html (and any other file without
// a content hash) must be revalidated so a new deploy is picked up at once; files whose
// names carry a content hash never change and are cached for a year.
//
// index.html is rendered per request: the current release registry (what
// /remotes.json says) goes into the page, so the shell registers the remotes without a
// round trip, and a small inline script preloads the files of the remote that owns the
// requested hash route. The page stays no-cache, so a release or rollback still reaches
// the next page load without a shell rebuild.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STORAGE_KEYS } from '@kabuto/shared-sdk/constants';
import { FIRST_CALLS_GLOBAL, FIRST_CALL_LANGS, FRAME_FIRST_CALLS } from '@kabuto/shared-sdk/remote';
import { ROUTE_OWNERS, SIGNED_IN_PAGES, TABS, type RemoteName } from '@kabuto/shared-sdk/routes';
import { compressForClient } from '../http/compress';
import { preloadPlan, textFiles, type PreloadPlan, type TextFiles } from '../releases/preload';
import { readRemotesDocument } from '../releases/registry';

/** main.3f9a1c2b.js, 412.a1b2c3d4e5f6.css, ... : a dot-separated run of 8+ hex digits. */
const HASHED_NAME = /\.[0-9a-f]{8,}\.[A-Za-z0-9]+$/;

export function cacheControlFor(filePath: string): string {
  // A precompressed copy (main.3f9a1c2b.js.br) is cached like the file it was made from.
  return HASHED_NAME.test(basename(filePath).replace(/\.(br|gz)$/, '')) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** Id of the JSON block the shell reads its registry from (shell/src/remotes/registry.ts). */
export const BOOT_DATA_ID = 'kabuto-boot';

/**
 * The opened page's first API calls (d.calls[path], declared by the remote that owns it:
 * shared-sdk remote/first-calls.ts; before them d.frame, the shell frame's own), sent now
 * instead of after the app's JavaScript has loaded and rendered the page. Each answer waits in
 * window[FIRST_CALLS_GLOBAL] under the key firstCallKey() gives (the API path and its
 * parameters sorted by name, URI-encoded), with the token it was sent with; the SDK's transport
 * hands it to the page's own request. Headers and body as the SDK sends them
 * (protocol/transport.ts). The stored token and account (tk, ac), the page's language (lg,
 * resolved as the app does) and the hash's query (q) are read by PRELOAD_SCRIPT before this
 * part: no token and the default language when storage throws.
 */
const FIRST_CALLS_PART =
  // Each request leaves in a task of its own, after this parser-blocking script: creating a
  // fetch costs a few milliseconds of the main thread (about 70 ms for three at 4x CPU), which
  // here would delay the static frame's first paint and make one long task.
  'function send(u,h,e){return new Promise(function(ok){setTimeout(function(){try{' +
  "ok(fetch(u,{method:'POST',headers:h,body:e}).then(function(r){return r.text().then(function(t){return{httpStatus:r.status,text:t}})}).catch(function(){return null}))" +
  '}catch(x){ok(null)}},0)})}' +
  'var c=(d.frame||[]).concat((d.calls&&d.calls[p])||[]);if(c.length){' +
  `var w=window[${JSON.stringify(FIRST_CALLS_GLOBAL)}]={};` +
  'for(var i=0;i<c.length;i++){var k=c[i],ok=!(k.signedIn&&!tk),n,v,ps=[];' +
  "for(n in k.onlyIf||{})if(k.onlyIf[n].indexOf(q.get(n)||'')<0)ok=false;" +
  "for(n in k.params||{}){v=k.params[n];if(typeof v!=='string')v=v.query?q.get(v.query):lg;if(!v)ok=false;ps.push([n,v])}" +
  'if(!ok)continue;ps.sort(function(a,b){return a[0]<b[0]?-1:a[0]>b[0]?1:0});' +
  "var e=ps.map(function(x){return encodeURIComponent(x[0])+'='+encodeURIComponent(x[1])}).join('&'),u='/api/vue/'+k.group+'/'+k.action," +
  "h={'Content-Type':'application/x-www-form-urlencoded;charset=UTF-8'};if(tk)h.token=tk;if(ac)h.account=ac;" +
  "w[u+'?'+e]={token:tk,at:Date.now(),answer:send(u,h,e)}}}";

/**
 * Runs before any external script: finds the owner of the hash route, sends the page's first
 * API calls (above) and adds preload links for that remote's current files. Static text, so
 * its hash goes into the CSP instead of allowing inline scripts. The manifest is fetched by the
 * runtime with fetch() (cors, same-origin credentials): as=fetch + crossorigin matches that request.
 * fetchpriority=low: the downloads start at once but do not outrank what the first
 * paint needs (a high-priority preload counts as paint-blocking in Lighthouse's model).
 * A chunk's stylesheet (mf-build extracts CSS) is preloaded as a style, or the chunk would
 * wait a round trip more for it. Page chunks are preloaded as classic scripts, not
 * modulepreload: webpack loads them with a
 * classic <script>, and a module-mode preload would not match that request (fetched twice).
 */
export const PRELOAD_SCRIPT =
  "(function(){try{var d=JSON.parse(document.getElementById('" +
  BOOT_DATA_ID +
  "').textContent);var p=location.hash.slice(1).split('?')[0]||'/';var o=d.owners[p];" +
  // The stored session and language, read once (storage may throw in private mode: a visitor then).
  "var tk='',ac='',lg='';" +
  `try{tk=localStorage.getItem(${JSON.stringify(STORAGE_KEYS.token)})||'';ac=localStorage.getItem(${JSON.stringify(STORAGE_KEYS.account)})||'';lg=localStorage.getItem(${JSON.stringify(STORAGE_KEYS.lang)})||''}catch(x){}` +
  // The page's language as the app resolves it (FIRST_CALL_LANGS): `lang=zh` in the page's or the
  // hash's query forces tw; else the stored one if known; else the first offered language the
  // browser asks for (matched on the tag's primary subtag); else the default.
  "var q=new URLSearchParams(location.hash.split('?')[1]||'');" +
  `if(${JSON.stringify(FIRST_CALL_LANGS.known)}.indexOf(lg)<0){lg='';var bp=${JSON.stringify(Object.fromEntries(FIRST_CALL_LANGS.browser))};` +
  "var bl=navigator.languages&&navigator.languages.length?navigator.languages:[navigator.language||''];" +
  'for(var b=0;b<bl.length&&!lg;b++){var pr=String(bl[b]).trim().toLowerCase().split(/[-_]/)[0];if(Object.prototype.hasOwnProperty.call(bp,pr))lg=bp[pr]}' +
  `if(!lg)lg=${JSON.stringify(FIRST_CALL_LANGS.fallback)}}` +
  `if(new URLSearchParams(location.search).get('lang')===${JSON.stringify(FIRST_CALL_LANGS.forcedBy)}||q.get('lang')===${JSON.stringify(FIRST_CALL_LANGS.forcedBy)})lg=${JSON.stringify(FIRST_CALL_LANGS.forced)};` +
  // The shell's own texts in that language, on every page: its first render waits for them.
  'var sf=(d.shellTexts&&d.shellTexts[lg])||[];' +
  "for(var k=0;k<sf.length;k++){var s=document.createElement('link');s.rel='preload';s.as='script';s.href=sf[k];s.setAttribute('fetchpriority','low');document.head.appendChild(s)}" +
  // A visitor on a signed-in page is sent to logon by the app: nothing of the page's remote to fetch.
  'if(!(tk&&ac)&&d.signedIn.indexOf(p)>=0)o=undefined;' +
  'var l=(d.preload[o]||[]).slice();' +
  // Which static frame index.html paints until React takes over: a tab page, another remote page, or none.
  "document.documentElement.setAttribute('data-boot',d.tabs.indexOf(p)>=0?'tab':o?'page':'none');" +
  FIRST_CALLS_PART +
  // The opened page's own chunks, named relative to the release folder of the manifest (l[0]).
  // With them, the remote's texts in the page's language.
  "var g=(d.pages&&d.pages[p])||[];g=g.concat((d.texts&&d.texts[o]&&d.texts[o][lg])||[]);if(l.length){var b=l[0].slice(0,l[0].lastIndexOf('/')+1);for(var j=0;j<g.length;j++)l.push(b+g[j])}" +
  "for(var i=0;i<l.length;i++){var e=document.createElement('link');e.rel='preload';" +
  "if(/\\.json$/.test(l[i])){e.as='fetch';e.crossOrigin='anonymous'}else{e.as=/\\.css$/.test(l[i])?'style':'script'}" +
  "e.href=l[i];e.setAttribute('fetchpriority','low');e.setAttribute('data-remote-preload',o);document.head.appendChild(e)}}catch(x){}})();";

const PRELOAD_SCRIPT_HASH = `'sha256-${createHash('sha256').update(PRELOAD_SCRIPT).digest('base64')}'`;

/** Hash path → remote, for the routes a remote owns (the shell's own pages need no preload). */
const REMOTE_OWNERS: Readonly<Record<string, RemoteName>> = Object.fromEntries(
  Object.entries(ROUTE_OWNERS).filter((pair): pair is [string, RemoteName] => pair[1] !== 'shell'),
);

const TAB_PATHS: readonly string[] = TABS.map((tab) => tab.path);

/** JSON inside <script type="application/json">: '<' escaped so no value can close the element. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * Only the calls the API marks as first-call reads (route config `firstCall`): the boot script
 * sends them with the customer's token, so a release's list can never make it send anything else.
 */
function readsOnly(calls: PreloadPlan['calls'], allowed: ReadonlySet<string>): PreloadPlan['calls'] {
  const kept: PreloadPlan['calls'] = {};
  for (const [path, list] of Object.entries(calls)) {
    const reads = list.filter((call) => allowed.has(`/api/vue/${call.group}/${call.action}`));
    if (reads.length > 0) kept[path] = reads;
  }
  return kept;
}

export async function renderIndexHtml(template: string, releasesDir: string, firstCallPaths: ReadonlySet<string>, shellTexts: TextFiles = {}): Promise<string> {
  const registry = await readRemotesDocument(releasesDir);
  const plan = await preloadPlan(releasesDir, registry);
  const boot = {
    registry,
    owners: REMOTE_OWNERS,
    tabs: TAB_PATHS,
    ...plan,
    shellTexts,
    calls: readsOnly(plan.calls, firstCallPaths),
    signedIn: SIGNED_IN_PAGES,
    // The shell frame's calls, on every page (they are the shell's, so they follow no release).
    frame: FRAME_FIRST_CALLS.filter((call) => firstCallPaths.has(`/api/vue/${call.group}/${call.action}`)),
  };
  const tags = `<script id="${BOOT_DATA_ID}" type="application/json">${scriptSafeJson(boot)}</script><script>${PRELOAD_SCRIPT}</script>`;
  // Before the first <link>/<script> of the head, so the preloads start before the shell's own scripts are parsed.
  const at = template.indexOf('</title>');
  return at < 0 ? template.replace('</head>', `${tags}</head>`) : `${template.slice(0, at + 8)}${tags}${template.slice(at + 8)}`;
}

/** Written by the shell's build next to index.html (shell/webpack.config.js): per language, the shell's own files of it. */
const SHELL_TEXTS_FILE = 'kabuto-shell-texts.json';

/** The shell's files per page language (its texts, the catalogue's); none when the build wrote no list. */
function readShellTextFiles(shellDir: string): TextFiles {
  const file = join(shellDir, SHELL_TEXTS_FILE);
  if (!existsSync(file)) return {};
  try {
    return textFiles(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return {};
  }
}

/** The page's CSP with the preload script's hash added to script-src. */
function withPreloadScriptHash(csp: string): string {
  return csp.replace(/(^|;)\s*script-src ([^;]*)/, (_whole, start: string, sources: string) => `${start}script-src ${sources} ${PRELOAD_SCRIPT_HASH}`);
}

async function sendIndex(request: FastifyRequest, reply: FastifyReply, template: string, shellTexts: TextFiles, opts: ShellStaticOptions) {
  const html = Buffer.from(await renderIndexHtml(template, opts.releasesDir, opts.firstCallPaths?.() ?? new Set(), shellTexts));
  const csp = reply.raw.getHeader('Content-Security-Policy');
  if (typeof csp === 'string') reply.header('Content-Security-Policy', withPreloadScriptHash(csp));
  reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8');
  const compressed = compressForClient(html, request.headers['accept-encoding']);
  if (compressed) return reply.header('Content-Encoding', compressed.encoding).send(compressed.body);
  return reply.send(html);
}

export interface ShellStaticOptions {
  shellDir: string;
  releasesDir: string;
  /** The API paths a page's first calls may use (routes marked `firstCall`); none when not given. */
  firstCallPaths?: () => ReadonlySet<string>;
}

export async function shellStaticPlugin(app: FastifyInstance, opts: ShellStaticOptions): Promise<void> {
  if (!existsSync(opts.shellDir)) {
    app.log.warn({ shellDir: opts.shellDir }, 'shell is not built; only the API is served');
    app.get('/', async (_request, reply) => reply.code(503).type('text/plain; charset=utf-8').send('Kabuto: the shell is not built yet (npm run build).'));
    return;
  }
  const indexFile = join(opts.shellDir, 'index.html');
  if (existsSync(indexFile)) {
    // Read once: a new shell build is a new deploy, and the server restarts with it.
    const template = readFileSync(indexFile, 'utf8');
    const shellTexts = readShellTextFiles(opts.shellDir);
    const index = (request: FastifyRequest, reply: FastifyReply) => sendIndex(request, reply, template, shellTexts, opts);
    app.get('/', index);
    app.get('/index.html', index);
  }
  // Registered inside this (encapsulated) plugin so its reply.sendFile decorator does not
  // clash with other plugins that serve files (the releases module).
  await app.register(fastifyStatic, {
    root: opts.shellDir,
    prefix: '/',
    index: false,
    // main.<hash>.js.br / .gz written by the shell's build (shell/webpack.config.js).
    preCompressed: true,
    cacheControl: false,
    etag: true,
    lastModified: true,
    setHeaders: (reply, filePath) => {
      reply.header('Cache-Control', cacheControlFor(filePath));
    },
  });
}
