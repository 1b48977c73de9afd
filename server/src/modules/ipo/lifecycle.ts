// The issue's one-way steps: create (commit to the seed), set the offer price, close
// book-building, draw, release unpaid winners at the deadline, list. Operator steps are
// audited in the transaction that makes them; the clock's steps (sweep) are audited as
// system:ipo. Each step locks the issue row and checks it has not happened yet.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import { correctCompanyName } from '@kabuto/shared-sdk/format';
import { MSG } from '@kabuto/shared-sdk/messages';
import { drawIpo, seedCommitment, type IpoLotteryModel } from '@kabuto/shared-sdk/schemas';
import type { Database } from '../../db/client';
import { customerCash, refuse } from '../funds';
import { users } from '../identity';
import { writeAudit, type OperatorIdentity } from '../ops';
import { tradingPositions } from '../trading';
import { escrowAccount, issueByCode, postIpo, settle } from './applications';
import { SYSTEM_OPERATOR, type IpoDeps } from './deps';
import { atJst, jstDateKey, previousBusinessDay } from '../market';
import { deadlineNotice, drawResultNotice, paymentReminderNotice, sendIpoNotice, type ReminderKind } from './notices';
import { ipoApplications, ipoIssues, type IpoIssueRow } from './schema';
import { issueStatus } from './status';
import { jstDay } from './views';

export interface NewIssue {
  code: string;
  names: { tw: string; jp: string; en: string };
  market: string;
  priceLower: number;
  priceUpper: number;
  offerPrice?: number | null;
  bookBuildingStart: Date;
  bookBuildingEnd: Date;
  lotteryAt: Date;
  paymentDeadline: Date;
  listingAt: Date;
  lot?: number;
  unitsAvailable: number;
  maxUnitsPerCustomer: number;
  lotteryModel: IpoLotteryModel;
  /** Tests and the demo seed may fix the seed; otherwise 32 random bytes. */
  seed?: string;
}

export function checkNewIssue(issue: NewIssue): void {
  const lot = issue.lot ?? 100;
  const ok =
    /^\d[0-9A-Z]\d[0-9A-Z]$/.test(issue.code) &&
    Number.isSafeInteger(issue.priceLower) &&
    Number.isSafeInteger(issue.priceUpper) &&
    issue.priceLower > 0 &&
    issue.priceLower <= issue.priceUpper &&
    issue.bookBuildingStart < issue.bookBuildingEnd &&
    issue.bookBuildingEnd <= issue.lotteryAt &&
    issue.lotteryAt < issue.paymentDeadline &&
    issue.paymentDeadline <= issue.listingAt &&
    Number.isSafeInteger(lot) &&
    lot > 0 &&
    Number.isSafeInteger(issue.unitsAvailable) &&
    issue.unitsAvailable > 0 &&
    issue.unitsAvailable % lot === 0 &&
    Number.isSafeInteger(issue.maxUnitsPerCustomer) &&
    issue.maxUnitsPerCustomer > 0 &&
    issue.maxUnitsPerCustomer % lot === 0 &&
    Object.values(issue.names).every((n) => typeof n === 'string' && n.trim().length > 0);
  if (!ok) refuse(MSG.ipoIssueInvalid);
  if (issue.offerPrice != null && (issue.offerPrice < issue.priceLower || issue.offerPrice > issue.priceUpper)) refuse(MSG.ipoOfferPriceOutOfRange);
}

