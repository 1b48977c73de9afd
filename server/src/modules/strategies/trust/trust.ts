// The investment trust (the spec's "investment trust (copy trading)"; docs/strategies.md
// "Investment trust"): a pooled fund with its own account that follows one strategy through the
// ordinary following and mirroring path, so its trades are venue fills. Subscriptions (yen) and
// redemptions (units) are priced at the NEXT NAV, computed after the close (blind pricing), and
// every yen moves through postJournal: at request the subscription's cash goes to the customer's
// trust escrow; at the NAV the escrow pays the trust, the trust pays redemptions and its fee.
import { and, asc, desc, eq, inArray, lte, sum } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import {
  TRUST_NAV_UNITS,
  type TrustDetail,
  type TrustMine,
  type TrustNavPoint,
  type TrustRequestView,
  type TrustView,
  type opsTrustCreateFormSchema,
  type trustCancelFormSchema,
  type trustRedeemFormSchema,
  type trustSubscribeFormSchema,
} from '@kabuto/shared-sdk/schemas';
import type { z } from 'zod';
import type { Database } from '../../../db/client';
import { ok, type OkEnvelope } from '../../../http/envelope';
import {
  ACCOUNT_KINDS,
  brokerAccount,
  customerCash,
  heldFor,
  postJournal,
  refuse,
  rememberAnswer,
  replayIfSeen,
  toMoney,
  userAccountBalance,
  withUserFundsLock,
  type IdempotentRequest,
} from '../../funds';
import { confirmFundPasswordProof, sendNotice, storeSiteMessage, users } from '../../identity';
import { SESSION_TIMES, atJst, isBusinessDay, jstDateKey, nextBusinessDay, previousBusinessDay } from '../../market';
import { writeAudit, type OperatorIdentity } from '../../ops';
import { tradingPositions } from '../../trading';
import type { StrategiesDeps } from '../deps';
import { followingValue } from '../following/following';
import { feeDaysBetween, priceDay, trustFee, type NavHolding } from './nav';
import { trustFilledNotice, trustRedemptionOwedNotice } from './notices';
import {
  strategies,
  strategyFollowings,
  strategyTrustNavHoldings,
  strategyTrustNavs,
  strategyTrustRequests,
  strategyTrusts,
  type StrategyTrustNavRow,
  type StrategyTrustRequestRow,
  type StrategyTrustRow,
} from '../schema';

type SubscribeForm = z.output<typeof trustSubscribeFormSchema>;
type RedeemForm = z.output<typeof trustRedeemFormSchema>;
type CancelForm = z.output<typeof trustCancelFormSchema>;
type CreateForm = z.output<typeof opsTrustCreateFormSchema>;

/**
 * Ledger accounts of the trust: the customer's subscription waiting for its NAV, the broker's fee
 * revenue, and a redemption priced but not yet paid: owed by the trust (payable, the pool's) and
 * due to the customer (receivable, the customer's, shown in the wallet).
 */
export const TRUST_ACCOUNTS = {
  escrow: 'strategy_trust_escrow',
  feeRevenue: 'strategy_trust_fee_revenue',
  redemptionsPayable: 'strategy_trust_redemptions_payable',
  redemptionReceivable: 'strategy_trust_redemption_receivable',
} as const;
/** The NAV is computed half an hour after the close (15:30 JST), once the closing auction's prices stand. */
export const TRUST_NAV_SECOND_OF_DAY = SESSION_TIMES.close + 30 * 60;
/** The trust's following: the widest copy stop-loss and no practical deadline (it follows for as long as it is open). */
const POOL_STOP_LOSS_PERCENT = 95;
const POOL_FOLLOW_UNTIL = new Date('2100-01-01T00:00:00+09:00');

const jpy = (yen: bigint) => toMoney('JPY', yen);
const namesOf = (name: string | { tw: string; jp: string; en: string }) => (typeof name === 'string' ? { tw: name, jp: name, en: name } : name);
const percentOf = (bp: number) => (bp / 100).toFixed(2);

/**
 * The business date whose NAV prices a request made at `at`: today's when made on a business day
 * before the close, else the next business day's (Japanese 投信 practice: orders before the cut-off
 * get that day's 基準価額, unknown when ordering).
 */
export function navDateFor(at: Date): string {
  const key = jstDateKey(at);
  if (isBusinessDay(key) && at.getTime() < atJst(key, SESSION_TIMES.close).getTime()) return key;
  return nextBusinessDay(key);
}

/**
 * Until when a request priced at `navDate`'s NAV may be cancelled: that day's close, the cut-off
 * after which the NAV that prices it is being computed (a 投信 distributor's 取消 deadline).
 */
export function cancelCutoff(navDate: string): Date {
  return atJst(navDate, SESSION_TIMES.close);
}

