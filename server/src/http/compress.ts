// Compressed answers for the routes that carry public market data only (route config
// `compress: true`). The day's chart of one stock is about 30 KB of JSON and 5 KB compressed;
// on a phone's slow 4G (1.6 Mbit/s in Lighthouse's mobile model) that is 0.15 s less before
// stock details can draw it.
//
// Only routes marked one by one: compressing an answer that holds a secret (a session token,
// a one-time code) next to text an attacker can put into the same answer lets the attacker
// read the secret from the compressed sizes (BREACH). Market data holds no secret.
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export type ContentEncoding = 'br' | 'gzip';

/** Below this, compression does not pay for its headers. */
export const COMPRESS_MIN_BYTES = 1024;

/** The encodings the request accepts, best first (q-values are not weighed: browsers send none or equal ones). */
export function acceptedEncodings(acceptEncoding: string | string[] | undefined): ContentEncoding[] {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const tokens = header.split(',').map((part) => part.trim().split(';')[0]?.trim().toLowerCase());
  const refused = header
    .split(',')
    .filter((part) => /;\s*q=0(\.0*)?\s*$/.test(part))
    .map((part) => part.split(';')[0]?.trim().toLowerCase());
  return (['br', 'gzip'] as const).filter((encoding) => tokens.includes(encoding) && !refused.includes(encoding));
}

/**
 * Compresses `body` for a client that accepts `acceptEncoding`, at levels cheap enough for
 * every request (brotli 5, gzip 6: well under a millisecond for tens of KiB).
 */
export function compressForClient(
  body: Buffer | string,
  acceptEncoding: string | string[] | undefined,
): { encoding: ContentEncoding; body: Buffer } | undefined {
  const encoding = acceptedEncodings(acceptEncoding)[0];
  if (encoding === 'br') return { encoding, body: brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }) };
  if (encoding === 'gzip') return { encoding, body: gzipSync(body, { level: 6 }) };
  return undefined;
}

function compressedAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void): void {
  if (typeof payload !== 'string') return done(null, payload);
  reply.header('Vary', 'Accept-Encoding');
  if (Buffer.byteLength(payload) < COMPRESS_MIN_BYTES) return done(null, payload);
  const compressed = compressForClient(payload, request.headers['accept-encoding']);
  if (!compressed) return done(null, payload);
  reply.header('Content-Encoding', compressed.encoding);
  done(null, compressed.body);
}

/**
 * Adds compression to each route marked `compress: true` that is registered after this, as a
 * hook of that route only: the other routes run no hook for it (app.test.ts keeps the common
 * path to three cheap hooks).
 */
export function registerAnswerCompression(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.config?.compress !== true) return;
    const own = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
    route.onSend = [...own, compressedAnswer];
  });
}
