// The operator API under /api/ops (docs/api/identity.md §9). Every route registered here
// needs an active operator's credential (the preHandler hook of this plugin context).
import type { FastifyInstance } from 'fastify';
import { registerOperatorDecoration, requireOperator } from './auth';
import { operatorRoutes } from './routes/operators';
import { opsRoutes, type OpsDeps } from './routes';

export type OpsPluginOptions = OpsDeps;

export async function opsPlugin(app: FastifyInstance, opts: OpsPluginOptions): Promise<void> {
  registerOperatorDecoration(app);
  app.addHook('preHandler', requireOperator);
  await opsRoutes(app, opts);
  await operatorRoutes(app, opts);
}