/** The latest business date whose NAV time has passed at `at`. */
export function lastNavDateAt(at: Date): string {
  const key = jstDateKey(at);
  if (isBusinessDay(key) && at.getTime() >= atJst(key, TRUST_NAV_SECOND_OF_DAY).getTime()) return key;
  return previousBusinessDay(key);
}

// ---------------------------------------------------------------------------------------
// Operator: set up a trust
// ---------------------------------------------------------------------------------------
export async function createTrust(deps: StrategiesDeps, form: CreateForm, operator: OperatorIdentity): Promise<TrustView> {
  const [strategy] = await deps.db.select().from(strategies).where(eq(strategies.id, form.strategyId)).limit(1);
  if (!strategy || strategy.status !== 'active') refuse(MSG.productNotFound, { rule: 'strategy-active', strategyId: form.strategyId });
  if (form.minimumYen <= 0n) refuse(MSG.amountInvalid, { rule: 'minimum-positive' });
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    // The pooled account: a row of its own that cannot sign in (no usable password, login barred).
    const [pool] = await tx
      .insert(users)
      .values({ account: `trust-pool-${strategy.id}-${now.getTime()}`, passwordHash: 'none', loginBanned: true, withdrawBanned: true, createdAt: now })
      .returning({ id: users.id });
    if (!pool) throw new Error('trust pool account not created');
    const [following] = await tx
      .insert(strategyFollowings)
      .values({
        strategyId: strategy.id,
        userId: pool.id,
        // Re-set at each NAV to the trust's net assets; a following's amount must be positive.
        amount: 1n,
        stopLossPercent: POOL_STOP_LOSS_PERCENT,
        status: 'inProgress',
        deadline: POOL_FOLLOW_UNTIL,
        startedAt: deps.businessClock.now(),
      })
      .returning({ id: strategyFollowings.id });
    const [row] = await tx
      .insert(strategyTrusts)
      .values({
        strategyId: strategy.id,
        name: form.name,
        poolUserId: pool.id,
        followingId: following?.id ?? null,
        feeBpPerYear: form.feeBpPerYear,
        minimumYen: form.minimumYen,
        status: 'open',
        createdBy: operator.name,
        // Business time: the first NAV is of the business date it was set up on.
        createdAt: deps.businessClock.now(),
      })
      .returning({ id: strategyTrusts.id });
    if (!row) throw new Error('trust not created');
    await writeAudit(tx, deps.clock, operator, {
      action: 'strategy.trust.create',
      targetUserId: pool.id,
      reason: form.reason,
      details: { trustId: row.id, strategyId: strategy.id, name: form.name, feeBpPerYear: form.feeBpPerYear, minimumYen: form.minimumYen.toString() },
    });
    return row.id;
  });
  return trustView(deps, await trustById(deps.db, id));
}

// ---------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------
export async function trustById(db: Database, id: number): Promise<StrategyTrustRow> {
  const [row] = await db.select().from(strategyTrusts).where(eq(strategyTrusts.id, id)).limit(1);
  if (!row) refuse(MSG.productNotFound, { rule: 'trust', id });
  return row;
}

const navPoint = (n: StrategyTrustNavRow): TrustNavPoint => ({
  date: n.businessDate,
  nav: jpy(n.nav),
  netAssets: jpy(n.netAssetsAfter),
  units: n.unitsAfter.toString(),
});

async function lastNav(db: Database, trustId: number): Promise<StrategyTrustNavRow | null> {
  const [row] = await db.select().from(strategyTrustNavs).where(eq(strategyTrustNavs.trustId, trustId)).orderBy(desc(strategyTrustNavs.businessDate)).limit(1);
  return row ?? null;
}

export async function trustView(deps: StrategiesDeps, row: StrategyTrustRow): Promise<TrustView> {
  const [strategy] = await deps.db.select({ name: strategies.name }).from(strategies).where(eq(strategies.id, row.strategyId)).limit(1);
  const [fees] = await deps.db
    .select({ total: sum(strategyTrustNavs.fee) })
    .from(strategyTrustNavs)
    .where(eq(strategyTrustNavs.trustId, row.id));
  const last = await lastNav(deps.db, row.id);
  return {
    id: row.id,
    name: row.name,
    strategyId: row.strategyId,
    strategyName: strategy?.name ?? '',
    status: row.status,
    feePercentPerYear: percentOf(row.feeBpPerYear),
    feeBpPerYear: row.feeBpPerYear,
    minimum: jpy(row.minimumYen),
    last: last ? navPoint(last) : null,
    feesAccrued: jpy(BigInt(fees?.total ?? '0')),
    simulated: true,
  };
}

export async function listTrusts(deps: StrategiesDeps): Promise<TrustView[]> {
  const rows = await deps.db.select().from(strategyTrusts).orderBy(asc(strategyTrusts.id));
  const out: TrustView[] = [];
  for (const row of rows) out.push(await trustView(deps, row));
  return out;
}

