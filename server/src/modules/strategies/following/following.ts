// Following a strategy (docs/strategies.md "Following"): the follow call with its refusals, the
// preview with the published fee, pause/resume, stop (close the copied positions at market or keep
// them) and the sweep that ends followings at their deadline or at their copy stop-loss.
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { FollowPreview, FollowingCloseView, FollowingView, followFormSchema, followPreviewFormSchema } from '@kabuto/shared-sdk/schemas';
import type { z } from 'zod';
import type { Database } from '../../../db/client';
import { ok, type OkEnvelope } from '../../../http/envelope';
import {
  ACCOUNT_KINDS,
  heldFor,
  toMoney,
  refuse,
  rememberAnswer,
  replayIfSeen,
  userAccountBalance,
  withUserFundsLock,
  type IdempotentRequest,
} from '../../funds';
import { confirmFundPasswordProof, sendNotice, storeSiteMessage, users } from '../../identity';
import { addDays, jstDateKey } from '../../market';
import { tradingFills, tradingOrders, tradingPositions } from '../../trading';
import type { StrategiesDeps } from '../deps';
import { strategyById } from '../leaders/leaders';
import { leaderEquity } from '../records/record';
import { closureRefusal, copierClosures } from '../records/risk-closure';
import { strategies, strategyFollowingCloses, strategyFollowings, strategyMirroredOrders, type StrategyFollowingRow } from '../schema';
import { profitShareDue, profitShareStateOf, profitShareStates } from '../profit-share/profit-share';
import { followingEndedNotice } from './notices';

type FollowForm = z.output<typeof followFormSchema>;
type PreviewForm = z.output<typeof followPreviewFormSchema>;

const jpy = (yen: bigint) => toMoney('JPY', yen);
const tenthsText = (t: number) => (t % 10 === 0 ? String(t / 10) : (t / 10).toFixed(1));

/** The end of a JST date (the next day's 00:00 JST). */
export function endOfJstDay(key: string): Date {
  return new Date(`${addDays(key, 1)}T00:00:00+09:00`);
}

/** Yen a year and a day the broker pays the leader for `base` yen copied (floor; never charged to the follower). */
export function leaderFee(deps: Pick<StrategiesDeps, 'config'>, base: bigint): { perDay: bigint; perYear: bigint } {
  const positive = base > 0n ? base : 0n;
  const perYear = (positive * BigInt(deps.config.fee.bpPerYear)) / 10_000n;
  return { perYear, perDay: (positive * BigInt(deps.config.fee.bpPerYear)) / (10_000n * BigInt(deps.config.fee.daysPerYear)) };
}

export async function preview(deps: StrategiesDeps, userId: number, form: PreviewForm): Promise<FollowPreview> {
  const strategy = await strategyById(deps.db, form.id);
  if (strategy.status !== 'active') refuse(MSG.productNotFound, { rule: 'retired', id: strategy.id });
  const equity = await leaderEquity(deps, deps.db, strategy.leaderId);
  const fee = leaderFee(deps, form.amount);
  const rate = (deps.config.fee.bpPerYear / 100).toFixed(1);
  return {
    strategyId: strategy.id,
    amount: jpy(form.amount),
    minimum: jpy(deps.config.minimumFollowYen),
    fee:
      strategy.feeModel === 'profit-share'
        ? profitSharePreview(strategy.profitSharePercent ?? deps.config.profitShare.percent, form.amount)
        : {
            model: 'broker-paid',
            ratePercentPerYear: rate,
            paidBy: 'broker',
            followerPays: jpy(0n),
            exampleDailyToLeader: jpy(fee.perDay),
            exampleYearToLeader: jpy(fee.perYear),
            text: `Kabuto pays the leader ${rate}% a year of the value you copy, accrued each business day: on ¥${form.amount.toLocaleString('en-US')} that is ¥${fee.perDay.toLocaleString('en-US')} a day, about ¥${fee.perYear.toLocaleString('en-US')} a year. You pay no copy fee; your own orders pay the normal trading fees. Simulated venue.`,
          },
    stopLossPercentDefault: deps.config.stopLoss.defaultPercent,
    stopLossRange: [deps.config.stopLoss.minPercent, deps.config.stopLoss.maxPercent],
    ratio: equity > 0n ? (Number(form.amount) / Number(equity)).toFixed(6) : '0',
    leaderEquity: jpy(equity),
    today: jstDateKey(deps.businessClock.now()),
    simulated: true,
  };
}

