// Serves the built shell (the host app) at '/'. index.html (and any other file without
// a content hash) must be revalidated so a new deploy is picked up at once; files whose
// names carry a content hash never change and are cached for a year.
//
// index.html is rendered per request (issue 14): the current release registry (what
// /remotes.json says) goes into the page, so the shell registers the remotes without a
// round trip, and a small inline script preloads the files of the remote that owns the
// requested hash route. The page stays no-cache, so a release or rollback still reaches
// the next page load without a shell rebuild.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ROUTE_OWNERS, TABS, type RemoteName } from '@kabuto/shared-sdk/routes';
import { preloadPlan } from '../releases/preload';
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
 * Runs before any external script: finds the owner of the hash route and adds preload
 * links for that remote's current files. Static text, so its hash goes into the CSP
 * instead of allowing inline scripts. The manifest is fetched by the runtime with
 * fetch() (cors, same-origin credentials): as=fetch + crossorigin matches that request.
 * fetchpriority=low: the downloads start at once but do not outrank what the first
 * paint needs (a high-priority preload counts as paint-blocking in Lighthouse's model).
 * Page chunks are preloaded as classic scripts, not modulepreload: webpack loads them with a
 * classic <script>, and a module-mode preload would not match that request (fetched twice).
 */
export const PRELOAD_SCRIPT =
  "(function(){try{var d=JSON.parse(document.getElementById('" +
  BOOT_DATA_ID +
  "').textContent);var p=location.hash.slice(1).split('?')[0]||'/';var o=d.owners[p];var l=(d.preload[o]||[]).slice();" +
  // Which static frame index.html paints until React takes over: a tab page, another remote page, or none.
  "document.documentElement.setAttribute('data-boot',d.tabs.indexOf(p)>=0?'tab':o?'page':'none');" +
  // The opened page's own chunks, named relative to the release folder of the manifest (l[0]).
  "var g=(d.pages&&d.pages[p])||[];if(l.length){var b=l[0].slice(0,l[0].lastIndexOf('/')+1);for(var j=0;j<g.length;j++)l.push(b+g[j])}" +
  "for(var i=0;i<l.length;i++){var e=document.createElement('link');e.rel='preload';" +
  "if(/\\.json$/.test(l[i])){e.as='fetch';e.crossOrigin='anonymous'}else{e.as='script'}" +
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

export async function renderIndexHtml(template: string, releasesDir: string): Promise<string> {
  const registry = await readRemotesDocument(releasesDir);
  const boot = { registry, owners: REMOTE_OWNERS, tabs: TAB_PATHS, ...(await preloadPlan(releasesDir, registry)) };
  const tags = `<script id="${BOOT_DATA_ID}" type="application/json">${scriptSafeJson(boot)}</script><script>${PRELOAD_SCRIPT}</script>`;
  // Before the first <link>/<script> of the head, so the preloads start before the shell's own scripts are parsed.
  const at = template.indexOf('</title>');
  return at < 0 ? template.replace('</head>', `${tags}</head>`) : `${template.slice(0, at + 8)}${tags}${template.slice(at + 8)}`;
}

/** The page's CSP with the preload script's hash added to script-src. */
function withPreloadScriptHash(csp: string): string {
  return csp.replace(/(^|;)\s*script-src ([^;]*)/, (_whole, start: string, sources: string) => `${start}script-src ${sources} ${PRELOAD_SCRIPT_HASH}`);
}

function acceptedEncoding(request: FastifyRequest): 'br' | 'gzip' | undefined {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return undefined;
}

async function sendIndex(request: FastifyRequest, reply: FastifyReply, template: string, releasesDir: string) {
  const html = Buffer.from(await renderIndexHtml(template, releasesDir));
  const csp = reply.raw.getHeader('Content-Security-Policy');
  if (typeof csp === 'string') reply.header('Content-Security-Policy', withPreloadScriptHash(csp));
  reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8');
  const encoding = acceptedEncoding(request);
  // A few KiB per request: a fast brotli level costs well under a millisecond.
  if (encoding === 'br') return reply.header('Content-Encoding', 'br').send(brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }));
  if (encoding === 'gzip') return reply.header('Content-Encoding', 'gzip').send(gzipSync(html, { level: 6 }));
  return reply.send(html);
}

export async function shellStaticPlugin(app: FastifyInstance, opts: { shellDir: string; releasesDir: string }): Promise<void> {
  if (!existsSync(opts.shellDir)) {
    app.log.warn({ shellDir: opts.shellDir }, 'shell is not built; only the API is served');
    app.get('/', async (_request, reply) => reply.code(503).type('text/plain; charset=utf-8').send('Kabuto: the shell is not built yet (npm run build).'));
    return;
  }
  const indexFile = join(opts.shellDir, 'index.html');
  if (existsSync(indexFile)) {
    // Read once: a new shell build is a new deploy, and the server restarts with it.
    const template = readFileSync(indexFile, 'utf8');
    const index = (request: FastifyRequest, reply: FastifyReply) => sendIndex(request, reply, template, opts.releasesDir);
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
