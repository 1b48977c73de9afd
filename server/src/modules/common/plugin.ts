// The "common" group: site config, logo, and the upload target.
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { configRoute } from './config-route';
import { logoRoute } from './logo-route';
import { uploadRoutes } from './upload/routes';

export interface CommonPluginOptions {
  db: Database;
  clock: Clock;
  dataDir: string;
  secret: string;
  uploadPolicyTtlMs?: number;
}

export async function commonPlugin(app: FastifyInstance, opts: CommonPluginOptions): Promise<void> {
  await app.register(configRoute, { db: opts.db });
  await app.register(logoRoute);
  await app.register(uploadRoutes, opts);
}