/** The profit-share fee as published before following, with a worked example on the amount. */
function profitSharePreview(percent: number, amount: bigint): FollowPreview['fee'] {
  // The example: the copied trades realise 10 % of the amount, the mark being 0 at the start.
  const profit = amount / 10n;
  const toLeader = profitShareDue(profit, 0n, percent);
  const n = (yen: bigint) => yen.toLocaleString('en-US');
  return {
    model: 'profit-share',
    percent,
    paidBy: 'follower',
    exampleRealisedProfit: jpy(profit),
    exampleToLeader: jpy(toLeader),
    exampleLossToLeader: jpy(0n),
    text: `You pay the leader ${percent}% of the profit your copied trades realise above the following's high-water mark, and nothing else to the leader: if your copied trades on ¥${n(amount)} realise ¥${n(profit)}, you pay ¥${n(toLeader)} and the mark becomes ¥${n(profit)}; a later loss pays nothing, and profit pays again only above ¥${n(profit)}. Settled after each realised close and at the end of the following, as a posting from your cash to the leader's. Kabuto pays this leader nothing. Simulated venue.`,
  };
}

async function buyingPower(deps: StrategiesDeps, db: Database, userId: number): Promise<bigint> {
  const cash = await userAccountBalance(db, userId, ACCOUNT_KINDS.customerCash, 'JPY');
  return cash - (await heldFor(deps.funds, db, userId, 'JPY')).total;
}

/** Every refusal of a follow that needs no lock, in the order the customer meets them. */
async function checkFollow(deps: StrategiesDeps, db: Database, userId: number, form: FollowForm): Promise<{ deadline: Date }> {
  const strategy = await strategyById(db, form.id);
  if (strategy.status !== 'active') refuse(MSG.productNotFound, { rule: 'retired', id: strategy.id });
  if (strategy.leaderId === userId) refuse(MSG.followOwnStrategy, { rule: 'own-strategy', id: strategy.id });
  const closed = (await copierClosures(deps, db, [strategy.id])).get(strategy.id);
  if (closed) refuse(MSG.followClosedRiskScore, closureRefusal(closed));
  const minimum = deps.config.minimumFollowYen;
  if (form.amount < minimum) refuse(MSG.belowProductMinimum, { rule: 'product-minimum', amount: jpy(form.amount), minimum: jpy(minimum) });
  const today = jstDateKey(deps.businessClock.now());
  if (form.deadline < today) refuse(MSG.followDeadlinePassed, { rule: 'deadline', deadline: form.deadline, today });
  if (form.deadline > addDays(today, 365)) refuse(MSG.followPeriodInvalid, { rule: 'period-max-days', deadline: form.deadline, maximumDays: 365 });
  const [active] = await db
    .select({ id: strategyFollowings.id })
    .from(strategyFollowings)
    .where(and(eq(strategyFollowings.strategyId, strategy.id), eq(strategyFollowings.userId, userId), eq(strategyFollowings.status, 'inProgress')))
    .limit(1);
  if (active) refuse(MSG.followAlreadyActive, { rule: 'one-following-per-strategy', followingId: active.id });
  const power = await buyingPower(deps, db, userId);
  if (form.amount > power) refuse(MSG.insufficientBuyingPower, { rule: 'buying-power', required: jpy(form.amount), buyingPower: jpy(power) });
  return { deadline: endOfJstDay(form.deadline) };
}