export async function trustDetail(deps: StrategiesDeps, id: number): Promise<TrustDetail> {
  const row = await trustById(deps.db, id);
  const view = await trustView(deps, row);
  const history = await deps.db.select().from(strategyTrustNavs).where(eq(strategyTrustNavs.trustId, id)).orderBy(asc(strategyTrustNavs.businessDate));
  const last = history.at(-1);
  const holdings = last
    ? await deps.db.select().from(strategyTrustNavHoldings).where(eq(strategyTrustNavHoldings.navId, last.id)).orderBy(asc(strategyTrustNavHoldings.code))
    : [];
  const exampleBase = 1_000_000n;
  return {
    ...view,
    history: history.map(navPoint),
    holdings: holdings.map((h) => ({
      code: h.code,
      name: namesOf(deps.venue.instrument(h.code)?.name ?? h.code),
      shares: h.shares,
      price: (h.priceTenths / 10).toFixed(1),
      value: jpy(h.value),
    })),
    // After the day's subscriptions and redemptions: holdings + this cash − the payable = the published net assets.
    cash: jpy(last ? last.netAssetsAfter - last.holdingsValue + last.payableAfter : 0n),
    payable: jpy(last?.payableAfter ?? 0n),
    feeLastNav: jpy(last?.fee ?? 0n),
    feeExample: { base: jpy(exampleBase), perDay: jpy(trustFee(exampleBase, row.feeBpPerYear, 1)), perYear: jpy(trustFee(exampleBase, row.feeBpPerYear, 365)) },
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Units a customer holds: Σ filled subscriptions − Σ filled or priced redemptions (a priced one's
 * units left at its NAV, only its yen is still owed); and those pending redemption.
 */
async function unitsOf(db: Database, trustId: number, userId: number): Promise<{ held: bigint; pendingRedeem: bigint }> {
  const rows = await db
    .select({
      kind: strategyTrustRequests.kind,
      status: strategyTrustRequests.status,
      units: strategyTrustRequests.units,
      filled: strategyTrustRequests.filledUnits,
    })
    .from(strategyTrustRequests)
    .where(and(eq(strategyTrustRequests.trustId, trustId), eq(strategyTrustRequests.userId, userId)));
  let held = 0n;
  let pendingRedeem = 0n;
  for (const r of rows) {
    if (r.status === 'filled' || r.status === 'priced') held += r.kind === 'subscribe' ? (r.filled ?? 0n) : -(r.filled ?? 0n);
    else if (r.status === 'pending' && r.kind === 'redeem') pendingRedeem += r.units ?? 0n;
  }
  return { held, pendingRedeem };
}

function requestView(r: StrategyTrustRequestRow, navs: Map<number, bigint>): TrustRequestView {
  return {
    id: r.id,
    kind: r.kind,
    status: r.status,
    navDate: r.navDate,
    amount: r.amount === null ? null : jpy(r.amount),
    units: r.units === null ? null : r.units.toString(),
    nav: r.navId === null ? null : jpy(navs.get(r.navId) ?? 0n),
    filledUnits: r.filledUnits === null ? null : r.filledUnits.toString(),
    cash: r.cash === null ? null : jpy(r.cash),
    refund: r.refund === null ? null : jpy(r.refund),
    createdAt: r.createdAt.toISOString(),
    filledAt: r.filledAt?.toISOString() ?? null,
    cancelUntil: r.status === 'pending' ? cancelCutoff(r.navDate).toISOString() : null,
  };
}

export async function myTrust(deps: StrategiesDeps, id: number, userId: number): Promise<TrustMine> {
  await trustById(deps.db, id);
  const { held, pendingRedeem } = await unitsOf(deps.db, id, userId);
  const requests = await deps.db
    .select()
    .from(strategyTrustRequests)
    .where(and(eq(strategyTrustRequests.trustId, id), eq(strategyTrustRequests.userId, userId)))
    .orderBy(desc(strategyTrustRequests.id));
  const navIds = [...new Set(requests.map((r) => r.navId).filter((n): n is number => n !== null))];
  const navs = new Map<number, bigint>();
  if (navIds.length)
    for (const n of await deps.db
      .select({ id: strategyTrustNavs.id, nav: strategyTrustNavs.nav })
      .from(strategyTrustNavs)
      .where(inArray(strategyTrustNavs.id, navIds)))
      navs.set(n.id, n.nav);
  const last = await lastNav(deps.db, id);
  return {
    trustId: id,
    units: held.toString(),
    redeemable: (held - pendingRedeem).toString(),
    value: last ? jpy((held * last.nav) / BigInt(TRUST_NAV_UNITS)) : null,
    requests: requests.map((r) => requestView(r, navs)),
    simulated: true,
  };
}

// ---------------------------------------------------------------------------------------
// Customer: subscribe and redeem at the next NAV
// ---------------------------------------------------------------------------------------
async function openTrust(db: Database, id: number): Promise<StrategyTrustRow> {
  const row = await trustById(db, id);
  if (row.status !== 'open') refuse(MSG.productNotFound, { rule: 'trust-closed', id });
  return row;
}

async function checkSubscribe(deps: StrategiesDeps, db: Database, userId: number, form: SubscribeForm): Promise<StrategyTrustRow> {
  const trust = await openTrust(db, form.id);
  if (form.amount < trust.minimumYen) refuse(MSG.belowProductMinimum, { rule: 'product-minimum', amount: jpy(form.amount), minimum: jpy(trust.minimumYen) });
  const cash = await userAccountBalance(db, userId, ACCOUNT_KINDS.customerCash, 'JPY');
  const power = cash - (await heldFor(deps.funds, db, userId, 'JPY')).total;
  if (form.amount > power) refuse(MSG.insufficientBuyingPower, { rule: 'buying-power', required: jpy(form.amount), buyingPower: jpy(power) });
  return trust;
}

export async function subscribe(deps: StrategiesDeps, who: { id: number; sessionId: string }, form: SubscribeForm): Promise<OkEnvelope<TrustMine>> {
  const request: IdempotentRequest = {
    userId: who.id,
    key: form.idempotencyKey,
    action: 'strategy.trust.subscribe',
    params: { id: form.id, amount: form.amount.toString() },
  };
  const seen = await replayIfSeen<{ id: number }>(deps.db, request);
  if (seen) return ok({ ...(await myTrust(deps, form.id, who.id)), replayed: true as const }, seen.msg);
  await checkSubscribe(deps, deps.db, who.id, form);
  await confirmFundPasswordProof(deps.db, deps.clock, who, { fundPassword: form.fundPassword, fundPasswordGrant: form.fundPasswordGrant });
  await withUserFundsLock(deps.db, deps.clock, who.id, async (tx) => {
    if (await replayIfSeen(tx, request)) return;
    // Again under the lock: a parallel order may have used the cash.
    await checkSubscribe(deps, tx, who.id, form);
    const now = deps.businessClock.now();
    const [row] = await tx
      .insert(strategyTrustRequests)
      .values({ trustId: form.id, userId: who.id, kind: 'subscribe', amount: form.amount, navDate: navDateFor(now), status: 'pending', createdAt: now })
      .returning({ id: strategyTrustRequests.id });
    if (!row) throw new Error('subscription not stored');
    // The cash is the customer's until the NAV: it waits in their trust escrow, shown in the wallet.
    await postJournal(tx, deps.businessClock, {
      type: 'trust_subscription_request',
      reference: `trust-request:${row.id}`,
      userId: who.id,
      memo: `trust ${form.id}`,
      postings: [
        { account: customerCash(who.id, 'JPY'), amount: -form.amount },
        { account: { kind: TRUST_ACCOUNTS.escrow, currency: 'JPY', userId: who.id }, amount: form.amount },
      ],
    });
    await rememberAnswer(tx, deps.clock, request, { msg: MSG.trustSubscribeAccepted, data: { id: row.id } });
  });
  return ok(await myTrust(deps, form.id, who.id), MSG.trustSubscribeAccepted);
}

async function checkRedeem(db: Database, userId: number, form: RedeemForm): Promise<void> {
  await openTrust(db, form.id);
  const { held, pendingRedeem } = await unitsOf(db, form.id, userId);
  if (form.units > held - pendingRedeem)
    refuse(MSG.trustUnitsInsufficient, {
      rule: 'units-held',
      units: form.units.toString(),
      held: held.toString(),
      pendingRedemption: pendingRedeem.toString(),
    });
}

export async function redeem(deps: StrategiesDeps, who: { id: number; sessionId: string }, form: RedeemForm): Promise<OkEnvelope<TrustMine>> {
  const request: IdempotentRequest = {
    userId: who.id,
    key: form.idempotencyKey,
    action: 'strategy.trust.redeem',
    params: { id: form.id, units: form.units.toString() },
  };
  const seen = await replayIfSeen<{ id: number }>(deps.db, request);
  if (seen) return ok({ ...(await myTrust(deps, form.id, who.id)), replayed: true as const }, seen.msg);
  await checkRedeem(deps.db, who.id, form);
  await confirmFundPasswordProof(deps.db, deps.clock, who, { fundPassword: form.fundPassword, fundPasswordGrant: form.fundPasswordGrant });
  await withUserFundsLock(deps.db, deps.clock, who.id, async (tx) => {
    if (await replayIfSeen(tx, request)) return;
    await checkRedeem(tx, who.id, form);
    const now = deps.businessClock.now();
    const [row] = await tx
      .insert(strategyTrustRequests)
      .values({ trustId: form.id, userId: who.id, kind: 'redeem', units: form.units, navDate: navDateFor(now), status: 'pending', createdAt: now })
      .returning({ id: strategyTrustRequests.id });
    if (!row) throw new Error('redemption not stored');
    await rememberAnswer(tx, deps.clock, request, { msg: MSG.trustRedeemAccepted, data: { id: row.id } });
  });
  return ok(await myTrust(deps, form.id, who.id), MSG.trustRedeemAccepted);
}

/**
 * Cancels one of my pending requests before its cut-off. Under my funds lock and the request's row
 * lock: the NAV step locks the same rows before pricing them, so a cancel racing the NAV ends in
 * exactly one of the two (whichever locks the row first; the other sees it no longer pending).
 */
export async function cancelRequest(deps: StrategiesDeps, who: { id: number }, form: CancelForm): Promise<OkEnvelope<TrustMine>> {
  const request: IdempotentRequest = { userId: who.id, key: form.idempotencyKey, action: 'strategy.trust.cancel', params: { id: form.id } };
  const seen = await replayIfSeen<{ id: number; trustId: number }>(deps.db, request);
  if (seen) return ok({ ...(await myTrust(deps, seen.data.trustId, who.id)), replayed: true as const }, seen.msg);
  const trustId = await withUserFundsLock(deps.db, deps.clock, who.id, async (tx) => {
    const again = await replayIfSeen<{ id: number; trustId: number }>(tx, request);
    if (again) return again.data.trustId;
    const [row] = await tx.select().from(strategyTrustRequests).where(eq(strategyTrustRequests.id, form.id)).for('update').limit(1);
    // Another customer's request is answered as an unknown one: its existence is not theirs to learn.
    if (!row || row.userId !== who.id) refuse(MSG.productNotFound, { rule: 'trust-request', id: form.id });
    if (row.status !== 'pending') refuse(MSG.trustRequestNotPending, { rule: 'request-pending', id: row.id, status: row.status });
    const now = deps.businessClock.now();
    const cutoff = cancelCutoff(row.navDate);
    if (now.getTime() >= cutoff.getTime())
      refuse(MSG.trustCancelPastCutoff, { rule: 'cancel-cutoff', id: row.id, navDate: row.navDate, cutoff: cutoff.toISOString(), at: now.toISOString() });
    await tx
      .update(strategyTrustRequests)
      .set({ status: 'cancelled' })
      .where(and(eq(strategyTrustRequests.id, row.id), eq(strategyTrustRequests.status, 'pending')));
    // A subscription's yen leaves the escrow for the customer's cash; a redemption's units were
    // only reserved (unitsOf counts pending ones), so there is nothing to post.
    if (row.kind === 'subscribe' && row.amount !== null && row.amount > 0n)
      await postJournal(tx, deps.businessClock, {
        type: 'trust_subscription_cancel',
        reference: `trust-cancel:${row.id}`,
        userId: who.id,
        memo: `trust ${row.trustId}`,
        postings: [
          { account: { kind: TRUST_ACCOUNTS.escrow, currency: 'JPY', userId: who.id }, amount: -row.amount },
          { account: customerCash(who.id, 'JPY'), amount: row.amount },
        ],
      });
    await rememberAnswer(tx, deps.clock, request, { msg: MSG.trustCancelled, data: { id: row.id, trustId: row.trustId } });
    return row.trustId;
  });
  return ok(await myTrust(deps, trustId, who.id), MSG.trustCancelled);
}

// ---------------------------------------------------------------------------------------
// The NAV after the close
// ---------------------------------------------------------------------------------------
async function poolHoldings(deps: StrategiesDeps, db: Database, poolUserId: number): Promise<NavHolding[]> {
  const rows = await db
    .select({ code: tradingPositions.code, open: tradingPositions.openQuantity, closed: tradingPositions.closedQuantity })
    .from(tradingPositions)
    .where(and(eq(tradingPositions.userId, poolUserId), eq(tradingPositions.product, 'cash'), inArray(tradingPositions.status, ['holding', 'closing'])));
  const byCode = new Map<string, number>();
  for (const r of rows) if (r.open > r.closed) byCode.set(r.code, (byCode.get(r.code) ?? 0) + r.open - r.closed);
  return [...byCode.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, shares]) => {
      const q = deps.venue.quote(code);
      return { code, shares, priceTenths: q.last ?? q.previousClose };
    });
}

