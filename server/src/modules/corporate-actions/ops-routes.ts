// Operator side of the dividend schedule under /api/ops/dividends (docs/api/dividends.md §3): the
// published schedule, a dividend's amount or dates edited, a split scheduled. JSON, Bearer
// operator credential; every change audited in the transaction that makes it.
import { and, asc, count, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MSG } from '@kabuto/shared-sdk/messages';
import {
  opsDividendEditFormSchema,
  opsDividendScheduleFormSchema,
  opsSplitFormSchema,
  rowIdSchema,
  type OpsDividendSchedulePage,
} from '@kabuto/shared-sdk/schemas';
import { ok } from '../../http/envelope';
import { parseRouteForm, parseRouteParams, parseRouteQuery } from '../../http/parse-form';
import { currentOperator, registerOperatorDecoration, requireOperator } from '../ops';
import { OPS_DIVIDEND_API, type CorporateActionsDeps } from './deps';
import { editDividend, scheduleSplit } from './schedule/edit';
import { caDividendEvents, caSplits } from './schema';
import { eventView, splitView } from './views';

const idParams = z.object({ id: rowIdSchema(MSG.dividendEventNotFound) });
const editBody = opsDividendEditFormSchema.omit({ id: true });

export async function dividendOpsRoutes(app: FastifyInstance, deps: CorporateActionsDeps): Promise<void> {
  registerOperatorDecoration(app);
  app.addHook('preHandler', requireOperator);

  app.get(
    `${OPS_DIVIDEND_API}/schedule`,
    {
      config: {
        summary: 'The published dividend schedule (soonest ex-date first) and the splits, optionally one issue and a range of record dates',
        query: opsDividendScheduleFormSchema,
      },
    },
    async (request) => {
      const q = parseRouteQuery(request, opsDividendScheduleFormSchema);
      const where: SQL | undefined = and(
        q.code ? eq(caDividendEvents.code, q.code) : undefined,
        q.from ? gte(caDividendEvents.recordDate, q.from) : undefined,
        q.to ? lte(caDividendEvents.recordDate, q.to) : undefined,
      );
      const splitWhere: SQL | undefined = and(
        q.code ? eq(caSplits.code, q.code) : undefined,
        q.from ? gte(caSplits.effectiveDate, q.from) : undefined,
        q.to ? lte(caSplits.effectiveDate, q.to) : undefined,
      );
      const [rows, total, splits] = await Promise.all([
        deps.db
          .select()
          .from(caDividendEvents)
          .where(where)
          .orderBy(asc(caDividendEvents.exDate), asc(caDividendEvents.code))
          .limit(q.size)
          .offset((q.page - 1) * q.size),
        deps.db.select({ n: count() }).from(caDividendEvents).where(where),
        deps.db.select().from(caSplits).where(splitWhere).orderBy(asc(caSplits.effectiveDate)),
      ]);
      const n = Number(total[0]?.n ?? 0);
      const page: OpsDividendSchedulePage = {
        list: rows.map((r) => ({ ...eventView(deps, r), editedBy: r.editedBy, editedAt: r.editedAt?.toISOString() ?? null })),
        page: q.page,
        size: q.size,
        total: n,
        hasMore: q.page * q.size < n,
        splits: splits.map((s) => splitView(deps, s)),
      };
      return ok(page);
    },
  );

  app.post(
    `${OPS_DIVIDEND_API}/events/:id`,
    { config: { summary: "Edit a scheduled dividend's amount per share, record date or payment date (audited)", form: editBody, params: idParams } },
    async (request) => {
      const { id } = parseRouteParams(request, idParams);
      const body = parseRouteForm(request, editBody);
      return ok(await editDividend(deps, { id, ...body }, currentOperator(request)), MSG.dividendScheduleUpdated);
    },
  );

  app.post(
    `${OPS_DIVIDEND_API}/splits`,
    { config: { summary: 'Schedule a stock split of an issue (integer ratio, audited)', form: opsSplitFormSchema } },
    async (request) => ok(await scheduleSplit(deps, parseRouteForm(request, opsSplitFormSchema), currentOperator(request)), MSG.splitScheduled),
  );
}
