// Placing an order (trade/place) and pricing one (trade/estimate). Every check runs before
// anything is written; the hold, the position and the order are written by group commit
// (placement-writer.ts) under the customer's funds lock, so parallel orders can never hold
// more than the buying power; then the engine enters the order into the venue.
import { eq } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { OrderEstimate, TradePosition, orderEstimateFormSchema, placeOrderFormSchema } from '@kabuto/shared-sdk/schemas';
import type { z } from 'zod';
import { ok, type OkEnvelope } from '../../../http/envelope';
import { refuse } from '../../funds';
import { replayIfSeen, type IdempotentRequest } from '../../funds';
import { confirmFundPasswordProof, type FundPasswordProof } from '../../identity';
import { isValidTick, roundToTick, tickSize, type Instrument } from '../../market';
import { maxLeverageTenths } from '../config';
import type { TradingDeps } from '../deps';
import { feeLines, feesFor } from '../fees/fees';
import { marginAccountOpen } from '../margin/account';
import { ceilDiv, jpy, priceText, tenthsOf, valueYen } from '../money';
import { buildView, positionView } from '../positions/views';
import { tradingSessionSettings } from '../schema';
import { powerFigures } from './buying-power';
import { holdFor, type OrderEngine } from './engine';
import { placementsOf, type PlacementJob } from './placement-writer';
import { routedDeps } from '../venue-router';

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
  const table = deps.venue.tickTable(code);
  if (tenths === null) refuse(MSG.priceNotOnTick, { rule: 'tick', price: text });
  // The refusal names the tick at that price and the legal prices on either side.
  if (!isValidTick(tenths, table)) {
    refuse(MSG.priceNotOnTick, {
      rule: 'tick',
      price: text,
      tick: priceText(tickSize(tenths, table)),
      below: priceText(roundToTick(tenths, table, 'down')),
      above: priceText(roundToTick(tenths, table, 'up')),
    });
  }
  const q = deps.venue.quote(code);
  if (tenths > q.upperLimit || tenths < q.lowerLimit) {
    refuse(MSG.priceLimitExceeded, {
      rule: 'daily-price-limit',
      price: priceText(tenths),
      lowerLimit: priceText(q.lowerLimit),
      upperLimit: priceText(q.upperLimit),
    });
  }
  return tenths;
}

/**
 * 寄付 / 引け / 不成 rules (docs/trading.md §11): funari needs a limit price; at-open joins an
 * opening Itayose, so it is refused in Zaraba and in the closing auction (closed and lunch
 * queue it for the next pre-open).
 */
export function checkSessionCondition(condition: 'at-open' | 'at-close' | 'funari' | undefined, orderType: 'limit' | 'market', phase: string): void {
  if (condition === 'funari' && orderType !== 'limit') refuse(MSG.conditionNotAllowed, { rule: 'funari-needs-limit', condition, orderType });
  if (condition === 'at-open' && (phase === 'zaraba' || phase === 'closing-auction'))
    refuse(MSG.conditionNotAllowed, { rule: 'at-open-before-an-opening-auction', condition, phase });
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
  checkSessionCondition(form.condition, form.orderType, quote.phase);
  // Buys fill at or below the limit (market: at most the upper limit); a short sells at or
  // above its limit, so its margin is held at the upper limit, the most it can fill at.
  // 不成 may become a market order at the close, so it holds like one.
  const estimatePrice = direction === 'long' && limit !== null && form.condition !== 'funari' ? limit : quote.upperLimit;
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
  const plan = planOrder(routedDeps(deps, form), form);
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

/**
 * The order's value a coupon's minimum is checked against at placement: a limit order's limit ×
 * shares; a market order has no price until it fills, so the value its hold is taken at (the
 * day's upper limit for a buy: the most it can cost). Its end checks the filled value too
 * (rewards/coupons/fee-discount.ts), so a market order that fills smaller gets no discount.
 */
export function couponOrderValue(plan: Pick<OrderPlan, 'limit' | 'quantity' | 'value'>): bigint {
  return plan.limit === null ? plan.value : valueYen(plan.limit, plan.quantity);
}

/** Whether this session of the customer skips the fund password (remembered briefly: orders/customer-facts.ts). */
export async function skipsFundPassword(deps: Pick<TradingDeps, 'db' | 'facts'>, user: Pick<TradingCustomer, 'id' | 'sessionId'>): Promise<boolean> {
  const skip = await deps.facts.skipsPassword.read(
    user.id,
    async () => {
      const [row] = await deps.db
        .select({ skip: tradingSessionSettings.skipFundPassword })
        .from(tradingSessionSettings)
        .where(eq(tradingSessionSettings.sessionId, user.sessionId))
        .limit(1);
      return row?.skip ?? false;
    },
    user.sessionId,
  );
  return skip ?? false;
}

/**
 * The fund password (or a fund-password grant of this session: identity/fund-password.ts)
 * confirms an order unless this session skips it.
 */
export async function confirmFundPassword(
  deps: Pick<TradingDeps, 'db' | 'facts' | 'clock'>,
  user: TradingCustomer,
  proof: FundPasswordProof | string | undefined,
  force = false,
): Promise<void> {
  if (!force && (await skipsFundPassword(deps, user))) return;
  await confirmFundPasswordProof(deps.db, deps.clock, user, typeof proof === 'object' ? proof : { fundPassword: proof });
}

/**
 * Every check of a placement that needs no lock, in order: the plan (price on a tick and inside
 * the day's limits, lots, leverage), the fund password unless this session skips it, the margin
 * account. Answers a retry of an order already placed as its first call was (when one of those
 * checks is to be made; otherwise the writer finds the key under the lock).
 */
export async function checkPlacement(
  deps: TradingDeps,
  user: TradingCustomer,
  form: PlaceForm,
  confirmed: { passwordConfirmed?: boolean } = {},
): Promise<{ plan: OrderPlan; request: IdempotentRequest } | { replay: OkEnvelope<TradePosition> }> {
  const plan = planOrder(routedDeps(deps, form), form);
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
      ...(form.condition === undefined ? {} : { condition: form.condition }),
      ...(form.venue === 'pts' ? { venue: 'pts' } : {}),
      ...(form.couponId === undefined ? {} : { couponId: form.couponId }),
    },
  };
  // Independent reads, asked together: one round trip's wait instead of three.
  // The margin account's minimum deposit is checked by the writer, under the funds lock.
  const [skipPassword, marginEnabled] = await Promise.all([
    // A conditional order's child was confirmed at its placement and has no session to ask about.
    confirmed.passwordConfirmed ? Promise.resolve(true) : skipsFundPassword(deps, user),
    plan.product === 'margin' ? marginAccountOpen(deps, user.id) : Promise.resolve(true),
  ]);
  // A retry is answered as the first call was, before the password or margin checks. Only
  // read here when one of those is to be made: otherwise the placement writer finds the key
  // itself, under the lock (one read less per order).
  if ((!skipPassword && !confirmed.passwordConfirmed) || !marginEnabled) {
    const seen = await replayIfSeen<{ positionId: number }>(deps.db, request);
    if (seen) return { replay: ok({ ...(await positionView(deps, seen.data.positionId, user.id)), replayed: true as const }, seen.msg) };
  }
  if (!skipPassword && !confirmed.passwordConfirmed)
    await confirmFundPassword(deps, user, { fundPassword: form.fundPassword, fundPasswordGrant: form.fundPasswordGrant }, true);
  if (!marginEnabled) refuse(MSG.marginNotEnabled, { rule: 'margin-account' });
  if (form.couponId !== undefined && !deps.extensions.orderCoupons) refuse(MSG.couponNotApplicable, { rule: 'order-coupons-offered', couponId: form.couponId });

  return { plan, request };
}