export async function createIssue(deps: IpoDeps, operator: OperatorIdentity, input: NewIssue, reason: string | null): Promise<IpoIssueRow> {
  checkNewIssue(input);
  const seed = input.seed ?? randomBytes(32).toString('hex');
  const created = await deps.db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: ipoIssues.id }).from(ipoIssues).where(eq(ipoIssues.code, input.code)).limit(1);
    if (taken) refuse(MSG.ipoIssueCodeTaken);
    const [row] = await tx
      .insert(ipoIssues)
      .values({
        code: input.code,
        // The tw name through the same correction table as the universe's (臺→台 and the listed exceptions).
        names: { ...input.names, tw: correctCompanyName(input.names.tw) },
        market: input.market,
        priceLower: input.priceLower,
        priceUpper: input.priceUpper,
        offerPrice: input.offerPrice ?? null,
        bookBuildingStart: input.bookBuildingStart,
        bookBuildingEnd: input.bookBuildingEnd,
        lotteryAt: input.lotteryAt,
        paymentDeadline: input.paymentDeadline,
        listingAt: input.listingAt,
        lot: input.lot ?? 100,
        unitsAvailable: input.unitsAvailable,
        maxUnitsPerCustomer: input.maxUnitsPerCustomer,
        lotteryModel: input.lotteryModel,
        seed,
        commitment: seedCommitment(seed),
        createdAt: deps.clock.now(),
      })
      .returning();
    if (!row) throw new Error('issue not stored');
    // The commitment goes into the audit trail too: the seed can be checked against it later.
    await writeAudit(tx, deps.clock, operator, {
      action: 'ipo.create',
      targetUserId: null,
      reason,
      details: { code: row.code, commitment: row.commitment, lotteryModel: row.lotteryModel, unitsAvailable: row.unitsAvailable },
    });
    return row;
  });
  deps.onAnnounced?.(created.code);
  return created;
}

export async function setOfferPrice(deps: IpoDeps, operator: OperatorIdentity, code: string, price: number, reason: string | null): Promise<IpoIssueRow> {
  return deps.db.transaction(async (tx) => {
    const issue = await issueByCode(tx, code, true);
    if (issue.offerPrice !== null) refuse(MSG.orderNotSubscribing);
    if (!Number.isSafeInteger(price) || price < issue.priceLower || price > issue.priceUpper) refuse(MSG.ipoOfferPriceOutOfRange);
    const [row] = await tx.update(ipoIssues).set({ offerPrice: price }).where(eq(ipoIssues.id, issue.id)).returning();
    await writeAudit(tx, deps.clock, operator, { action: 'ipo.offerPrice', targetUserId: null, reason, details: { code, offerPrice: price } });
    return row ?? issue;
  });
}

/** Ends book-building now (the demo and e2e walk the journey in seconds); later dates move with it only if they would come before it. */
export async function closeBookBuilding(deps: IpoDeps, operator: OperatorIdentity, code: string, reason: string | null): Promise<IpoIssueRow> {
  return deps.db.transaction(async (tx) => {
    const issue = await issueByCode(tx, code, true);
    const now = deps.businessClock.now();
    if (issueStatus(issue, now) !== 'applying') refuse(MSG.subscriptionChannelClosed);
    const [row] = await tx
      .update(ipoIssues)
      .set({ bookBuildingEnd: now, lotteryAt: issue.lotteryAt < now ? now : issue.lotteryAt })
      .where(eq(ipoIssues.id, issue.id))
      .returning();
    await writeAudit(tx, deps.clock, operator, { action: 'ipo.close', targetUserId: null, reason, details: { code, bookBuildingEnd: now.toISOString() } });
    return row ?? issue;
  });
}

interface Outcome {
  userId: number;
  account: string;
  wonUnits: number;
}

/**
 * The draw: at or after lottery time (an operator may draw as soon as book-building has
 * closed, moving the lottery time to now). Winners keep won × upper in escrow; the rest of
 * every application goes back to cash now. Then the seed is public (drawnAt set).
 */
