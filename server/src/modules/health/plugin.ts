// The health module: GET /api/health (liveness) and /api/health/ready (readiness) for load balancers and operators.
import type { FastifyInstance } from 'fastify';
import type { HealthDeps } from './deps';
import { healthRoutes } from './routes/health';

export type HealthPluginOptions = HealthDeps;

export async function healthPlugin(app: FastifyInstance, opts: HealthPluginOptions): Promise<void> {
  await healthRoutes(app, { db: opts.db, dbKind: opts.dbKind, clock: opts.clock, startup: opts.startup });
}
