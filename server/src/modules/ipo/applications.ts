// The customer's money-moving calls: apply (escrow), pay (settle at the offer price and return
// the excess), waive (release). Every check runs before anything is written; each call is one
// transaction under the customer's funds lock with its idempotency answer, so a retry moves
// nothing and parallel calls cannot escrow or release twice.
import { and, eq } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import { pseudonymousId, type IpoApplication, type ipoApplyFormSchema, type JournalType } from '@kabuto/shared-sdk/schemas';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { ok, type OkEnvelope } from '../../http/envelope';
import {
  brokerAccount,
  customerCash,
  postJournal,
  refuse,
  rememberAnswer,
  replayIfSeen,
  withUserFundsLock,
  type FundsExtensions,
  type IdempotentRequest,
  type PostingInput,
} from '../funds';
import { users, verifyPassword } from '../identity';
import { powerFigures } from '../trading';
import { IPO_ACCOUNTS, type IpoDeps } from './deps';
import { ipoApplications, ipoIssues, type IpoApplicationRow, type IpoIssueRow } from './schema';
import { issueStatus } from './status';
import { applicationView, jpy } from './views';
import { isUniqueViolation } from '../../db/errors';

type ApplyForm = z.output<typeof ipoApplyFormSchema>;
type DecideForm = { id: number; fundPassword?: string; idempotencyKey?: string };

export interface IpoCustomer {
  id: number;
  account: string;
}

export const escrowAccount = (userId: number) => ({ kind: IPO_ACCOUNTS.escrow, currency: 'JPY' as const, userId });
export const settlementAccount = () => brokerAccount(IPO_ACCOUNTS.settlement, 'JPY');

/** Every IPO posting between the customer's cash and escrow (and the settlement account) goes through here. */
export async function postIpo(
  tx: Database,
  deps: Pick<IpoDeps, 'clock' | 'businessClock'>,
  type: JournalType,
  reference: string,
  userId: number,
  postings: PostingInput[],
): Promise<void> {
  const nonZero = postings.filter((p) => p.amount !== 0n);
  if (nonZero.length === 0) return;
  // Business time, as trading's postings: the wallet shows the same time as the application.
  await postJournal(tx, deps.businessClock, { type, reference, userId, postings: nonZero });
}

export async function confirmIpoFundPassword(db: Database, userId: number, password: string | undefined): Promise<void> {
  const [row] = await db.select({ hash: users.fundPasswordHash }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row?.hash) refuse(MSG.fundPasswordNotSet);
  if (password === undefined) refuse(MSG.fundPasswordRequiredForOrder);
  if (!(await verifyPassword(password, row.hash))) refuse(MSG.wrongFundPassword);
}

export async function issueByCode(db: Database, code: string, forUpdate = false): Promise<IpoIssueRow> {
  const q = db.select().from(ipoIssues).where(eq(ipoIssues.code, code)).limit(1);
  const [issue] = forUpdate ? await q.for('update') : await q;
  if (!issue) refuse(MSG.ipoIssueNotFound);
  return issue;
}

async function applicationAnswer(deps: IpoDeps, db: Database, applicationId: number, userId: number): Promise<IpoApplication> {
  const [row] = await db
    .select({ app: ipoApplications, issue: ipoIssues })
    .from(ipoApplications)
    .innerJoin(ipoIssues, eq(ipoIssues.id, ipoApplications.issueId))
    .where(and(eq(ipoApplications.id, applicationId), eq(ipoApplications.userId, userId)))
    .limit(1);
  if (!row) refuse(MSG.ipoSubscriptionNotFound);
  return applicationView(row.issue, row.app, deps.businessClock.now());
}

/** The unit checks against the issue (the form already refused zero, negative and non-numbers). */
export function checkUnits(issue: IpoIssueRow, units: number): void {
  if (units <= 0) refuse(MSG.ipoUnitsNotPositive);
  if (units % issue.lot !== 0) refuse(MSG.ipoUnitsNotWholeLots);
  if (units > issue.maxUnitsPerCustomer) refuse(MSG.ipoUnitsAboveMax);
}