export async function drawIssue(deps: IpoDeps, operator: OperatorIdentity, code: string, reason: string | null): Promise<IpoIssueRow> {
  const outcomes: Outcome[] = [];
  const drawn = await deps.db.transaction(async (tx) => {
    const issue = await issueByCode(tx, code, true);
    const now = deps.businessClock.now();
    if (issue.drawnAt) refuse(MSG.ipoAlreadyDrawn);
    if (now < issue.bookBuildingEnd) refuse(MSG.ipoDrawTooEarly);
    const apps = await tx
      .select({ app: ipoApplications, account: users.account })
      .from(ipoApplications)
      .innerJoin(users, eq(users.id, ipoApplications.userId))
      .where(eq(ipoApplications.issueId, issue.id))
      .orderBy(asc(ipoApplications.id));
    const winners = drawIpo({
      seed: issue.seed,
      model: issue.lotteryModel,
      lotsAvailable: issue.unitsAvailable / issue.lot,
      applications: apps.map((a) => ({ id: a.app.pid, lots: a.app.units / issue.lot })),
    });
    const won = new Map(winners.map((w) => [w.id, w.lots * issue.lot]));
    const price = BigInt(issue.priceUpper);
    for (const { app, account } of apps) {
      const wonUnits = won.get(app.pid) ?? 0;
      const keep = BigInt(wonUnits) * price;
      const back = app.escrowed - keep;
      await postIpo(tx, deps, 'ipo_refund', `ipo:${app.id}`, app.userId, [
        { account: escrowAccount(app.userId), amount: -back },
        { account: customerCash(app.userId, 'JPY'), amount: back },
      ]);
      await tx
        .update(ipoApplications)
        .set({
          state: wonUnits > 0 ? 'won' : 'notWon',
          wonUnits,
          escrowed: keep,
          refunded: app.refunded + back,
          decidedAt: wonUnits > 0 ? null : deps.clock.now(),
        })
        .where(eq(ipoApplications.id, app.id));
      outcomes.push({ userId: app.userId, account, wonUnits });
    }
    const [row] = await tx
      .update(ipoIssues)
      .set({ drawnAt: deps.clock.now(), lotteryAt: issue.lotteryAt > now ? now : issue.lotteryAt })
      .where(eq(ipoIssues.id, issue.id))
      .returning();
    await writeAudit(tx, deps.clock, operator, {
      action: 'ipo.draw',
      targetUserId: null,
      reason,
      details: { code, seed: issue.seed, commitment: issue.commitment, applications: apps.length, winners: winners.length },
    });
    return row ?? issue;
  });
  for (const o of outcomes)
    await sendIpoNotice(deps, { id: o.userId, account: o.account }, drawResultNotice(drawn.code, drawn.names, o.wonUnits, drawn.paymentDeadline));
  return drawn;
}

/** After the deadline every unpaid winner is waived and released; notices go out after the commit. */
export async function expireUnpaid(deps: IpoDeps, operator: OperatorIdentity, code: string): Promise<number> {
  const released: { id: number; account: string }[] = [];
  const issue = await deps.db.transaction(async (tx) => {
    const row = await issueByCode(tx, code, true);
    if (!row.drawnAt || row.expiredAt || deps.businessClock.now() < row.paymentDeadline) return row;
    const apps = await tx
      .select({ app: ipoApplications, account: users.account })
      .from(ipoApplications)
      .innerJoin(users, eq(users.id, ipoApplications.userId))
      .where(and(eq(ipoApplications.issueId, row.id), eq(ipoApplications.state, 'won')))
      .for('update');
    for (const { app, account } of apps) {
      await settle(tx, deps, row, app, 'waive', 'deadline');
      released.push({ id: app.userId, account });
    }
    await tx.update(ipoIssues).set({ expiredAt: deps.clock.now() }).where(eq(ipoIssues.id, row.id));
    await writeAudit(tx, deps.clock, operator, { action: 'ipo.deadline', targetUserId: null, reason: null, details: { code, released: apps.length } });
    return row;
  });
  for (const u of released) await sendIpoNotice(deps, u, deadlineNotice(issue.code, issue.names, false));
  return released.length;
}

/**
 * Listing day: the payment deadline is over (brought forward to now by an operator if need
 * be), unpaid winners are released, and each paid application becomes a cash holding in the
 * trading positions at the offer price.
 */
