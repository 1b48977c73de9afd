// The operator API under /api/ops (docs/api/identity.md §9).
import type { FastifyInstance } from 'fastify';
import { registerOperatorDecoration } from './auth';
import { opsRoutes, type OpsDeps } from './routes';

export type OpsPluginOptions = OpsDeps;

export async function opsPlugin(app: FastifyInstance, opts: OpsPluginOptions): Promise<void> {
  registerOperatorDecoration(app);
  await opsRoutes(app, opts);
}