function checkApplying(issue: IpoIssueRow, now: Date): void {
  const status = issueStatus(issue, now);
  if (status === 'upcoming') refuse(MSG.subscriptionNotStarted);
  if (status !== 'applying') refuse(MSG.subscriptionChannelClosed);
}

export async function applyIpo(deps: IpoDeps, funds: FundsExtensions, user: IpoCustomer, form: ApplyForm): Promise<OkEnvelope<IpoApplication>> {
  const issue = await issueByCode(deps.db, form.code);
  checkApplying(issue, deps.businessClock.now());
  checkUnits(issue, form.quantity);
  const request: IdempotentRequest = { userId: user.id, key: form.idempotencyKey, action: 'ipo.apply', params: { code: form.code, units: form.quantity } };
  const seen = await replayIfSeen<{ id: number }>(deps.db, request);
  if (seen) return ok({ ...(await applicationAnswer(deps, deps.db, seen.data.id, user.id)), replayed: true as const }, seen.msg);
  await confirmIpoFundPassword(deps.db, user.id, form.fundPassword);
  const escrow = BigInt(form.quantity) * BigInt(issue.priceUpper);

  let id: number;
  try {
    id = await withUserFundsLock(deps.db, deps.clock, user.id, async (tx) => {
      const again = await replayIfSeen<{ id: number }>(tx, request);
      if (again) return again.data.id;
      // FOR SHARE: an operator closing book-building waits for this application (and vice versa).
      const [locked] = await tx.select().from(ipoIssues).where(eq(ipoIssues.id, issue.id)).for('share').limit(1);
      if (!locked) refuse(MSG.ipoIssueNotFound);
      checkApplying(locked, deps.businessClock.now());
      const [existing] = await tx
        .select({ id: ipoApplications.id })
        .from(ipoApplications)
        .where(and(eq(ipoApplications.issueId, issue.id), eq(ipoApplications.userId, user.id)))
        .limit(1);
      if (existing) refuse(MSG.subscribeOnceOnly);
      // The figure trade/buyingPower answers and the subscribe screen shows (unsettled sale
      // proceeds count, as for a cash buy): one function, so the screen never promises more or less.
      const power = (await powerFigures({ funds, ...(deps.trading ? { extensions: deps.trading } : {}) }, tx, user.id)).buyingPower;
      if (escrow > power) refuse(MSG.insufficientBuyingPower, { rule: 'buying-power', required: jpy(escrow), buyingPower: jpy(power) });
      const now = deps.businessClock.now();
      const [row] = await tx
        .insert(ipoApplications)
        .values({ issueId: issue.id, userId: user.id, pid: '', units: form.quantity, state: 'applied', escrowed: escrow, createdAt: now })
        .returning({ id: ipoApplications.id });
      if (!row) throw new Error('application not stored');
      await tx
        .update(ipoApplications)
        .set({ pid: pseudonymousId(issue.code, row.id) })
        .where(eq(ipoApplications.id, row.id));
      await postIpo(tx, deps, 'ipo_escrow', `ipo:${row.id}`, user.id, [
        { account: customerCash(user.id, 'JPY'), amount: -escrow },
        { account: escrowAccount(user.id), amount: escrow },
      ]);
      await rememberAnswer(tx, deps.clock, request, { msg: MSG.subscribeSuccess, data: { id: row.id } });
      return row.id;
    });
  } catch (error) {
    // The unique (issue, user) index: a parallel application of the same customer got there first.
    if (isUniqueViolation(error)) refuse(MSG.subscribeOnceOnly);
    throw error;
  }
  return ok(await applicationAnswer(deps, deps.db, id, user.id), MSG.subscribeSuccess);
}

type Decision = 'pay' | 'waive';

/**
 * Pay (settle won × offer price, return won × (upper − offer)) with the fund password and an
 * idempotency key; waive (return won × upper) with neither: it only gives the customer's money
 * back, and the state check makes a repeat refuse (ipoAlreadyWaived) instead of releasing twice.
 */