export async function follow(deps: StrategiesDeps, who: { id: number; sessionId: string }, form: FollowForm): Promise<OkEnvelope<FollowingView>> {
  const request: IdempotentRequest = {
    userId: who.id,
    key: form.idempotencyKey,
    action: 'strategy.follow',
    params: { id: form.id, amount: form.amount.toString(), deadline: form.deadline, stopLoss: form.stopLossPercent },
  };
  const seen = await replayIfSeen<{ id: number }>(deps.db, request);
  if (seen) return ok({ ...(await followingView(deps, seen.data.id, who.id)), replayed: true as const }, seen.msg);
  await checkFollow(deps, deps.db, who.id, form);
  await confirmFundPasswordProof(deps.db, deps.clock, who, { fundPassword: form.fundPassword, fundPasswordGrant: form.fundPasswordGrant });
  const id = await withUserFundsLock(deps.db, deps.clock, who.id, async (tx) => {
    const again = await replayIfSeen<{ id: number }>(tx, request);
    if (again) return again.data.id;
    // Again under the lock: a parallel follow or order may have used the buying power.
    const { deadline } = await checkFollow(deps, tx, who.id, form);
    const [row] = await tx
      .insert(strategyFollowings)
      .values({
        strategyId: form.id,
        userId: who.id,
        amount: form.amount,
        stopLossPercent: form.stopLossPercent,
        status: 'inProgress',
        deadline,
        startedAt: deps.businessClock.now(),
      })
      .onConflictDoNothing()
      .returning({ id: strategyFollowings.id });
    if (!row) refuse(MSG.followAlreadyActive, { rule: 'one-following-per-strategy' });
    await rememberAnswer(tx, deps.clock, request, { msg: MSG.followSuccess, data: { id: row.id } });
    return row.id;
  });
  return ok(await followingView(deps, id, who.id), MSG.followSuccess);
}

async function ownFollowing(db: Database, id: number, userId: number): Promise<StrategyFollowingRow> {
  const [row] = await db.select().from(strategyFollowings).where(eq(strategyFollowings.id, id)).limit(1);
  if (!row || row.userId !== userId) refuse(MSG.followingNotFound, { rule: 'following', id });
  return row;
}

function checkOpen(deps: StrategiesDeps, row: StrategyFollowingRow): void {
  if (row.status !== 'inProgress') refuse(MSG.followingEnded, { rule: 'ended', id: row.id, endReason: row.endReason });
  if (deps.businessClock.now() >= row.deadline) refuse(MSG.followDeadlinePassed, { rule: 'deadline', deadline: row.deadline.toISOString() });
}

export async function setPaused(deps: StrategiesDeps, userId: number, id: number, paused: boolean): Promise<OkEnvelope<FollowingView>> {
  checkOpen(deps, await ownFollowing(deps.db, id, userId));
  await deps.db
    .update(strategyFollowings)
    .set({ paused })
    .where(and(eq(strategyFollowings.id, id), eq(strategyFollowings.status, 'inProgress')));
  return ok(await followingView(deps, id, userId), MSG.operationSuccess);
}

/** The follower's copied positions still open: holding, or closing (a close already working). */
async function copiedOpen(db: Database, followingId: number): Promise<{ id: number; status: string }[]> {
  return db
    .selectDistinct({ id: tradingPositions.id, status: tradingPositions.status })
    .from(strategyMirroredOrders)
    .innerJoin(tradingPositions, eq(tradingPositions.id, strategyMirroredOrders.positionId))
    .where(
      and(
        eq(strategyMirroredOrders.followingId, followingId),
        eq(strategyMirroredOrders.kind, 'open'),
        inArray(tradingPositions.status, ['holding', 'closing']),
      ),
    )
    .orderBy(asc(tradingPositions.id));
}

/** The close or liquidation order working on a position, if any. */
async function workingCloseOf(db: Database, positionId: number): Promise<number | null> {
  const [order] = await db
    .select({ id: tradingOrders.id })
    .from(tradingOrders)
    .where(
      and(eq(tradingOrders.positionId, positionId), inArray(tradingOrders.kind, ['close', 'liquidation']), inArray(tradingOrders.state, ['queued', 'working'])),
    )
    .orderBy(desc(tradingOrders.id))
    .limit(1);
  return order?.id ?? null;
}

/** A close at market of all a copied position holds, as the following's end asks: the order, or placement's refusal. */
async function closeRest(deps: StrategiesDeps, positionId: number): Promise<{ orderId: number | null; refusal: string | null }> {
  const actions = deps.trading.actions;
  if (!actions) throw new Error('trading is not running');
  const answer = await actions.closeHoldingByRule(positionId, null);
  return 'orderId' in answer ? { orderId: answer.orderId, refusal: null } : { orderId: null, refusal: answer.msg };
}

/**
 * Ends a following (status ended, once: the update is conditional), then closes its copied
 * holdings at market when asked. A position with a close already working (a mirrored close
 * the venue has not filled yet, or the customer's own) cannot take a second one: it is
 * recorded as awaiting that order, and the sweep closes what it leaves once it has ended
 * (closeAfterAwaitedCloses). Answers false when it had already ended.
 */
