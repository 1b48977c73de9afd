// Placing an order (trade/place) and pricing one (trade/estimate). Every check runs before
// anything is written; the hold, the position and the order are written in one transaction
// under the customer's funds lock, so parallel orders can never hold more than the buying
// power; then the engine enters the order into the venue.
import { and, eq } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { OrderEstimate, TradePosition, orderEstimateFormSchema, placeOrderFormSchema } from '@kabuto/shared-sdk/schemas';
import type { z } from 'zod';
import { ok, type OkEnvelope } from '../../../http/envelope';
import { refuse } from '../../funds';
import { rememberAnswer, replayIfSeen, type IdempotentRequest } from '../../funds';
import { withUserFundsLock } from '../../funds';
import { users, verifyPassword } from '../../identity';
import { isValidTick, type Instrument } from '../../market';
import { maxLeverageTenths } from '../config';
import type { TradingDeps } from '../deps';
import { feeLines, feesFor } from '../fees/fees';
import { marginEnabledFor } from '../margin/account';
import { ceilDiv, jpy, priceText, tenthsOf, valueYen } from '../money';
import { positionView } from '../positions/views';
import { tradingOrders, tradingPositions, tradingSessionSettings } from '../schema';
import { powerFigures } from './buying-power';
import { holdFor, type OrderEngine } from './engine';

type EstimateForm = z.output<typeof orderEstimateFormSchema>;
type PlaceForm = z.output<typeof placeOrderFormSchema>;

export interface TradingCustomer {
  id: number;
  account: string;
  sessionId: string;
}

export interface OrderPlan {
  instrument: Instrument;
  side: 'buy' | 'sell';
  product: 'cash' | 'margin';
  marginKind: 'standard' | 'general' | null;
  direction: 'long' | 'short';
  orderType: 'limit' | 'market';
  limit: number | null;
  /** The price holds and estimates use (tenths). */
  estimatePrice: number;
  quantity: number;
  lots: number;
  leverageTenths: number;
  tab: 'competition' | 'auction';
  value: bigint;
  hold: bigint;
}

/** Leverage text ('3.3') → tenths, or refusal. */
function leverageTenthsOf(deps: Pick<TradingDeps, 'config'>, text: string, product: 'cash' | 'margin'): number {
  const m = /^(\d{1,2})(?:\.(\d))?$/.exec(text);
  const tenths = m ? Number(m[1]) * 10 + Number(m[2] ?? '0') : Number.NaN;
  if (!Number.isInteger(tenths) || tenths < 10) refuse(MSG.leverageInvalid);
  if (product === 'cash' && tenths !== 10) refuse(MSG.leverageInvalid);
  if (tenths > maxLeverageTenths(deps.config)) refuse(MSG.leverageInvalid);
  return tenths;
}

/** Limit price text → tenths on the tick grid inside today's limits, or refusal. */
export function checkedLimit(deps: Pick<TradingDeps, 'venue'>, code: string, text: string): number {
  const tenths = tenthsOf(text);
  if (tenths === null || !isValidTick(tenths, deps.venue.tickTable(code))) refuse(MSG.priceNotOnTick);
  const q = deps.venue.quote(code);
  if (tenths > q.upperLimit || tenths < q.lowerLimit) refuse(MSG.priceLimitExceeded);
  return tenths;
}

/** Every check of an order that needs no database; the amounts it would hold. */
export function planOrder(deps: Pick<TradingDeps, 'venue' | 'config'>, form: EstimateForm): OrderPlan {
  const instrument = deps.venue.instrument(form.code);
  if (!instrument) refuse(deps.venue.isUpcomingListing?.(form.code) ? MSG.notYetListed : MSG.unknownStockCode);
  if (form.product === 'cash' && form.side === 'sell') refuse(MSG.cashShortNotAllowed);
  const leverageTenths = leverageTenthsOf(deps, form.leverage, form.product);
  const direction = form.side === 'buy' ? 'long' : 'short';
  if (form.product === 'margin' && direction === 'short' && !instrument.loanEligible) refuse(MSG.shortNotLoanEligible);
  const quote = deps.venue.quote(form.code);
  const limit = form.orderType === 'limit' ? checkedLimit(deps, form.code, form.price ?? '') : null;
  // Buys fill at or below the limit (market: at most the upper limit); a short sells at or
  // above its limit, so its margin is held at the upper limit, the most it can fill at.
  const estimatePrice = direction === 'long' && limit !== null ? limit : quote.upperLimit;
  const quantity = form.lots * deps.config.lotShares;
  const value = valueYen(estimatePrice, quantity);
  const pos = { product: form.product, leverageTenths };
  const hold = holdFor({ kind: 'open', side: form.side, holdPerShareTenths: BigInt(estimatePrice) }, pos, quantity, deps);
  return {
    instrument,
    side: form.side,
    product: form.product,
    marginKind: form.product === 'margin' ? form.marginKind : null,
    direction,
    orderType: form.orderType,
    limit,
    estimatePrice,
    quantity,
    lots: form.lots,
    leverageTenths,
    tab: quote.phase === 'zaraba' ? 'competition' : 'auction',
    value,
    hold,
  };
}