/** The placement writer's job for a checked order (checkPlacement): its hold, position and order rows. */
export function placementJob(
  deps: Pick<TradingDeps, 'businessClock' | 'config'>,
  user: Pick<TradingCustomer, 'id'>,
  form: PlaceForm,
  plan: OrderPlan,
  request: IdempotentRequest,
): PlacementJob {
  const now = deps.businessClock.now(); // order time on the business clock, as the venue stamps fills
  return {
    request,
    hold: plan.hold,
    minimumCash: plan.product === 'margin' ? deps.config.margin.minimumDeposit : null,
    coupon: form.couponId === undefined ? null : { couponId: form.couponId, orderValue: couponOrderValue(plan) },
    position: {
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
    },
    order: {
      userId: user.id,
      kind: 'open',
      code: plan.instrument.code,
      side: plan.side,
      orderType: plan.orderType,
      price: plan.limit,
      quantity: plan.quantity,
      state: 'queued',
      hold: plan.hold,
      holdPerShareTenths: BigInt(plan.estimatePrice),
      sessionCondition: form.condition ?? null,
      venue: form.venue ?? 'tse',
      couponId: form.couponId ?? null,
      createdAt: now,
      updatedAt: now,
    },
  };
}

/**
 * The checks (checkPlacement), then the write. `confirmed`: the fund password was already
 * confirmed for this order — a conditional order's child, confirmed when the conditional order
 * was placed (docs/trading.md §11).
 */
export async function placeOrder(
  deps: TradingDeps,
  engine: OrderEngine,
  user: TradingCustomer,
  form: PlaceForm,
  confirmed: { passwordConfirmed?: boolean } = {},
): Promise<OkEnvelope<TradePosition>> {
  const checked = await checkPlacement(deps, user, form, confirmed);
  if ('replay' in checked) return checked.replay;
  const { plan, request } = checked;

  // Written by group commit with the orders placed at the same moment (docs/trading.md "Write
  // path"); answered once that transaction committed and the order is in the venue.
  const placed = await placementsOf(deps, engine).run(placementJob(deps, user, form, plan, request));
  // 注文受付: answered once the order is durable and checked (its hold taken), from the rows the
  // placement wrote, as Japanese brokers answer an order. Its entry into the venue and the fills
  // it makes at once follow on the customer's channel (order, fill and position events), which
  // the screens follow (docs/trading.md §9 "Design decisions"). A replay is read.
  placed.entered.catch(engine.report);
  const view = placed.committed ? await buildView(deps, placed.committed.pos, [placed.committed.order]) : await positionView(deps, placed.positionId, user.id);
  return ok(placed.replayed ? { ...view, replayed: true as const } : view, MSG.orderPlaced);
}
