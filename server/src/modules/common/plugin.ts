// The "common" group: site config, logo, and the upload target.
import type { FastifyInstance } from 'fastify';
import type { CommonDeps } from './deps';
import { clockRoute } from './routes/clock';
import { clockOpsRoutes } from './routes/clock-ops';
import { configRoute } from './routes/config';
import { logoRoute } from './routes/logo';
import { uploadOpsRoutes } from './ops-routes';
import { uploadRoutes } from './routes/upload';

export type CommonPluginOptions = CommonDeps;

export async function commonPlugin(app: FastifyInstance, opts: CommonPluginOptions): Promise<void> {
  await app.register(configRoute, { db: opts.db });
  await app.register(clockRoute);
  await app.register(logoRoute);
  await app.register(uploadRoutes, opts);
  // Operator calls get a context of their own, so their guard covers only them.
  await app.register(async (ops) => uploadOpsRoutes(ops, opts));
  await app.register(async (ops) => clockOpsRoutes(ops, opts));
}
