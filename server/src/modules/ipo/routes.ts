// The customer calls of the `ipo` group (docs/api/ipo.md). Each handler parses its form with
// the shared schema; refusals travel as ApiFailure with a catalogue message.
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ipoApplyFormSchema,
  ipoCodeFormSchema,
  ipoListFormSchema,
  ipoMineFormSchema,
  ipoPayFormSchema,
  ipoWaiveFormSchema,
  type IpoApplicationPage,
  type IpoIssuePage,
  type IpoShareRecordPage,
} from '@kabuto/shared-sdk/schemas';
import { ok, pageOfAll } from '../../http/envelope';
import { parseRouteForm } from '../../http/parse-form';
import type { FundsExtensions } from '../funds';
import { currentUser, forbidInstitution, requireNotRestricted, requireUser } from '../identity';
import { applyIpo, decideIpo, issueByCode, type IpoCustomer } from './applications';
import { IPO_API, type IpoDeps } from './deps';
import { ipoApplications, ipoIssues, type IpoApplicationRow, type IpoIssueRow } from './schema';
import { applicationView, drawView, issueView, shareRecordView } from './views';

function customer(request: FastifyRequest): IpoCustomer {
  const me = currentUser(request);
  return { id: me.id, account: me.account };
}

async function myApplications(deps: IpoDeps, userId: number): Promise<{ issue: IpoIssueRow; app: IpoApplicationRow }[]> {
  return deps.db
    .select({ issue: ipoIssues, app: ipoApplications })
    .from(ipoApplications)
    .innerJoin(ipoIssues, eq(ipoIssues.id, ipoApplications.issueId))
    .where(eq(ipoApplications.userId, userId))
    .orderBy(desc(ipoApplications.id));
}

export async function ipoRoutes(app: FastifyInstance, deps: IpoDeps, funds: FundsExtensions): Promise<void> {
  const member = [requireUser, forbidInstitution];
  const trader = [requireUser, forbidInstitution, requireNotRestricted('trade')];

  app.post(
    `${IPO_API}/list`,
    { preHandler: member, config: { summary: 'New issues by status with range, dates, lots and required funds (simulated)', form: ipoListFormSchema } },
    async (request) => {
      const form = parseRouteForm(request, ipoListFormSchema);
      const me = customer(request);
      const now = deps.businessClock.now();
      const issues = await deps.db.select().from(ipoIssues).orderBy(desc(ipoIssues.bookBuildingStart));
      const ids = issues.map((i) => i.id);
      const mine = ids.length
        ? await deps.db
            .select()
            .from(ipoApplications)
            .where(and(eq(ipoApplications.userId, me.id), inArray(ipoApplications.issueId, ids)))
        : [];
      const counts = ids.length
        ? await deps.db
            .select({ issueId: ipoApplications.issueId, n: count() })
            .from(ipoApplications)
            .where(inArray(ipoApplications.issueId, ids))
            .groupBy(ipoApplications.issueId)
        : [];
      const views = issues
        .map((i) => issueView(i, mine.find((a) => a.issueId === i.id) ?? null, counts.find((c) => c.issueId === i.id)?.n ?? 0, now))
        .filter((v) => form.status === undefined || v.status === form.status);
      const answer: IpoIssuePage = pageOfAll(views, form.page, form.size);
      return ok(answer);
    },
  );

  app.post(
    `${IPO_API}/mine`,
    { preHandler: member, config: { summary: 'My applications with status, won quantity, escrow, refunds and payment', form: ipoMineFormSchema } },
    async (request) => {
      const form = parseRouteForm(request, ipoMineFormSchema);
      const now = deps.businessClock.now();
      const rows = (await myApplications(deps, customer(request).id))
        .map((r) => applicationView(r.issue, r.app, now))
        .filter((v) => form.status === undefined || v.status === form.status);
      const answer: IpoApplicationPage = pageOfAll(rows, form.page, form.size);
      return ok(answer);
    },
  );

  app.post(
    `${IPO_API}/records`,
    { preHandler: member, config: { summary: 'Records of new shares: my applications once drawn', form: ipoMineFormSchema } },
    async (request) => {
      const form = parseRouteForm(request, ipoMineFormSchema);
      const now = deps.businessClock.now();
      const rows = (await myApplications(deps, customer(request).id))
        .filter((r) => r.issue.drawnAt !== null)
        .map((r) => shareRecordView(r.issue, r.app, now))
        .filter((v) => form.status === undefined || v.status === form.status);
      const answer: IpoShareRecordPage = pageOfAll(rows, form.page, form.size);
      return ok(answer);
    },
  );

  app.post(`${IPO_API}/detail`, { preHandler: member, config: { summary: 'One issue with my application', form: ipoCodeFormSchema } }, async (request) => {
    const form = parseRouteForm(request, ipoCodeFormSchema);
    const me = customer(request);
    const issue = await issueByCode(deps.db, form.code);
    const apps = await deps.db.select().from(ipoApplications).where(eq(ipoApplications.issueId, issue.id));
    return ok(issueView(issue, apps.find((a) => a.userId === me.id) ?? null, apps.length, deps.businessClock.now()));
  });

  // Public (no session): anyone may recompute the draw from what it publishes (ARCHITECTURE §7.4).
  app.post(
    `${IPO_API}/draw`,
    { config: { summary: 'The published draw: commitment, applications, seed and winners (verifiable)', form: ipoCodeFormSchema } },
    async (request) => {
      const form = parseRouteForm(request, ipoCodeFormSchema);
      const issue = await issueByCode(deps.db, form.code);
      const apps = await deps.db.select().from(ipoApplications).where(eq(ipoApplications.issueId, issue.id));
      return ok(drawView(issue, apps, deps.businessClock.now()));
    },
  );

  app.post(
    `${IPO_API}/apply`,
    { preHandler: trader, config: { summary: 'Apply for a new issue: escrows quantity × the upper bound', form: ipoApplyFormSchema } },
    async (request) => applyIpo(deps, funds, customer(request), parseRouteForm(request, ipoApplyFormSchema)),
  );

  app.post(
    `${IPO_API}/pay`,
    { preHandler: trader, config: { summary: 'Pay for won shares at the offer price (the excess returns)', form: ipoPayFormSchema } },
    async (request) => decideIpo(deps, customer(request), parseRouteForm(request, ipoPayFormSchema), 'pay'),
  );

  app.post(
    `${IPO_API}/waive`,
    { preHandler: member, config: { summary: 'Decline won shares: the escrow returns', form: ipoWaiveFormSchema } },
    async (request) => decideIpo(deps, customer(request), parseRouteForm(request, ipoWaiveFormSchema), 'waive'),
  );
}
