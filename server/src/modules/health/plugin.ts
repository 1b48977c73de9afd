// GET /api/health: liveness plus a real round trip to the database.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { Database, DatabaseKind } from '../../db/client';

export interface HealthAnswer {
  status: 'ok' | 'error';
  db: DatabaseKind;
  time: string;
}

export async function healthPlugin(app: FastifyInstance, opts: { db: Database; dbKind: DatabaseKind; clock: Clock }): Promise<void> {
  const doc = {
    summary: 'Liveness and a database round trip',
    plainAnswer: '{ status: ok or error, db: pglite or postgres, time }; HTTP 503 when the database does not answer.',
  };
  app.get('/api/health', { config: doc }, async (request, reply) => {
    const answer = (status: HealthAnswer['status']): HealthAnswer => ({
      status,
      db: opts.dbKind,
      time: opts.clock.now().toISOString(),
    });
    try {
      await opts.db.execute(sql`select 1`);
      return reply.header('Cache-Control', 'no-store').send(answer('ok'));
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.code(503).header('Cache-Control', 'no-store').send(answer('error'));
    }
  });
}