export async function endFollowing(
  deps: StrategiesDeps,
  row: StrategyFollowingRow,
  reason: 'customer' | 'deadline' | 'stopLoss',
  closePositions: boolean,
): Promise<boolean> {
  const [ended] = await deps.db
    .update(strategyFollowings)
    .set({ status: 'ended', endReason: reason, endedAt: deps.businessClock.now() })
    .where(and(eq(strategyFollowings.id, row.id), eq(strategyFollowings.status, 'inProgress')))
    .returning({ id: strategyFollowings.id });
  if (!ended) return false;
  if (closePositions) {
    for (const position of await copiedOpen(deps.db, row.id)) {
      const awaitingOrderId = position.status === 'closing' ? await workingCloseOf(deps.db, position.id) : null;
      const placed = awaitingOrderId === null ? await closeRest(deps, position.id) : { orderId: null, refusal: null };
      // Kept so the following's detail lists the sale that ended it, and its fills, from the order itself.
      await deps.db
        .insert(strategyFollowingCloses)
        .values({ followingId: row.id, positionId: position.id, reason, ...placed, awaitingOrderId, createdAt: deps.businessClock.now() })
        .onConflictDoNothing();
    }
  }
  if (reason !== 'customer') {
    const [strategy] = await deps.db.select({ name: strategies.name }).from(strategies).where(eq(strategies.id, row.strategyId)).limit(1);
    const notice = followingEndedNotice(reason, strategy?.name ?? '', row.stopLossPercent, closePositions);
    const [user] = await deps.db.select({ id: users.id, account: users.account }).from(users).where(eq(users.id, row.userId)).limit(1);
    if (user) {
      await storeSiteMessage(deps.db, deps.businessClock, user, notice);
      await sendNotice(deps.notifications, user, notice);
      await deps.notifications.siteMessageStored?.(user.id, notice.kind);
    }
  }
  return true;
}

export async function stopFollowing(deps: StrategiesDeps, userId: number, id: number, positions: 'close' | 'keep'): Promise<OkEnvelope<FollowingView>> {
  const row = await ownFollowing(deps.db, id, userId);
  if (row.status !== 'inProgress') refuse(MSG.followingEnded, { rule: 'ended', id: row.id, endReason: row.endReason });
  await endFollowing(deps, row, 'customer', positions === 'close');
  return ok(await followingView(deps, id, userId), MSG.operationSuccess);
}

/**
 * A following's value: amount + Σ over its copied positions of (sale proceeds + shares held × the
 * venue's last price − cost − fees), yen.
 */
export async function followingValue(deps: Pick<StrategiesDeps, 'venue'>, db: Database, row: Pick<StrategyFollowingRow, 'id' | 'amount'>): Promise<bigint> {
  return valueOf(deps, row.amount, await copiedPositions(db, row.id));
}

type CopiedPosition = typeof tradingPositions.$inferSelect;

/** Every position a following's mirrored opens made, whatever its status. */
async function copiedPositions(db: Database, followingId: number): Promise<CopiedPosition[]> {
  const rows = await db
    .selectDistinct({ p: tradingPositions })
    .from(strategyMirroredOrders)
    .innerJoin(tradingPositions, eq(tradingPositions.id, strategyMirroredOrders.positionId))
    .where(and(eq(strategyMirroredOrders.followingId, followingId), eq(strategyMirroredOrders.kind, 'open'), isNotNull(strategyMirroredOrders.positionId)));
  return rows.map((r) => r.p);
}

function valueOf(deps: Pick<StrategiesDeps, 'venue'>, amount: bigint, positions: readonly CopiedPosition[]): bigint {
  let tenths = 0n;
  let fees = 0n;
  for (const p of positions) {
    const q = deps.venue.quote(p.code);
    const held = BigInt(p.openQuantity - p.closedQuantity);
    tenths += p.closeValueTenths + held * BigInt(q.last ?? q.previousClose) - p.openValueTenths;
    fees += p.feesPosted;
  }
  return amount + tenths / 10n - fees;
}

