// Serves the built operator console (ops-console/dist) at /ops: a plain single-page app
// over the ops API, with the same document security headers as the shell (http/security.ts;
// no inline script, so its CSP needs no hash). Files with a content hash are cached for a
// year, index.html is revalidated, exactly as for the shell (cacheControlFor).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { cacheControlFor } from './shell';

/** Where the console is served; its build's publicPath (ops-console/webpack.config.js). */
export const OPS_CONSOLE_PATH = '/ops/';

export interface OpsConsoleStaticOptions {
  consoleDir: string;
}

export async function opsConsoleStaticPlugin(app: FastifyInstance, opts: OpsConsoleStaticOptions): Promise<void> {
  if (!existsSync(join(opts.consoleDir, 'index.html'))) {
    app.log.warn({ consoleDir: opts.consoleDir }, 'the operator console is not built; /ops answers 503');
    const notBuilt = async (_request: unknown, reply: FastifyReply) =>
      reply.code(503).type('text/plain; charset=utf-8').send('Kabuto: the operator console is not built yet (npm run build).');
    app.get('/ops', notBuilt);
    app.get('/ops/*', notBuilt);
    return;
  }
  app.get('/ops', async (_request, reply) => reply.redirect(OPS_CONSOLE_PATH));
  // Encapsulated (this plugin's context): its reply.sendFile must not clash with the shell's.
  await app.register(fastifyStatic, {
    root: opts.consoleDir,
    prefix: OPS_CONSOLE_PATH,
    index: ['index.html'],
    redirect: false,
    // <file>.br and .gz written by the console's build.
    preCompressed: true,
    cacheControl: false,
    etag: true,
    lastModified: true,
    setHeaders: (reply, filePath) => {
      reply.header('Cache-Control', cacheControlFor(filePath));
    },
  });
}
