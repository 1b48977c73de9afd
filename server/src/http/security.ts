// Security headers. The app loads only its own scripts, styles and federated remotes
// (same origin), images from itself plus data:/blob: (previews of photos being
// uploaded), and opens WebSockets only back to the host that served the page.
import type { IncomingMessage } from 'node:http';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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

/** One year, subdomains included (the usual preload-ready value). */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * Adds Strict-Transport-Security to answers sent over HTTPS: a TLS socket, or a proxy the
 * app trusts (KABUTO_TRUST_PROXY) saying X-Forwarded-Proto: https. request.protocol only
 * believes the header from a trusted proxy.
 */
export function addStrictTransportSecurity(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS_VALUE);
  });
}
