// POST /api/vue/common/clock: the business clock as the client shows it (docs/api/market.md §3,
// docs/operations.md "Business clock").
import type { FastifyInstance } from 'fastify';
import type { BusinessClockInfo } from '@kabuto/shared-sdk/schemas';
import { jstParts } from '../../../clock';
import { ok } from '../../../http/envelope';

const pad = (n: number): string => String(n).padStart(2, '0');

export async function clockRoute(app: FastifyInstance): Promise<void> {
  app.post(
    '/api/vue/common/clock',
    { config: { firstCall: true, summary: 'The business clock: now (simulated in demo mode), real now, and whether it is simulated' } },
    async (request) => {
      const { businessClock, clock } = request.server;
      const now = businessClock.now();
      const p = jstParts(now);
      const info: BusinessClockInfo = {
        now: now.getTime(),
        realNow: clock.now().getTime(),
        simulated: businessClock.mode === 'demo',
        mode: businessClock.mode,
        jstDate: `${p.year}-${pad(p.month)}-${pad(p.day)}`,
        jstTime: `${pad(p.hour)}:${pad(p.minute)}`,
      };
      return ok(info);
    },
  );
}
