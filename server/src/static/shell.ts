// Serves the built shell (the host app) at '/'. index.html (and any other file without
// a content hash) must be revalidated so a new deploy is picked up at once; files whose
// names carry a content hash never change and are cached for a year.
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** main.3f9a1c2b.js, 412.a1b2c3d4e5f6.css, ... : a dot-separated run of 8+ hex digits. */
const HASHED_NAME = /\.[0-9a-f]{8,}\.[A-Za-z0-9]+$/;

export function cacheControlFor(filePath: string): string {
  return HASHED_NAME.test(basename(filePath)) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export async function shellStaticPlugin(app: FastifyInstance, opts: { shellDir: string }): Promise<void> {
  if (!existsSync(opts.shellDir)) {
    app.log.warn({ shellDir: opts.shellDir }, 'shell is not built; only the API is served');
    app.get('/', async (_request, reply) => reply.code(503).type('text/plain; charset=utf-8').send('Kabuto: the shell is not built yet (npm run build).'));
    return;
  }
  // Registered inside this (encapsulated) plugin so its reply.sendFile decorator does not
  // clash with other plugins that serve files (the releases module).
  await app.register(fastifyStatic, {
    root: opts.shellDir,
    prefix: '/',
    index: ['index.html'],
    cacheControl: false,
    etag: true,
    lastModified: true,
    setHeaders: (reply, filePath) => {
      reply.header('Cache-Control', cacheControlFor(filePath));
    },
  });
}