export async function listIssue(deps: IpoDeps, operator: OperatorIdentity, code: string, reason: string | null): Promise<IpoIssueRow> {
  const now = deps.businessClock.now();
  {
    const issue = await issueByCode(deps.db, code);
    if (issue.listedAt) refuse(MSG.ipoAlreadyListed);
    if (!issue.drawnAt || issue.offerPrice === null) refuse(MSG.ipoNotListableYet);
    if (now < issue.paymentDeadline || now < issue.listingAt) {
      await deps.db.transaction(async (tx) => {
        await tx
          .update(ipoIssues)
          .set({ paymentDeadline: issue.paymentDeadline > now ? now : issue.paymentDeadline, listingAt: issue.listingAt > now ? now : issue.listingAt })
          .where(eq(ipoIssues.id, issue.id));
        await writeAudit(tx, deps.clock, operator, { action: 'ipo.listNow', targetUserId: null, reason, details: { code, at: now.toISOString() } });
      });
    }
  }
  await expireUnpaid(deps, operator, code);
  const listed = await deps.db.transaction(async (tx) => {
    const issue = await issueByCode(tx, code, true);
    if (issue.listedAt) refuse(MSG.ipoAlreadyListed);
    const stamp = deps.clock.now();
    const holdings = deps.venueHas?.(issue.code) ? await createHoldings(tx, deps, issue) : 0;
    const [row] = await tx.update(ipoIssues).set({ listedAt: stamp }).where(eq(ipoIssues.id, issue.id)).returning();
    await writeAudit(tx, deps.clock, operator, { action: 'ipo.list', targetUserId: null, reason, details: { code, holdings } });
    return row ?? issue;
  });
  deps.onListed?.({ code: listed.code, names: listed.names, offerPrice: listed.offerPrice ?? 0, listingAt: listed.listingAt });
  // The venue knows the code now: the paid shares become holdings at once (idempotent; the sweep retries).
  if (deps.venueHas?.(listed.code)) await deps.db.transaction(async (tx) => createHoldings(tx, deps, listed));
  return listed;
}

/** Paid applications of a listed issue → cash holdings in the trading positions (once each). */
async function createHoldings(tx: Database, deps: Pick<IpoDeps, 'clock' | 'businessClock'>, issue: IpoIssueRow): Promise<number> {
  // Business time, as trading stamps its orders and fills (the holding's buy time is the listing's).
  const now = deps.businessClock.now();
  const stamp = now;
  const paid = await tx
    .select()
    .from(ipoApplications)
    .where(and(eq(ipoApplications.issueId, issue.id), eq(ipoApplications.state, 'paid'), isNull(ipoApplications.positionId)))
    .for('update');
  const offerTenths = BigInt((issue.offerPrice ?? 0) * 10);
  for (const app of paid) {
    const [pos] = await tx
      .insert(tradingPositions)
      .values({
        userId: app.userId,
        code: issue.code,
        product: 'cash',
        direction: 'long',
        orderType: 'limit',
        limitPrice: (issue.offerPrice ?? 0) * 10,
        leverageTenths: 10,
        tab: 'competition',
        status: 'holding',
        orderedQuantity: app.wonUnits,
        openQuantity: app.wonUnits,
        openValueTenths: offerTenths * BigInt(app.wonUnits),
        openedOn: jstDay(now),
        createdAt: stamp,
        firstFillAt: stamp,
        updatedAt: stamp,
      })
      .returning({ id: tradingPositions.id });
    if (pos) await tx.update(ipoApplications).set({ positionId: pos.id }).where(eq(ipoApplications.id, app.id));
  }
  return paid.length;
}

/** 08:00 JST: before the market opens, so the customer can still act during the day. */
const REMINDER_SECOND_OF_DAY = 8 * 3600;

/** When the payment reminders fall: 08:00 JST on the business day before the deadline's day, and on the deadline's day. */
export function reminderInstants(deadline: Date): Record<ReminderKind, Date> {
  const day = jstDateKey(deadline);
  return { dayBefore: atJst(previousBusinessDay(day), REMINDER_SECOND_OF_DAY), morning: atJst(day, REMINDER_SECOND_OF_DAY) };
}

