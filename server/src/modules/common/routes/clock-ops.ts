// The operator's business clock (docs/operations.md "Business clock"): read it, and advance
// the demo clock to the next business day 09:00 (or a later instant), taking every step due
// on the way in order. Demo days pass without waiting; tests use it the same way. Audited.
import type { FastifyInstance } from 'fastify';
import { MSG } from '@kabuto/shared-sdk/messages';
import { clockAdvanceSchema, type ClockAdvanceResult } from '@kabuto/shared-sdk/schemas';
import type { Clock } from '../../../clock';
import type { Database } from '../../../db/client';
import { ApiFailure, ok } from '../../../http/envelope';
import { parseRouteForm } from '../../../http/parse-form';
import { currentOperator, OPS_API, registerOperatorDecoration, requireOperator, writeAudit } from '../../ops';
import { businessClockInfo } from './clock';

export async function clockOpsRoutes(app: FastifyInstance, opts: { db: Database; clock: Clock }): Promise<void> {
  registerOperatorDecoration(app);
  app.addHook('preHandler', requireOperator);

  app.get(`${OPS_API}/clock`, { config: { summary: 'The business clock: simulated now, real now, mode' } }, async (request) =>
    ok(businessClockInfo(request.server.businessClock, opts.clock)),
  );

  app.post(
    `${OPS_API}/clock/advance`,
    {
      config: {
        summary: 'Advance the demo business clock to the next business day 09:00 JST (or `to`); steps due on the way run in order',
        form: clockAdvanceSchema,
      },
    },
    async (request) => {
      const form = parseRouteForm(request, clockAdvanceSchema);
      const businessClock = request.server.businessClock;
      if (businessClock.mode === 'real' || !businessClock.advance) throw new ApiFailure(MSG.clockRealCalendar, { mode: businessClock.mode });
      const from = businessClockInfo(businessClock, opts.clock);
      const to = form.to === undefined ? undefined : new Date(form.to);
      // Checked here as well as in the clock, so the refusal names both instants.
      if (to && to.getTime() <= from.now) throw new ApiFailure(MSG.clockCannotGoBack, { now: new Date(from.now).toISOString(), to: to.toISOString() });
      await businessClock.advance(to);
      const result: ClockAdvanceResult = { from, to: businessClockInfo(businessClock, opts.clock) };
      await writeAudit(opts.db, opts.clock, currentOperator(request), {
        action: 'clock.advance',
        targetUserId: null,
        reason: form.reason ?? null,
        details: { from: new Date(result.from.now).toISOString(), to: new Date(result.to.now).toISOString() },
      });
      return ok(result);
    },
  );
}