interface FilledNotice {
  userId: number;
  /** redeemOwed: priced at its NAV, its yen owed until the trust's sales cover it. */
  kind: 'subscribe' | 'redeem' | 'redeemOwed';
  units: bigint;
  cash: bigint;
  /** The NAV that priced it, and its business date. */
  date: string;
  nav: bigint;
}

async function sendFilledNotices(deps: StrategiesDeps, trust: StrategyTrustRow, notices: readonly FilledNotice[]): Promise<void> {
  if (!notices.length) return;
  const ids = [...new Set(notices.map((n) => n.userId))];
  const targets = new Map((await deps.db.select({ id: users.id, account: users.account }).from(users).where(inArray(users.id, ids))).map((u) => [u.id, u]));
  for (const n of notices) {
    const user = targets.get(n.userId);
    if (!user) continue;
    const notice =
      n.kind === 'redeemOwed'
        ? trustRedemptionOwedNotice(trust.name, n.date, n.nav, n.units, n.cash)
        : trustFilledNotice(n.kind, trust.name, n.date, n.nav, n.units, n.cash);
    await storeSiteMessage(deps.db, deps.businessClock, user, notice);
    await sendNotice(deps.notifications, user, notice);
    await deps.notifications.siteMessageStored?.(user.id, notice.kind);
  }
}

