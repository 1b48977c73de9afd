// The ops module: operator authentication and audit (used by every module's ops-routes) and
// the operator-management calls under /api/ops/operators (docs/api/identity.md §9).
import type { FastifyInstance } from 'fastify';
import type { OpsDeps } from './deps';
import { operatorRoutes } from './ops-routes';

export type OpsPluginOptions = OpsDeps;

export async function opsPlugin(app: FastifyInstance, opts: OpsPluginOptions): Promise<void> {
  const deps: OpsDeps = { db: opts.db, clock: opts.clock, dataDir: opts.dataDir };
  // Operator calls get a context of their own, so their guard covers only them.
  await app.register(async (ops) => operatorRoutes(ops, deps));
}