export async function estimateOrder(deps: TradingDeps, userId: number, form: EstimateForm): Promise<OrderEstimate> {
  const plan = planOrder(deps, form);
  const power = await powerFigures(deps, deps.db, userId);
  const fees = feesFor(deps.config, plan.side, plan.value);
  return {
    quantity: plan.quantity,
    estimatePrice: priceText(plan.estimatePrice),
    value: jpy(plan.value),
    fees: feeLines(fees),
    marginRequired: jpy(plan.product === 'margin' ? ceilDiv(plan.value * 10n, BigInt(plan.leverageTenths)) : 0n),
    hold: jpy(plan.hold),
    buyingPower: jpy(power.buyingPower),
    buyingPowerAfter: jpy(power.buyingPower - plan.hold),
  };
}

export async function skipsFundPassword(deps: Pick<TradingDeps, 'db'>, sessionId: string): Promise<boolean> {
  const [row] = await deps.db
    .select({ skip: tradingSessionSettings.skipFundPassword })
    .from(tradingSessionSettings)
    .where(eq(tradingSessionSettings.sessionId, sessionId))
    .limit(1);
  return row?.skip ?? false;
}

/** The fund password confirms an order unless this session skips it. */
export async function confirmFundPassword(deps: Pick<TradingDeps, 'db'>, user: TradingCustomer, password: string | undefined, force = false): Promise<void> {
  if (!force && (await skipsFundPassword(deps, user.sessionId))) return;
  const [row] = await deps.db.select({ hash: users.fundPasswordHash }).from(users).where(eq(users.id, user.id)).limit(1);
  if (!row?.hash) refuse(MSG.fundPasswordNotSet);
  if (password === undefined) refuse(MSG.fundPasswordRequiredForOrder);
  if (!(await verifyPassword(password, row.hash))) refuse(MSG.wrongFundPassword);
}

export async function placeOrder(deps: TradingDeps, engine: OrderEngine, user: TradingCustomer, form: PlaceForm): Promise<OkEnvelope<TradePosition>> {
  const plan = planOrder(deps, form);
  const request: IdempotentRequest = {
    userId: user.id,
    key: form.idempotencyKey,
    action: 'trade.place',
    params: {
      code: form.code,
      side: form.side,
      product: form.product,
      marginKind: plan.marginKind ?? '',
      orderType: form.orderType,
      price: plan.limit ?? '',
      lots: form.lots,
      leverage: plan.leverageTenths,
    },
  };
  // Independent reads, asked together (issue 9: one round trip's wait instead of three).
  const [seen, skipPassword, marginEnabled] = await Promise.all([
    replayIfSeen<{ positionId: number }>(deps.db, request),
    skipsFundPassword(deps, user.sessionId),
    plan.product === 'margin' ? marginEnabledFor(deps, user.id) : Promise.resolve(true),
  ]);
  if (seen) return ok({ ...(await positionView(deps, seen.data.positionId, user.id)), replayed: true as const }, seen.msg);
  if (!skipPassword) await confirmFundPassword(deps, user, form.fundPassword, true);
  if (!marginEnabled) refuse(MSG.marginNotEnabled);

  const placed = await withUserFundsLock(deps.db, deps.clock, user.id, async (tx) => {
    const again = await replayIfSeen<{ positionId: number }>(tx, request);
    if (again) return { positionId: again.data.positionId, orderId: null, replayed: true };
    const power = await powerFigures(deps, tx, user.id);
    if (plan.hold > power.buyingPower)
      refuse(MSG.insufficientBuyingPower, { rule: 'buying-power', required: jpy(plan.hold), buyingPower: jpy(power.buyingPower) });
    const now = deps.businessClock.now(); // order time on the business clock, as the venue stamps fills
    const [pos] = await tx
      .insert(tradingPositions)
      .values({
        userId: user.id,
        code: plan.instrument.code,
        product: plan.product,
        marginKind: plan.marginKind,
        direction: plan.direction,
        orderType: plan.orderType,
        limitPrice: plan.limit,
        leverageTenths: plan.leverageTenths,
        tab: plan.tab,
        status: 'pending',
        orderedQuantity: plan.quantity,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: tradingPositions.id });
    if (!pos) throw new Error('position not stored');
    const [order] = await tx
      .insert(tradingOrders)
      .values({
        positionId: pos.id,
        userId: user.id,
        kind: 'open',
        code: plan.instrument.code,
        side: plan.side,
        orderType: plan.orderType,
        price: plan.limit,
        quantity: plan.quantity,
        state: 'queued',
        clientOrderId: '',
        hold: plan.hold,
        holdPerShareTenths: BigInt(plan.estimatePrice),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: tradingOrders.id });
    if (!order) throw new Error('order not stored');
    await tx
      .update(tradingOrders)
      .set({ clientOrderId: `k${order.id}` })
      .where(and(eq(tradingOrders.id, order.id)));
    await rememberAnswer(tx, deps.clock, request, { msg: MSG.orderPlaced, data: { positionId: pos.id } });
    return { positionId: pos.id, orderId: order.id, replayed: false };
  });
  if (placed.orderId !== null) {
    await engine.submit(placed.orderId, user.id);
    await engine.barrier(user.id);
  }
  const view = await positionView(deps, placed.positionId, user.id);
  return ok(placed.replayed ? { ...view, replayed: true as const } : view, MSG.orderPlaced);
}
