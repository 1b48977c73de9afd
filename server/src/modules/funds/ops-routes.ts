// Operator side of the funds module under /api/ops/funds (docs/api/funds.md §9): review
// queues, adjustments with four-eyes approval, wallet and ledger checks, settings. JSON,
// Bearer operator credential; every change audited in the transaction that makes it.
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MSG } from '@kabuto/shared-sdk/messages';
import { currencyCodeSchema, parseAmountToMinor, rowIdSchema } from '@kabuto/shared-sdk/schemas';
import { siteConfig } from '../common';
import { users } from '../identity';
import { deposits, withdrawals } from './schema';
import { ok } from '../../http/envelope';
import { parseRouteForm, parseRouteQuery, parseRouteParams } from '../../http/parse-form';
import { currentOperator, registerOperatorDecoration, requireOperator, writeAudit } from '../ops';
import { FUNDS_CONFIG_DEFAULTS, FUNDS_CONFIG_NAMES, FundsConfigError, validateFundsSetting, type FundsConfigName } from './config';
import type { FundsDeps } from './deps';
import { approveDeposit, depositView, rejectDeposit } from './deposits/deposits';
import { refuse } from './failures';
import { checkLedger } from './ledger/balances';
import { decimalsOf } from './money';
import { buildWallet } from './wallet/wallet';
import { decideWithdrawal, withdrawalView } from './withdrawals/withdrawals';
import { adjustmentView, decideAdjustment, listAdjustments, proposeAdjustment } from './reviews/adjustments';

export const OPS_FUNDS_API = '/api/ops/funds';

const reasonSchema = z.string({ error: MSG.reasonRequired }).trim().min(1, { error: MSG.reasonRequired }).max(500, { error: MSG.reasonRequired });
const optionalReason = z.object({ reason: z.string().trim().max(500).optional() });
const requiredReason = z.object({ reason: reasonSchema });
const idParams = z.object({ id: rowIdSchema(MSG.invalidParams) });
const accountParams = z.object({ account: z.string().regex(/^\d{10}$/, { error: MSG.accountNotFound }) });
const depositStates = z.object({ state: z.enum(['pending', 'approved', 'rejected']).optional().default('pending') });
const withdrawalStates = z.object({ state: z.enum(['pending', 'paid', 'rejected']).optional().default('pending') });
const adjustmentStates = z.object({ state: z.enum(['proposed', 'approved', 'rejected']).optional().default('proposed') });
const adjustmentBody = z.object({
  account: z.string().regex(/^\d{10}$/, { error: MSG.accountNotFound }),
  currency: currencyCodeSchema,
  amount: z
    .string({ error: MSG.amountInvalid })
    .trim()
    .regex(/^-?\d+(\.\d+)?$/, { error: MSG.amountInvalid }),
  reason: reasonSchema,
});
const configBody = z.object({
  name: z.enum(FUNDS_CONFIG_NAMES as [FundsConfigName, ...FundsConfigName[]], { error: MSG.fundsConfigInvalid }),
  value: z.string().trim().min(1, { error: MSG.fundsConfigInvalid }),
  reason: reasonSchema,
});

