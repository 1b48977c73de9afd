// Security headers. The app loads only its own scripts, styles and federated remotes
// (same origin), images from itself plus data:/blob: (previews of photos being
// uploaded), and opens WebSockets only back to the host that served the page.
//
// Documents (the shell, static files) get the headers @fastify/helmet sends with
// helmetOptions (security.test.ts checks they stay equal); /api answers a short set meant for
// JSON (API_SECURITY_HEADERS). Both are applied by one synchronous hook: @fastify/helmet rebuilds helmet's whole
// middleware chain and re-validates the CSP on every request, about a fifth of the CPU of a
// cheap call. Here the static headers are built once and the CSP once per Host.
import type { IncomingMessage } from 'node:http';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { isApiPath } from './error-handler';

/** A Host header fit to be copied into a CSP source: host name or IP, optional port. */
const SAFE_HOST = /^[A-Za-z0-9.-]+(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/;

/** ws:// and wss:// of the requesting host; CSP 'self' does not cover them in every browser. */
export function sameHostWebSocketSources(req: IncomingMessage): string {
  const host = req.headers.host;
  if (!host || !SAFE_HOST.test(host)) return "'self'";
  return `ws://${host} wss://${host}`;
}

export const helmetOptions: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // React style attributes and antd-mobile's inline styles need 'unsafe-inline'
      // for styles (scripts stay strictly 'self').
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", sameHostWebSocketSources],
      mediaSrc: ["'self'", 'blob:'],
      workerSrc: ["'self'", 'blob:'],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      // No page needs a <base>; 'none' stops an injected one from redirecting relative URLs.
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      // No upgrade-insecure-requests: a plain-HTTP install (LAN, localhost) must keep working.
    },
  },
  // Uploaded images and logos are same-origin; nothing here is meant to be embedded elsewhere.
  crossOriginResourcePolicy: { policy: 'same-origin' },
  // HSTS only on an HTTPS answer (addStrictTransportSecurity): over plain HTTP the header is
  // meaningless, and on a LAN/localhost install it must not pin the host name to HTTPS.
  strictTransportSecurity: false,
};

/** The CSP directives of helmetOptions, `{ host }` where connect-src names the requesting host. */
const CSP_DIRECTIVES: [string, string][] = [
  ['default-src', "'self'"],
  ['script-src', "'self'"],
  ['style-src', "'self' 'unsafe-inline'"],
  ['img-src', "'self' data: blob:"],
  ['font-src', "'self' data:"],
  ['connect-src', "'self' {host}"],
  ['media-src', "'self' blob:"],
  ['worker-src', "'self' blob:"],
  ['manifest-src', "'self'"],
  ['object-src', "'none'"],
  ['base-uri', "'none'"],
  ['form-action', "'self'"],
  ['frame-ancestors', "'none'"],
];

/** helmet 8's other defaults, with helmetOptions' changes (CORP same-origin, no HSTS here). */
export const STATIC_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Origin-Agent-Cluster': '?1',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'X-DNS-Prefetch-Control': 'off',
  'X-Download-Options': 'noopen',
  'X-Frame-Options': 'SAMEORIGIN',
  'X-Permitted-Cross-Domain-Policies': 'none',
  'X-XSS-Protection': '0',
};

/** Distinct Host values remembered; past this the CSP is built per request (still correct). */
const MAX_CSP_HOSTS = 64;
const cspByHost = new Map<string, string>();

/** The Content-Security-Policy value for `req` (its connect-src names the requesting host). */
export function contentSecurityPolicyFor(req: IncomingMessage): string {
  const host = req.headers.host ?? '';
  const known = cspByHost.get(host);
  if (known !== undefined) return known;
  const sources = sameHostWebSocketSources(req);
  const value = CSP_DIRECTIVES.map(([name, v]) => `${name} ${v.replace('{host}', sources)}`).join(';');
  if (cspByHost.size < MAX_CSP_HOSTS) cspByHost.set(host, value);
  return value;
}

/**
 * The headers of an /api answer: JSON (or a private image) that no page ever renders as a
 * document, so the browser-document set above would only cost bytes and CPU on every call
 * (about a third of a cheap call's server time). OWASP REST Security Cheat Sheet,
 * "Security Headers": a CSP that allows nothing and no framing, nosniff, frame denial; plus
 * no referrer and same-origin resources, as the documents have.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "default-src 'none'; base-uri 'none'; frame-ancestors 'none'",
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
};

const API_HEADERS_LOWER_CASE: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(API_SECURITY_HEADERS).map(([name, value]) => [name.toLowerCase(), value]),
);

/** The security headers on every answer, set before routing so error answers carry them too: the API set under /api, the document set elsewhere. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const documentNames = Object.keys(STATIC_SECURITY_HEADERS);
  app.addHook('onRequest', function securityHeaders(request, reply, done) {
    const raw = reply.raw;
    if (isApiPath(request.url)) {
      // Into the reply's own headers, not raw.setHeader: Node then validates and stores them
      // once, when Fastify writes the head, instead of once here and again there.
      reply.headers(API_HEADERS_LOWER_CASE);
    } else {
      raw.setHeader('Content-Security-Policy', contentSecurityPolicyFor(request.raw));
      for (const name of documentNames) raw.setHeader(name, STATIC_SECURITY_HEADERS[name] as string);
    }
    done();
  });
}

/** One year, subdomains included (the usual preload-ready value). */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * Adds Strict-Transport-Security to answers sent over HTTPS: a TLS socket, or a proxy the
 * app trusts (KABUTO_TRUST_PROXY) saying X-Forwarded-Proto: https. request.protocol only
 * believes the header from a trusted proxy.
 */
export function addStrictTransportSecurity(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS_VALUE);
    done(null, payload);
  });
}
