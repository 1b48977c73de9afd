// Operator side of credit under /api/ops/credit (docs/api/credit.md §4): the application
// queue, approve (disburses) and reject (with the customer's reason), a customer's credit
// figures and score inputs (read only: a score is never set by hand). JSON, Bearer operator
// credential; every decision audited in the transaction that makes it.
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MSG } from '@kabuto/shared-sdk/messages';
import { LOAN_STATUSES, rowIdSchema, type OpsLoanRecord, type OpsLoanRecordsPage } from '@kabuto/shared-sdk/schemas';
import { ok } from '../../http/envelope';
import { parseRouteForm, parseRouteParams, parseRouteQuery } from '../../http/parse-form';
import { users } from '../identity';
import { currentOperator, registerOperatorDecoration, requireOperator } from '../ops';
import { OPS_CREDIT_API, type CreditDeps } from './deps';
import { approveLoan, rejectLoan } from './loans/loans';
import { loanRecordView } from './loans/views';
import { creditLoans, type CreditLoanRow } from './schema';
import { creditSummary } from './summary';

const idParams = z.object({ id: rowIdSchema(MSG.loanNotFound) });
const userParams = z.object({ userId: rowIdSchema(MSG.invalidParams) });
const loansQuery = z.object({
  status: z.enum(LOAN_STATUSES, { error: MSG.invalidParams }).optional().default('pending'),
  page: z.coerce.number().int().min(1).optional().default(1),
  size: z.coerce.number().int().min(1).max(100).optional().default(50),
});
const approveBody = z.object({ reason: z.string().trim().max(500).optional() });
const rejectBody = z.object({
  reason: z.string({ error: MSG.loanReasonRequired }).trim().min(1, { error: MSG.loanReasonRequired }).max(200, { error: MSG.loanReasonRequired }),
});

async function opsView(deps: CreditDeps, row: CreditLoanRow, account: string): Promise<OpsLoanRecord> {
  const now = await creditSummary(deps, deps.db, row.userId);
  return {
    ...loanRecordView(row, row.status === 'approved' ? BigInt(now.outstanding.minor) : 0n),
    userId: row.userId,
    account,
    decidedBy: row.decidedBy,
    now: { creditLine: now.creditLine, borrowable: now.borrowable, ratioBp: now.ratioBp, state: now.state, score: now.score },
  };
}

export async function creditOpsRoutes(app: FastifyInstance, deps: CreditDeps): Promise<void> {
  registerOperatorDecoration(app);
  app.addHook('preHandler', requireOperator);

  app.get(
    `${OPS_CREDIT_API}/loans`,
    { config: { summary: 'Loan applications and loans by status (default pending, oldest first)', query: loansQuery } },
    async (request) => {
      const q = parseRouteQuery(request, loansQuery);
      const where = eq(creditLoans.status, q.status);
      const [rows, total] = await Promise.all([
        deps.db
          .select({ loan: creditLoans, account: users.account })
          .from(creditLoans)
          .innerJoin(users, eq(users.id, creditLoans.userId))
          .where(where)
          .orderBy(q.status === 'pending' ? asc(creditLoans.id) : desc(creditLoans.id))
          .limit(q.size)
          .offset((q.page - 1) * q.size),
        deps.db.select({ n: count() }).from(creditLoans).where(where),
      ]);
      const n = Number(total[0]?.n ?? 0);
      const page: OpsLoanRecordsPage = {
        list: await Promise.all(rows.map((r) => opsView(deps, r.loan, r.account))),
        page: q.page,
        size: q.size,
        total: n,
        hasMore: q.page * q.size < n,
      };
      return ok(page);
    },
  );

  app.post(
    `${OPS_CREDIT_API}/loans/:id/approve`,
    { config: { summary: 'Approve a pending loan application: re-checked against the line now, disbursed into cash', form: approveBody, params: idParams } },
    async (request) => {
      const { id } = parseRouteParams(request, idParams);
      const { reason } = parseRouteForm(request, approveBody);
      return ok(await approveLoan(deps, id, currentOperator(request), reason ?? null), MSG.loanApproved);
    },
  );

  app.post(
    `${OPS_CREDIT_API}/loans/:id/reject`,
    { config: { summary: 'Reject a pending loan application with the reason the customer is shown', form: rejectBody, params: idParams } },
    async (request) => {
      const { id } = parseRouteParams(request, idParams);
      const { reason } = parseRouteForm(request, rejectBody);
      return ok(await rejectLoan(deps, id, currentOperator(request), reason), MSG.loanRejected);
    },
  );

  app.get(
    `${OPS_CREDIT_API}/customers/:userId`,
    { config: { summary: 'A customer’s credit summary, score and its inputs (read only)', params: userParams } },
    async (request) => {
      const { userId } = parseRouteParams(request, userParams);
      const [user] = await deps.db
        .select({ account: users.account })
        .from(users)
        .where(and(eq(users.id, userId)))
        .limit(1);
      if (!user) return ok(null, MSG.accountNotFound);
      return ok({ userId, account: user.account, summary: await creditSummary(deps, deps.db, userId) });
    },
  );
}