/**
 * The reminder due at `now`, if any: each runs from its instant to the next one (or the
 * deadline), so a sweep late after a stop sends the current one, not a stale one too. None for
 * a draw after the reminder's instant: the win notice, naming the deadline, has just gone out.
 */
function reminderDue(issue: IpoIssueRow, now: Date): ReminderKind | null {
  if (!issue.drawnAt || issue.expiredAt || now >= issue.paymentDeadline) return null;
  const at = reminderInstants(issue.paymentDeadline);
  const kind: ReminderKind | null = now >= at.morning ? 'morning' : now >= at.dayBefore ? 'dayBefore' : null;
  return kind && issue.lotteryAt < at[kind] ? kind : null;
}

/**
 * Reminds every winner of the issue who has not paid (nor waived) yet, once per reminder: the
 * application row records it in the same statement that picks the row, so repeated sweeps,
 * parallel ones and restarts never send it twice. Notices go out after the commit.
 */
export async function remindUnpaid(deps: IpoDeps, code: string): Promise<number> {
  const issue = await issueByCode(deps.db, code);
  const now = deps.businessClock.now();
  const kind = reminderDue(issue, now);
  if (!kind) return 0;
  const column = kind === 'morning' ? ipoApplications.remindedMorningAt : ipoApplications.remindedDayBeforeAt;
  const stamp = kind === 'morning' ? { remindedMorningAt: now } : { remindedDayBeforeAt: now };
  const reminded = await deps.db
    .update(ipoApplications)
    .set(stamp)
    .where(and(eq(ipoApplications.issueId, issue.id), eq(ipoApplications.state, 'won'), isNull(column)))
    .returning({ userId: ipoApplications.userId, wonUnits: ipoApplications.wonUnits });
  if (reminded.length === 0) return 0;
  const accounts = await deps.db
    .select({ id: users.id, account: users.account })
    .from(users)
    .where(
      inArray(
        users.id,
        reminded.map((r) => r.userId),
      ),
    );
  const accountOf = new Map(accounts.map((u) => [u.id, u.account]));
  for (const r of reminded) {
    const account = accountOf.get(r.userId);
    if (account === undefined) continue;
    await sendIpoNotice(deps, { id: r.userId, account }, paymentReminderNotice(issue.code, issue.names, r.wonUnits, issue.paymentDeadline, kind));
  }
  return reminded.length;
}

/** The clock's steps: draw at lottery time, remind unpaid winners, release at the deadline, list on listing day (priced issues). */
export async function sweepIssues(deps: IpoDeps): Promise<void> {
  const now = deps.businessClock.now();
  const due = await deps.db
    .select()
    .from(ipoIssues)
    .where(and(isNull(ipoIssues.listedAt), lte(ipoIssues.lotteryAt, now)));
  for (const issue of due) {
    if (!issue.drawnAt) await drawIssue(deps, SYSTEM_OPERATOR, issue.code, 'lottery time');
    else if (!issue.expiredAt && now >= issue.paymentDeadline) await expireUnpaid(deps, SYSTEM_OPERATOR, issue.code);
    else if (reminderDue(issue, now)) await remindUnpaid(deps, issue.code);
    else if (issue.expiredAt && issue.offerPrice !== null && now >= issue.listingAt) await listIssue(deps, SYSTEM_OPERATOR, issue.code, 'listing day');
  }
  // Listed before the venue traded the code: the holdings appear once it does.
  if (deps.venueHas) {
    const listed = await deps.db.select().from(ipoIssues).where(isNotNull(ipoIssues.listedAt));
    for (const issue of listed) if (deps.venueHas(issue.code)) await deps.db.transaction(async (tx) => createHoldings(tx, deps, issue));
  }
}

export async function issuesByCodes(db: Database, codes: string[]): Promise<IpoIssueRow[]> {
  return codes.length === 0 ? [] : db.select().from(ipoIssues).where(inArray(ipoIssues.code, codes));
}