const payableAccount = (poolUserId: number) => ({ kind: TRUST_ACCOUNTS.redemptionsPayable, currency: 'JPY' as const, userId: poolUserId });
const receivableAccount = (userId: number) => ({ kind: TRUST_ACCOUNTS.redemptionReceivable, currency: 'JPY' as const, userId });

/**
 * Pays what earlier NAVs priced but the trust's cash did not cover (the 解約代金), in id order
 * while the pool's cash covers each one whole: first come, first paid, so a later one never
 * overtakes an earlier one. Under the pool's funds lock, one transaction.
 */
async function payOwedRedemptions(deps: StrategiesDeps, trust: StrategyTrustRow): Promise<FilledNotice[]> {
  return withUserFundsLock(deps.db, deps.clock, trust.poolUserId, async (tx) => {
    const owed = await tx
      .select()
      .from(strategyTrustRequests)
      .where(and(eq(strategyTrustRequests.trustId, trust.id), eq(strategyTrustRequests.status, 'priced')))
      .orderBy(asc(strategyTrustRequests.id))
      .for('update');
    if (!owed.length) return [];
    const navIds = [...new Set(owed.map((r) => r.navId).filter((n): n is number => n !== null))];
    const navs = new Map(
      (
        await tx
          .select({ id: strategyTrustNavs.id, date: strategyTrustNavs.businessDate, nav: strategyTrustNavs.nav })
          .from(strategyTrustNavs)
          .where(inArray(strategyTrustNavs.id, navIds))
      ).map((n) => [n.id, n]),
    );
    let cash = await userAccountBalance(tx, trust.poolUserId, ACCOUNT_KINDS.customerCash, 'JPY');
    const now = deps.clock.now();
    const paid: FilledNotice[] = [];
    for (const r of owed) {
      const due = r.cash ?? 0n;
      if (due > cash) break;
      if (due > 0n)
        await postJournal(tx, deps.businessClock, {
          type: 'trust_redemption_paid',
          reference: `trust-paid:${r.id}`,
          userId: r.userId,
          memo: `trust ${trust.id}: ${r.filledUnits ?? 0n} units`,
          postings: [
            { account: customerCash(trust.poolUserId, 'JPY'), amount: -due },
            { account: payableAccount(trust.poolUserId), amount: due },
            { account: receivableAccount(r.userId), amount: -due },
            { account: customerCash(r.userId, 'JPY'), amount: due },
          ],
        });
      await tx
        .update(strategyTrustRequests)
        .set({ status: 'filled', filledAt: now })
        .where(and(eq(strategyTrustRequests.id, r.id), eq(strategyTrustRequests.status, 'priced')));
      cash -= due;
      const nav = r.navId === null ? undefined : navs.get(r.navId);
      paid.push({ userId: r.userId, kind: 'redeem', units: r.filledUnits ?? 0n, cash: due, date: nav?.date ?? r.navDate, nav: nav?.nav ?? 0n });
    }
    return paid;
  });
}