/** Volume-weighted price (tenths) of each order's own venue fills, for the orders that have any. */
async function fillPrices(db: Database, orderIds: readonly number[]): Promise<Map<number, { price: number; at: Date }>> {
  const out = new Map<number, { price: number; at: Date }>();
  if (!orderIds.length) return out;
  const fills = await db
    .select()
    .from(tradingFills)
    .where(inArray(tradingFills.orderId, [...orderIds]));
  const acc = new Map<number, { v: number; q: number; at: Date }>();
  for (const f of fills) {
    const a = acc.get(f.orderId) ?? { v: 0, q: 0, at: f.at };
    acc.set(f.orderId, { v: a.v + f.price * f.quantity, q: a.q + f.quantity, at: f.at > a.at ? f.at : a.at });
  }
  for (const [orderId, a] of acc) out.set(orderId, { price: Math.round(a.v / a.q), at: a.at });
  return out;
}

/** The closes at market made when the following ended, as their orders and fills stand now. */
async function closesAtEnd(db: Database, followingId: number): Promise<FollowingCloseView[]> {
  const rows = await db
    .select({ close: strategyFollowingCloses, code: tradingPositions.code, direction: tradingPositions.direction, order: tradingOrders })
    .from(strategyFollowingCloses)
    .innerJoin(tradingPositions, eq(tradingPositions.id, strategyFollowingCloses.positionId))
    .leftJoin(tradingOrders, eq(tradingOrders.id, strategyFollowingCloses.orderId))
    .where(eq(strategyFollowingCloses.followingId, followingId))
    .orderBy(asc(strategyFollowingCloses.id));
  const prices = await fillPrices(
    db,
    rows.flatMap((r) => (r.order ? [r.order.id] : [])),
  );
  return rows.map(({ close, code, direction, order }) => {
    const fill = order ? prices.get(order.id) : undefined;
    return {
      id: close.id,
      code,
      side: order?.side ?? (direction === 'long' ? 'sell' : 'buy'),
      reason: close.reason,
      orderId: order?.id ?? null,
      quantity: order?.quantity ?? null,
      filledQuantity: order?.filledQuantity ?? 0,
      state: order ? closeState(order.state, order.filledQuantity) : close.awaitingOrderId !== null && close.refusal === null ? 'waiting' : 'refused',
      refusal: close.refusal,
      fillPrice: fill ? tenthsText(fill.price) : null,
      at: close.createdAt.toISOString(),
      filledAt: fill?.at.toISOString() ?? null,
    };
  });
}

function closeState(state: (typeof tradingOrders.$inferSelect)['state'], filled: number): FollowingCloseView['state'] {
  if (state === 'queued' || state === 'working') return filled > 0 ? 'partial' : 'pending';
  return state;
}

/** Ends the followings past their deadline (positions kept) and those at their copy stop-loss (closed at market). */
export async function sweepFollowings(deps: StrategiesDeps): Promise<{ deadline: number; stopLoss: number }> {
  const now = deps.businessClock.now();
  let deadline = 0;
  let stopLoss = 0;
  const due = await deps.db
    .select()
    .from(strategyFollowings)
    .where(and(eq(strategyFollowings.status, 'inProgress'), lte(strategyFollowings.deadline, now)));
  for (const row of due) if (await endFollowing(deps, row, 'deadline', false)) deadline++;
  const open = await deps.db.select().from(strategyFollowings).where(eq(strategyFollowings.status, 'inProgress')).orderBy(asc(strategyFollowings.id));
  for (const row of open) {
    const value = await followingValue(deps, deps.db, row);
    // Ends when the value has fallen by stopLossPercent of the amount: value ≤ amount × (100 − sl) / 100.
    if (value * 100n <= row.amount * BigInt(100 - row.stopLossPercent) && (await endFollowing(deps, row, 'stopLoss', true))) stopLoss++;
  }
  return { deadline, stopLoss };
}

/**
 * The closes a following's end left waiting on a working close (endFollowing): once that order
 * has ended, what the position still holds is closed at market; when it sold everything, it is
 * the close that ended the following. Answers how many were settled.
 */