export async function fundsOpsRoutes(app: FastifyInstance, ctx: FundsDeps): Promise<void> {
  const { db, clock } = ctx;
  registerOperatorDecoration(app);
  app.addHook('preHandler', requireOperator);

  async function userIdOf(account: string): Promise<number> {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.account, account)).limit(1);
    if (!user) refuse(MSG.accountNotFound);
    return user.id;
  }

  app.get(`${OPS_FUNDS_API}/deposits`, { config: { summary: 'Deposits by state (default pending)', query: depositStates } }, async (request) => {
    const { state } = parseRouteQuery(request, depositStates);
    const rows = await db
      .select({ deposit: deposits, account: users.account })
      .from(deposits)
      .innerJoin(users, eq(users.id, deposits.userId))
      .where(eq(deposits.state, state))
      .orderBy(asc(deposits.id))
      .limit(200);
    return ok(rows.map((r) => ({ ...depositView(r.deposit), account: r.account })));
  });

  app.post(
    `${OPS_FUNDS_API}/deposits/:id/approve`,
    { config: { summary: 'Approve a deposit (credits the wallet)', form: optionalReason, params: idParams } },
    async (request) => {
      const { id } = parseRouteParams(request, idParams);
      const { reason } = parseRouteForm(request, optionalReason);
      return ok(await approveDeposit(ctx, id, { operator: currentOperator(request), reason: reason ?? null }));
    },
  );

  app.post(
    `${OPS_FUNDS_API}/deposits/:id/reject`,
    { config: { summary: 'Reject a deposit with a reason', form: requiredReason, params: idParams } },
    async (request) => {
      const { id } = parseRouteParams(request, idParams);
      const { reason } = parseRouteForm(request, requiredReason);
      return ok(await rejectDeposit(ctx, id, { operator: currentOperator(request), reason }));
    },
  );

  app.get(
    `${OPS_FUNDS_API}/withdrawals`,
    { config: { summary: 'Withdrawals by state (default pending), with full account numbers', query: withdrawalStates } },
    async (request) => {
      const { state } = parseRouteQuery(request, withdrawalStates);
      const rows = await db
        .select({ withdrawal: withdrawals, account: users.account })
        .from(withdrawals)
        .innerJoin(users, eq(users.id, withdrawals.userId))
        .where(eq(withdrawals.state, state))
        .orderBy(asc(withdrawals.id))
        .limit(200);
      // Operators see the full account number: they make the transfer.
      return ok(rows.map((r) => ({ ...withdrawalView(r.withdrawal), account: r.account, accountNumber: r.withdrawal.card.accountNumber })));
    },
  );

  app.post(
    `${OPS_FUNDS_API}/withdrawals/:id/pay`,
    { config: { summary: 'Mark a withdrawal paid', form: optionalReason, params: idParams } },
    async (request) => {
      const { id } = parseRouteParams(request, idParams);
      const { reason } = parseRouteForm(request, optionalReason);
      return ok(await decideWithdrawal(ctx, id, 'paid', { operator: currentOperator(request), reason: reason ?? null }));
    },
  );

  app.post(
    `${OPS_FUNDS_API}/withdrawals/:id/reject`,
    { config: { summary: 'Reject a withdrawal (returns the frozen amount)', form: requiredReason, params: idParams } },
    async (request) => {
      const { id } = parseRouteParams(request, idParams);
      const { reason } = parseRouteForm(request, requiredReason);
      return ok(await decideWithdrawal(ctx, id, 'rejected', { operator: currentOperator(request), reason }));
    },
  );

  app.post(
    `${OPS_FUNDS_API}/adjustments`,
    { config: { summary: 'Propose a balance adjustment (a second operator approves)', form: adjustmentBody } },
    async (request) => {
      const body = parseRouteForm(request, adjustmentBody);
      const negative = body.amount.startsWith('-');
      const parsed = parseAmountToMinor(negative ? body.amount.slice(1) : body.amount, decimalsOf(body.currency));
      if (!parsed.ok) refuse(parsed.error);
      const userId = await userIdOf(body.account);
      const row = await proposeAdjustment(ctx, currentOperator(request), {
        userId,
        currency: body.currency,
        amount: negative ? -parsed.minor : parsed.minor,
        reason: body.reason,
      });
      return ok(adjustmentView(row, body.account));
    },
  );

  app.get(`${OPS_FUNDS_API}/adjustments`, { config: { summary: 'Adjustments by state (default proposed)', query: adjustmentStates } }, async (request) => {
    const { state } = parseRouteQuery(request, adjustmentStates);
    return ok((await listAdjustments(ctx, state)).map((row) => adjustmentView(row)));
  });

  app.post(
    `${OPS_FUNDS_API}/adjustments/:id/approve`,
    { config: { summary: 'Approve an adjustment proposed by another operator', form: optionalReason, params: idParams } },
    async (request) => {
      const { id } = parseRouteParams(request, idParams);
      const { reason } = parseRouteForm(request, optionalReason);
      return ok(adjustmentView(await decideAdjustment(ctx, currentOperator(request), id, 'approved', reason ?? null)));
    },
  );

  app.post(
    `${OPS_FUNDS_API}/adjustments/:id/reject`,
    { config: { summary: 'Reject a proposed adjustment', form: requiredReason, params: idParams } },
    async (request) => {
      const { id } = parseRouteParams(request, idParams);
      const { reason } = parseRouteForm(request, requiredReason);
      return ok(adjustmentView(await decideAdjustment(ctx, currentOperator(request), id, 'rejected', reason)));
    },
  );

  app.get(`${OPS_FUNDS_API}/users/:account/wallet`, { config: { summary: 'The wallet of a customer', params: accountParams } }, async (request) => {
    const { account } = parseRouteParams(request, accountParams);
    return ok(await buildWallet(ctx, await userIdOf(account)));
  });

  app.get(`${OPS_FUNDS_API}/ledger/check`, { config: { summary: 'Check that the ledger balances and the cached balances match' } }, async () => {
    const check = await checkLedger(db);
    return ok({
      balanced: check.balanced,
      currencies: check.currencies.map((c) => ({ currency: c.currency, sum: c.sum.toString() })),
      cacheMismatches: check.cacheMismatches.map((m) => ({ accountId: m.accountId, cached: m.cached.toString(), posted: m.posted.toString() })),
    });
  });

  app.get(`${OPS_FUNDS_API}/config`, { config: { summary: 'Funds settings' } }, async () => {
    const rows = await db.select({ name: siteConfig.name, value: siteConfig.value }).from(siteConfig);
    return ok(FUNDS_CONFIG_NAMES.map((name) => ({ name, value: rows.find((r) => r.name === name)?.value ?? FUNDS_CONFIG_DEFAULTS[name][0] })));
  });

  app.post(`${OPS_FUNDS_API}/config`, { config: { summary: 'Change a funds setting', form: configBody } }, async (request) => {
    const body = parseRouteForm(request, configBody);
    try {
      validateFundsSetting(body.name, body.value);
    } catch (error) {
      if (error instanceof FundsConfigError) refuse(MSG.fundsConfigInvalid, { problem: error.message });
      throw error;
    }
    const [, title, titleZh] = FUNDS_CONFIG_DEFAULTS[body.name];
    await db.transaction(async (tx) => {
      const [before] = await tx
        .select({ value: siteConfig.value })
        .from(siteConfig)
        .where(and(eq(siteConfig.name, body.name)))
        .limit(1);
      await tx
        .insert(siteConfig)
        .values({ name: body.name, value: body.value, title, titleZh, sort: 500 })
        .onConflictDoUpdate({ target: siteConfig.name, set: { value: body.value } });
      await writeAudit(tx, clock, currentOperator(request), {
        action: 'funds.config.set',
        targetUserId: null,
        reason: body.reason,
        details: { name: body.name, from: before?.value ?? null, to: body.value },
      });
    });
    return ok({ name: body.name, value: body.value });
  });
}