/** A market sale the trust placed to raise the cash its priced redemptions are owed, or placement's refusal. */
export interface TrustSale {
  trustId: number;
  positionId: number;
  code: string;
  shares: number;
  orderId: number | null;
  refusal: string | null;
}

/**
 * Sells holdings for what the trust owes beyond its cash (解約に伴う売却): pro rata to each held
 * position's value at the close, each rounded up to whole lots and capped at the shares held,
 * through trading's ordinary close at market, so the venue fills it and nothing is booked by hand.
 * A position whose close is already working is skipped; a refusal is answered (and the next NAV
 * step tries again, as it does when a sale raised too little).
 */
async function sellForShortfall(deps: StrategiesDeps, trust: StrategyTrustRow, shortfall: bigint): Promise<TrustSale[]> {
  const actions = deps.trading.actions;
  if (!actions) throw new Error('trading is not running');
  const rows = await deps.db
    .select({ id: tradingPositions.id, code: tradingPositions.code, open: tradingPositions.openQuantity, closed: tradingPositions.closedQuantity })
    .from(tradingPositions)
    .where(and(eq(tradingPositions.userId, trust.poolUserId), eq(tradingPositions.product, 'cash'), eq(tradingPositions.status, 'holding')))
    .orderBy(asc(tradingPositions.id));
  const held = rows
    .filter((r) => r.open > r.closed)
    .map((r) => {
      const q = deps.venue.quote(r.code);
      return { ...r, shares: r.open - r.closed, priceTenths: BigInt(q.last ?? q.previousClose) };
    });
  const totalTenths = held.reduce((sum, h) => sum + BigInt(h.shares) * h.priceTenths, 0n);
  if (totalTenths <= 0n) return [];
  const lot = 100n;
  const sales: TrustSale[] = [];
  for (const h of held) {
    // This position's share of the shortfall in shares: shortfall × (its value ÷ the total) ÷ its price.
    const exact = shortfall * 10n * BigInt(h.shares);
    const wanted = (exact + totalTenths - 1n) / totalTenths;
    const lots = ((wanted + lot - 1n) / lot) * lot;
    const shares = Number(lots < BigInt(h.shares) ? lots : BigInt(h.shares));
    if (shares <= 0) continue;
    const answer = await actions.closeHoldingByRule(h.id, shares);
    sales.push({
      trustId: trust.id,
      positionId: h.id,
      code: h.code,
      shares,
      orderId: 'orderId' in answer ? answer.orderId : null,
      refusal: 'orderId' in answer ? null : answer.msg,
    });
  }
  return sales;
}