export async function closeAfterAwaitedCloses(deps: StrategiesDeps): Promise<number> {
  const waiting = await deps.db
    .select({ close: strategyFollowingCloses, position: tradingPositions.status, awaited: tradingOrders.state })
    .from(strategyFollowingCloses)
    .innerJoin(tradingPositions, eq(tradingPositions.id, strategyFollowingCloses.positionId))
    .innerJoin(tradingOrders, eq(tradingOrders.id, strategyFollowingCloses.awaitingOrderId))
    .where(and(isNotNull(strategyFollowingCloses.awaitingOrderId), isNull(strategyFollowingCloses.orderId), isNull(strategyFollowingCloses.refusal)))
    .orderBy(asc(strategyFollowingCloses.id));
  let settled = 0;
  for (const w of waiting) {
    if (w.awaited === 'queued' || w.awaited === 'working') continue;
    let result: { orderId: number | null; refusal: string | null };
    if (w.position === 'holding') result = await closeRest(deps, w.close.positionId);
    else if (w.position === 'closing') {
      // Another close is working now (the customer's, or a later mirrored one): wait for that one.
      const next = await workingCloseOf(deps.db, w.close.positionId);
      if (next !== null) {
        await deps.db.update(strategyFollowingCloses).set({ awaitingOrderId: next }).where(eq(strategyFollowingCloses.id, w.close.id));
        continue;
      }
      result = await closeRest(deps, w.close.positionId);
    } else result = { orderId: w.close.awaitingOrderId, refusal: null };
    await deps.db
      .update(strategyFollowingCloses)
      .set(result)
      .where(and(eq(strategyFollowingCloses.id, w.close.id), isNull(strategyFollowingCloses.orderId), isNull(strategyFollowingCloses.refusal)));
    settled++;
  }
  return settled;
}

export async function followingView(deps: StrategiesDeps, id: number, userId: number): Promise<FollowingView> {
  const row = await ownFollowing(deps.db, id, userId);
  const [strategy] = await deps.db
    .select({ name: strategies.name, feeModel: strategies.feeModel, percent: strategies.profitSharePercent })
    .from(strategies)
    .where(eq(strategies.id, row.strategyId))
    .limit(1);
  const share = strategy?.feeModel === 'profit-share' ? profitShareStateOf(await profitShareStates(deps.db, [row.id]), row.id) : null;
  const mirrored = await deps.db
    .select()
    .from(strategyMirroredOrders)
    .where(eq(strategyMirroredOrders.followingId, id))
    .orderBy(desc(strategyMirroredOrders.id));
  // The follower's fill price from their own fills, where not yet written on the row.
  const prices = await fillPrices(
    deps.db,
    mirrored.filter((m) => m.orderId !== null && m.fillPrice === null).map((m) => m.orderId as number),
  );
  const positions = await copiedPositions(deps.db, row.id);
  return {
    id: row.id,
    strategyId: row.strategyId,
    strategyName: strategy?.name ?? '',
    amount: jpy(row.amount),
    stopLossPercent: row.stopLossPercent,
    status: row.status,
    paused: row.paused,
    endReason: row.endReason,
    deadline: row.deadline.toISOString(),
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    value: jpy(valueOf(deps, row.amount, positions)),
    heldPositions: positions.filter((p) => p.openQuantity > p.closedQuantity).length,
    closedAtEnd: await closesAtEnd(deps.db, row.id),
    profitShare:
      share === null ? null : { percent: strategy?.percent ?? deps.config.profitShare.percent, highWaterMark: jpy(share.mark), paid: jpy(share.paid) },
    mirrored: mirrored.map((m) => {
      const fill = m.fillPrice ?? (m.orderId === null ? null : (prices.get(m.orderId)?.price ?? null));
      const slip = fill === null ? null : m.side === 'buy' ? fill - m.leaderPrice : m.leaderPrice - fill;
      return {
        id: m.id,
        code: m.code,
        side: m.side,
        leaderQuantity: m.leaderQuantity,
        quantity: m.quantity,
        outcome: m.outcome === 'pending' ? 'placed' : m.outcome,
        reason: m.reason,
        leaderPrice: tenthsText(m.leaderPrice),
        fillPrice: fill === null ? null : tenthsText(fill),
        slippage: slip === null ? null : tenthsText(slip),
        positionId: m.positionId,
        at: m.createdAt.toISOString(),
      };
    }),
    simulated: true,
  };
}

export async function myFollowings(deps: StrategiesDeps, userId: number, status: 'inProgress' | 'ended' | undefined): Promise<FollowingView[]> {
  const rows = await deps.db
    .select({ id: strategyFollowings.id })
    .from(strategyFollowings)
    .where(status ? and(eq(strategyFollowings.userId, userId), eq(strategyFollowings.status, status)) : eq(strategyFollowings.userId, userId))
    .orderBy(desc(strategyFollowings.id));
  const out: FollowingView[] = [];
  for (const r of rows) out.push(await followingView(deps, r.id, userId));
  return out;
}
