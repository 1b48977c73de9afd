// Serves the logo the site config points at (seed: logo → /assets/logo.svg).
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { LOGO_PATH } from '../seed';

/** server/assets/logo.svg, from src/modules/common/routes or dist/modules/common/routes alike. */
export const LOGO_FILE = resolve(__dirname, '..', '..', '..', '..', 'assets', 'logo.svg');

export async function logoRoute(app: FastifyInstance): Promise<void> {
  const svg = await readFile(LOGO_FILE);
  app.get(LOGO_PATH, async (_request, reply) =>
    reply.header('Content-Type', 'image/svg+xml').header('X-Content-Type-Options', 'nosniff').header('Cache-Control', 'public, max-age=86400').send(svg),
  );
}