/**
 * One trust's NAV step for `date` (once: the NAV row's unique key): first what earlier NAVs owe is
 * paid while the cash covers it, then the trust is priced, its requests filled or priced and every
 * yen posted, then, when it owes more than its cash, holdings are sold for the difference.
 * Answers whether it priced, and the sales it placed.
 */
export async function priceTrust(deps: StrategiesDeps, trust: StrategyTrustRow, date: string): Promise<boolean> {
  return (await navStep(deps, trust, date)).priced;
}

async function navStep(deps: StrategiesDeps, trust: StrategyTrustRow, date: string): Promise<{ priced: boolean; sales: TrustSale[] }> {
  if (date < jstDateKey(trust.createdAt)) return { priced: false, sales: [] };
  const [already] = await deps.db
    .select({ id: strategyTrustNavs.id })
    .from(strategyTrustNavs)
    .where(and(eq(strategyTrustNavs.trustId, trust.id), eq(strategyTrustNavs.businessDate, date)))
    .limit(1);
  if (already) return { priced: false, sales: [] };
  const notices: FilledNotice[] = await payOwedRedemptions(deps, trust);
  const priced = await withUserFundsLock(deps.db, deps.clock, trust.poolUserId, async (tx) => {
    const [done] = await tx
      .select({ id: strategyTrustNavs.id })
      .from(strategyTrustNavs)
      .where(and(eq(strategyTrustNavs.trustId, trust.id), eq(strategyTrustNavs.businessDate, date)))
      .limit(1);
    if (done) return null;
    const previous = await lastNav(tx, trust.id);
    if (previous && previous.businessDate >= date) return null;
    const holdings = await poolHoldings(deps, tx, trust.poolUserId);
    const cash = await userAccountBalance(tx, trust.poolUserId, ACCOUNT_KINDS.customerCash, 'JPY');
    // The payable account is a liability of the pool: its balance is minus what is owed.
    const payable = -(await userAccountBalance(tx, trust.poolUserId, TRUST_ACCOUNTS.redemptionsPayable, 'JPY'));
    const pending = await tx
      .select()
      .from(strategyTrustRequests)
      .where(and(eq(strategyTrustRequests.trustId, trust.id), eq(strategyTrustRequests.status, 'pending'), lte(strategyTrustRequests.navDate, date)))
      .orderBy(asc(strategyTrustRequests.id))
      // Locked: a customer's cancel takes the same row lock, so a request is priced or cancelled, never both.
      .for('update');
    const units = previous?.unitsAfter ?? 0n;
    const result = priceDay({
      holdings,
      cash,
      payable,
      units,
      feeBpPerYear: trust.feeBpPerYear,
      days: previous ? feeDaysBetween(previous.businessDate, date) : 1,
      requests: pending.map((r) => ({ id: r.id, kind: r.kind, amount: r.amount ?? 0n, units: r.units ?? 0n })),
    });
    const now = deps.clock.now();
    const [nav] = await tx
      .insert(strategyTrustNavs)
      .values({
        trustId: trust.id,
        businessDate: date,
        holdingsValue: result.holdingsValue,
        cash,
        payable,
        fee: result.fee,
        netAssets: result.netAssets,
        unitsBefore: units,
        nav: result.nav,
        unitsAfter: result.unitsAfter,
        payableAfter: result.payableAfter,
        netAssetsAfter: result.netAssetsAfter,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: strategyTrustNavs.id });
    if (!nav) return null;
    if (holdings.length)
      await tx.insert(strategyTrustNavHoldings).values(
        holdings.map((h) => ({
          navId: nav.id,
          code: h.code,
          shares: h.shares,
          priceTenths: h.priceTenths,
          value: (BigInt(h.shares) * BigInt(h.priceTenths)) / 10n,
        })),
      );
    const pool = customerCash(trust.poolUserId, 'JPY');
    if (result.fee > 0n)
      await postJournal(tx, deps.businessClock, {
        type: 'trust_fee',
        reference: `trust-fee:${nav.id}`,
        userId: trust.poolUserId,
        memo: `trust ${trust.id} ${date}`,
        postings: [
          { account: pool, amount: -result.fee },
          { account: brokerAccount(TRUST_ACCOUNTS.feeRevenue, 'JPY'), amount: result.fee },
        ],
      });
    const byId = new Map(pending.map((r) => [r.id, r]));
    for (const fill of result.fills) {
      const r = byId.get(fill.id);
      if (!r) continue;
      if (fill.kind === 'subscribe') {
        const escrow = { kind: TRUST_ACCOUNTS.escrow, currency: 'JPY' as const, userId: r.userId };
        await postJournal(tx, deps.businessClock, {
          type: 'trust_subscription',
          reference: `trust-fill:${r.id}`,
          userId: r.userId,
          memo: `trust ${trust.id} ${date}: ${fill.units} units`,
          postings: [
            { account: escrow, amount: -(r.amount ?? 0n) },
            { account: pool, amount: fill.cash },
            ...(fill.refund > 0n ? [{ account: customerCash(r.userId, 'JPY'), amount: fill.refund }] : []),
          ],
        });
      } else if (fill.owed) {
        // Priced at this NAV, its units gone; the yen is owed by the trust to the customer until
        // a NAV step finds the cash (the trust's sales) to pay it.
        if (fill.cash > 0n)
          await postJournal(tx, deps.businessClock, {
            type: 'trust_redemption_owed',
            reference: `trust-fill:${r.id}`,
            userId: r.userId,
            memo: `trust ${trust.id} ${date}: ${fill.units} units`,
            postings: [
              { account: payableAccount(trust.poolUserId), amount: -fill.cash },
              { account: receivableAccount(r.userId), amount: fill.cash },
            ],
          });
        await tx
          .update(strategyTrustRequests)
          .set({ status: 'priced', navId: nav.id, filledUnits: fill.units, cash: fill.cash, refund: 0n })
          .where(and(eq(strategyTrustRequests.id, r.id), eq(strategyTrustRequests.status, 'pending')));
        notices.push({ userId: r.userId, kind: 'redeemOwed', units: fill.units, cash: fill.cash, date, nav: result.nav });
        continue;
      } else if (fill.cash > 0n)
        await postJournal(tx, deps.businessClock, {
          type: 'trust_redemption',
          reference: `trust-fill:${r.id}`,
          userId: r.userId,
          memo: `trust ${trust.id} ${date}: ${fill.units} units`,
          postings: [
            { account: pool, amount: -fill.cash },
            { account: customerCash(r.userId, 'JPY'), amount: fill.cash },
          ],
        });
      await tx
        .update(strategyTrustRequests)
        .set({ status: 'filled', navId: nav.id, filledUnits: fill.units, cash: fill.cash, refund: fill.refund, filledAt: now })
        .where(and(eq(strategyTrustRequests.id, r.id), eq(strategyTrustRequests.status, 'pending')));
      notices.push({ userId: r.userId, kind: fill.kind, units: fill.units, cash: fill.cash, date, nav: result.nav });
    }
    // The trust follows with its net assets: the following's amount is set so its value (amount +
    // the copied positions' result) equals them, and the next mirrored orders are sized from it.
    if (trust.followingId !== null) {
      const [following] = await tx.select().from(strategyFollowings).where(eq(strategyFollowings.id, trust.followingId)).limit(1);
      if (following && following.status === 'inProgress') {
        const result0 = await followingValue(deps, tx, { id: following.id, amount: 0n });
        const amount = result.netAssetsAfter - result0;
        await tx
          .update(strategyFollowings)
          .set({ amount: amount > 0n ? amount : 1n })
          .where(eq(strategyFollowings.id, following.id));
      }
    }
    return result;
  });
  await sendFilledNotices(deps, trust, notices);
  if (!priced) return { priced: false, sales: [] };
  // After the NAV committed: the sales go through trading's own transactions and the venue.
  const shortfall = priced.payableAfter - priced.cashAfter;
  const sales = shortfall > 0n ? await sellForShortfall(deps, trust, shortfall) : [];
  return { priced: true, sales };
}

/** Prices every open trust for the latest business date whose NAV time has passed (idempotent per date). */
export async function runTrustNavs(deps: StrategiesDeps): Promise<{ date: string; priced: number; sales: TrustSale[] }> {
  const date = lastNavDateAt(deps.businessClock.now());
  const open = await deps.db.select().from(strategyTrusts).where(eq(strategyTrusts.status, 'open')).orderBy(asc(strategyTrusts.id));
  let priced = 0;
  const sales: TrustSale[] = [];
  for (const trust of open) {
    const step = await navStep(deps, trust, date);
    if (step.priced) priced++;
    sales.push(...step.sales);
  }
  return { date, priced, sales };
}