export async function decideIpo(deps: IpoDeps, user: IpoCustomer, form: DecideForm, decision: Decision): Promise<OkEnvelope<IpoApplication>> {
  const request: IdempotentRequest | null =
    decision === 'pay' && form.idempotencyKey ? { userId: user.id, key: form.idempotencyKey, action: 'ipo.pay', params: { id: form.id } } : null;
  if (request) {
    const seen = await replayIfSeen<{ id: number }>(deps.db, request);
    if (seen) return ok({ ...(await applicationAnswer(deps, deps.db, seen.data.id, user.id)), replayed: true as const }, seen.msg);
  }
  await applicationAnswer(deps, deps.db, form.id, user.id); // not the customer's → not found, before the password
  if (decision === 'pay') await confirmIpoFundPassword(deps.db, user.id, form.fundPassword);
  const msg = decision === 'pay' ? MSG.ipoPaySuccess : MSG.ipoWaiveSuccess;
  await withUserFundsLock(deps.db, deps.clock, user.id, async (tx) => {
    if (request && (await replayIfSeen<{ id: number }>(tx, request))) return;
    const [app] = await tx
      .select()
      .from(ipoApplications)
      .where(and(eq(ipoApplications.id, form.id), eq(ipoApplications.userId, user.id)))
      .for('update')
      .limit(1);
    if (!app) refuse(MSG.ipoSubscriptionNotFound);
    const [issue] = await tx.select().from(ipoIssues).where(eq(ipoIssues.id, app.issueId)).limit(1);
    if (!issue) refuse(MSG.ipoIssueNotFound);
    checkDecision(issue, app, decision, deps.businessClock.now());
    await settle(tx, deps, issue, app, decision, 'customer');
    if (request) await rememberAnswer(tx, deps.clock, request, { msg, data: { id: app.id } });
  });
  return ok(await applicationAnswer(deps, deps.db, form.id, user.id), msg);
}

function checkDecision(issue: IpoIssueRow, app: IpoApplicationRow, decision: Decision, now: Date): void {
  if (app.state === 'applied') refuse(MSG.ipoNotDrawnYet);
  if (app.state === 'notWon') refuse(MSG.ipoNotWon);
  if (app.state === 'paid') refuse(decision === 'waive' ? MSG.ipoAlreadyPaid : MSG.orderNotSubscribing);
  if (app.state === 'waived') refuse(MSG.ipoAlreadyWaived);
  if (now >= issue.paymentDeadline) refuse(MSG.ipoPaymentDeadlinePassed);
  if (decision === 'pay' && issue.offerPrice === null) refuse(MSG.ipoOfferPriceMissing);
}

/** Moves a won application's escrow out (paid or waived). The caller holds the row FOR UPDATE. */
export async function settle(
  tx: Database,
  deps: Pick<IpoDeps, 'clock' | 'businessClock'>,
  issue: IpoIssueRow,
  app: IpoApplicationRow,
  decision: Decision,
  by: 'customer' | 'deadline',
): Promise<void> {
  const now = deps.businessClock.now();
  if (decision === 'pay') {
    const price = BigInt(issue.offerPrice ?? 0);
    const cost = BigInt(app.wonUnits) * price;
    const excess = app.escrowed - cost;
    await postIpo(tx, deps, 'ipo_payment', `ipo:${app.id}`, app.userId, [
      { account: escrowAccount(app.userId), amount: -app.escrowed },
      { account: settlementAccount(), amount: cost },
      { account: customerCash(app.userId, 'JPY'), amount: excess },
    ]);
    await tx
      .update(ipoApplications)
      .set({ state: 'paid', escrowed: 0n, paid: cost, refunded: app.refunded + excess, decidedAt: now })
      .where(eq(ipoApplications.id, app.id));
  } else {
    await postIpo(tx, deps, 'ipo_release', `ipo:${app.id}`, app.userId, [
      { account: escrowAccount(app.userId), amount: -app.escrowed },
      { account: customerCash(app.userId, 'JPY'), amount: app.escrowed },
    ]);
    await tx
      .update(ipoApplications)
      .set({ state: 'waived', escrowed: 0n, refunded: app.refunded + app.escrowed, waivedBy: by, decidedAt: now })
      .where(eq(ipoApplications.id, app.id));
  }
}
