// POST /api/vue/common/clock: the business clock as the client shows it (docs/api/market.md §3,
// docs/operations.md "Business clock").
import type { FastifyInstance } from 'fastify';
import type { BusinessClockInfo } from '@kabuto/shared-sdk/schemas';
import { jstParts, type BusinessClock, type Clock } from '../../../clock';
import { ok } from '../../../http/envelope';

const pad = (n: number): string => String(n).padStart(2, '0');

/** The business clock as clients and operators see it. */
export function businessClockInfo(businessClock: BusinessClock, clock: Clock): BusinessClockInfo {
  const now = businessClock.now();
  const p = jstParts(now);
  return {
    now: now.getTime(),
    realNow: clock.now().getTime(),
    simulated: businessClock.mode === 'demo',
    mode: businessClock.mode,
    jstDate: `${p.year}-${pad(p.month)}-${pad(p.day)}`,
    jstTime: `${pad(p.hour)}:${pad(p.minute)}`,
  };
}

export async function clockRoute(app: FastifyInstance): Promise<void> {
  app.post(
    '/api/vue/common/clock',
    { config: { firstCall: true, summary: 'The business clock: now (simulated in demo mode), real now, and whether it is simulated' } },
    async (request) => ok(businessClockInfo(request.server.businessClock, request.server.clock)),
  );
}
