// GET /api/health: liveness, answered from memory (no database round trip: a load balancer
// polls it often, and it should cost as little as a bare route). GET /api/health/ready:
// readiness: start-up work done (the order engine's recovery: docs/operations.md "Start-up
// recovery"), then a real round trip to the database.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DatabaseKind } from '../../../db/client';
import type { HealthDeps } from '../deps';

export interface HealthAnswer {
  status: 'ok' | 'error' | 'starting';
  db: DatabaseKind;
  time: string;
  /** While starting: the start-up work not done yet (e.g. 'order-recovery'). */
  waitingFor?: string[];
}

export async function healthRoutes(app: FastifyInstance, opts: HealthDeps): Promise<void> {
  const answer = (status: HealthAnswer['status']): HealthAnswer => ({ status, db: opts.dbKind, time: opts.clock.now().toISOString() });

  app.get(
    '/api/health',
    { config: { summary: 'Liveness: the process answers (no database round trip)', plainAnswer: '{ status: ok, db: pglite or postgres, time }.' } },
    // Not async: liveness is polled often, and a promise per answer is work it does not need.
    (_request, reply) => {
      reply.header('Cache-Control', 'no-store').send(answer('ok'));
    },
  );

  app.get(
    '/api/health/ready',
    {
      config: {
        summary: 'Readiness: start-up recovery done and a database round trip',
        plainAnswer:
          '{ status: ok, error or starting, db: pglite or postgres, time }; HTTP 503 while start-up recovery runs (status starting, waitingFor names it) or when the database does not answer.',
      },
    },
    async (request, reply) => {
      if (!opts.startup.ready) {
        return reply
          .code(503)
          .header('Cache-Control', 'no-store')
          .send({ ...answer('starting'), waitingFor: opts.startup.pendingNames() });
      }
      try {
        await opts.db.execute(sql`select 1`);
        return reply.header('Cache-Control', 'no-store').send(answer('ok'));
      } catch (error) {
        request.log.error({ err: error }, 'readiness check: database unreachable');
        return reply.code(503).header('Cache-Control', 'no-store').send(answer('error'));
      }
    },
  );
}
