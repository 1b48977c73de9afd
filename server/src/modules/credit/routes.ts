// The customer calls of the `credit` group (docs/api/credit.md §2). Forms are parsed once with
// the shared schemas; refusals travel as ApiFailure with a catalogue message and their figures.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, count, desc, eq } from 'drizzle-orm';
import {
  creditApplyFormSchema,
  creditRecordsFormSchema,
  creditRepayFormSchema,
  creditStatementsFormSchema,
  creditSummaryFormSchema,
  type CreditStatementsPage,
} from '@kabuto/shared-sdk/schemas';
import { ok } from '../../http/envelope';
import { parseRouteForm } from '../../http/parse-form';
import { currentUser, forbidInstitution, provenUserLimit, requireUser } from '../identity';
import { ratePercentText } from './config';
import { CREDIT_API, type CreditDeps } from './deps';
import { applyLoan, loanRecords, repayLoan } from './loans/loans';
import { jpy } from './loans/views';
import { creditStatements } from './schema';
import { creditSummary } from './summary';

const moneyRateLimit = { rateLimit: provenUserLimit(30, '1 minute') };

function me(request: FastifyRequest): { id: number } {
  return { id: currentUser(request).id };
}

export async function creditRoutes(app: FastifyInstance, deps: CreditDeps): Promise<void> {
  const member = [requireUser, forbidInstitution];

  app.post(
    `${CREDIT_API}/summary`,
    {
      preHandler: member,
      config: { summary: 'My credit line, borrowable, loan, ratio and its marks, state, collateral, score and rules', form: creditSummaryFormSchema },
    },
    async (request) => {
      parseRouteForm(request, creditSummaryFormSchema);
      return ok(await creditSummary(deps, deps.db, me(request).id));
    },
  );

  app.post(
    `${CREDIT_API}/apply`,
    {
      preHandler: member,
      config: { ...moneyRateLimit, summary: 'Apply for a securities-backed loan (pending review; idempotent)', form: creditApplyFormSchema },
    },
    async (request) => applyLoan(deps, me(request), parseRouteForm(request, creditApplyFormSchema)),
  );

  app.post(
    `${CREDIT_API}/repay`,
    {
      preHandler: member,
      config: { ...moneyRateLimit, summary: 'Repay part or all of my loan from cash (interest first; idempotent)', form: creditRepayFormSchema },
    },
    async (request) => repayLoan(deps, me(request), parseRouteForm(request, creditRepayFormSchema)),
  );

  app.post(
    `${CREDIT_API}/records`,
    { preHandler: member, config: { summary: 'My loan records, newest first', form: creditRecordsFormSchema } },
    async (request) => {
      const form = parseRouteForm(request, creditRecordsFormSchema);
      return ok(await loanRecords(deps, me(request).id, form.page, form.size));
    },
  );

  app.post(
    `${CREDIT_API}/statements`,
    { preHandler: member, config: { summary: 'My monthly loan interest statements, newest first', form: creditStatementsFormSchema } },
    async (request) => {
      const form = parseRouteForm(request, creditStatementsFormSchema);
      const userId = me(request).id;
      const where = and(eq(creditStatements.userId, userId));
      const [rows, total] = await Promise.all([
        deps.db
          .select()
          .from(creditStatements)
          .where(where)
          .orderBy(desc(creditStatements.month), desc(creditStatements.id))
          .limit(form.size)
          .offset((form.page - 1) * form.size),
        deps.db.select({ n: count() }).from(creditStatements).where(where),
      ]);
      const n = Number(total[0]?.n ?? 0);
      const page: CreditStatementsPage = {
        list: rows.map((r) => ({
          month: r.month,
          interest: jpy(r.interest),
          principal: jpy(r.principal),
          ratePercent: ratePercentText(r.ratePpm),
          days: r.days,
          postedAt: r.postedAt.toISOString(),
        })),
        page: form.page,
        size: form.size,
        total: n,
        hasMore: form.page * form.size < n,
      };
      return ok(page);
    },
  );
}
