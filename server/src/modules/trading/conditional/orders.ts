// trade/conditional/place, /cancel and /list (docs/api/trading.md §7). Every check runs before
// anything is written (each refusal a catalogue message with the rule and the numbers); the
// legs and the idempotency answer are written in one transaction; the legs are then armed.
import { and, desc, eq, inArray } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { ConditionalLegView, ConditionalOrderView, conditionalListFormSchema, conditionalPlaceFormSchema } from '@kabuto/shared-sdk/schemas';
import type { z } from 'zod';
import { ok, type OkEnvelope } from '../../../http/envelope';
import { refuse, rememberAnswer, replayIfSeen, type IdempotentRequest } from '../../funds';
import { jstDateKey, tickSize } from '../../market';
import { refuseDuringLockUp } from '../off-exchange/record';
import type { TradingDeps } from '../deps';
import { marginEnabledFor } from '../margin/account';
import { priceText, tenthsOf } from '../money';
import { checkedLimit, confirmFundPassword, planOrder, type TradingCustomer } from '../orders/place';
import { ocoLegsApart, stopOnRightSide, trailingStop } from './rules';
import { tradingPositions, tradingConditionalOrders, type ConditionalLegRow } from '../schema';
import { validDayAt, type ConditionalService } from './service';
import { figureOf } from './notices';

type PlaceForm = z.output<typeof conditionalPlaceFormSchema>;
type ListForm = z.output<typeof conditionalListFormSchema>;
type NewLeg = Omit<typeof tradingConditionalOrders.$inferInsert, 'groupId' | 'userId' | 'createdAt' | 'updatedAt' | 'validOn' | 'code' | 'kind'>;

const fmt = (t: number | null): string | null => (t === null ? null : priceText(t));

/** The price text of a required field, on the tick grid inside today's limits. */
function requiredPrice(deps: TradingDeps, code: string, text: string | undefined, field: string): number {
  if (text === undefined) refuse(MSG.priceRequiredForLimit, { rule: 'required', field });
  return checkedLimit(deps, code, text);
}

function checkStop(side: 'buy' | 'sell', stop: number, reference: number): void {
  if (!stopOnRightSide(side, stop, reference))
    refuse(MSG.stopPriceWrongSide, {
      rule: side === 'sell' ? 'sell-stop-below-last' : 'buy-stop-above-last',
      stop: priceText(stop),
      last: priceText(reference),
    });
}

function checkOco(side: 'buy' | 'sell', limit: number, stop: number, reference: number): void {
  if (!ocoLegsApart(side, limit, stop, reference))
    refuse(MSG.ocoLegsOverlap, {
      rule: side === 'sell' ? 'sell: stop < last < limit' : 'buy: limit < last < stop',
      limit: priceText(limit),
      stop: priceText(stop),
      last: priceText(reference),
    });
}

/** Whether the form's legs only close a holding (a stop-loss, a take-profit): what a trading bar lets through. */
export function closesAPosition(form: Pick<PlaceForm, 'positionId' | 'kind'>): boolean {
  return form.positionId !== undefined && form.kind !== 'ifd' && form.kind !== 'ifdoco';
}

/** The legs a form describes, checked; nothing is written here. */
export async function planConditional(deps: TradingDeps, user: TradingCustomer, form: PlaceForm): Promise<{ legs: NewLeg[]; product: 'cash' | 'margin' }> {
  const quote = deps.venue.quote(form.code);
  const last = quote.last ?? quote.previousClose;
  const lot = deps.config.lotShares;
  const quantity = form.lots * lot;
  const ifd = form.kind === 'ifd' || form.kind === 'ifdoco';

  // What the leg does when it fires: open a position (every trade/place check now) or close one.
  let base: Pick<NewLeg, 'action' | 'side' | 'product' | 'marginKind' | 'leverageTenths' | 'positionId'>;
  if (form.positionId !== undefined) {
    if (ifd) refuse(MSG.conditionNotAllowed, { rule: 'ifd-opens-a-position', kind: form.kind });
    const [pos] = await deps.db.select().from(tradingPositions).where(eq(tradingPositions.id, form.positionId)).limit(1);
    if (!pos || pos.userId !== user.id || pos.code !== form.code) refuse(MSG.orderNotFound);
    if (pos.status !== 'holding') refuse(MSG.orderNotHolding);
    // What trade/close would refuse at the trigger is refused now, with its message: a block
    // trade's lock-up (a leg could otherwise wait, fire and be refused).
    refuseDuringLockUp(pos, jstDateKey(deps.businessClock.now()));
    const side = pos.direction === 'long' ? 'sell' : 'buy';
    if (form.side !== side) refuse(MSG.conditionNotAllowed, { rule: 'close-side', side: form.side, required: side });
    const held = pos.openQuantity - pos.closedQuantity;
    if (quantity > held) refuse(MSG.closeLotsTooMany, { rule: 'close-at-most-held', lots: form.lots, heldLots: held / lot });
    base = { action: 'close', side, product: pos.product, marginKind: pos.marginKind, leverageTenths: pos.leverageTenths, positionId: pos.id };
  } else {
    const plan = planOrder(deps, {
      code: form.code,
      side: form.side,
      product: form.product,
      marginKind: form.marginKind,
      orderType: ifd ? form.orderType : 'market',
      ...(ifd && form.price !== undefined ? { price: form.price } : {}),
      lots: form.lots,
      leverage: form.leverage,
      // Conditional orders watch and enter the main (TSE) venue.
      venue: 'tse',
    });
    if (plan.product === 'margin' && !(await marginEnabledFor(deps, user.id))) refuse(MSG.marginNotEnabled);
    base = { action: 'open', side: plan.side, product: plan.product, marginKind: plan.marginKind, leverageTenths: plan.leverageTenths, positionId: null };
  }
  const leg = (over: Partial<NewLeg> & Pick<NewLeg, 'trigger' | 'orderType'>): NewLeg => ({
    ...base,
    role: 'single',
    quantity,
    triggerPrice: null,
    trailWidth: null,
    trailExtreme: null,
    price: null,
    armed: true,
    state: 'waiting',
    ...over,
  });

  switch (form.kind) {
    case 'stop':
    case 'stop-limit': {
      const stop = requiredPrice(deps, form.code, form.triggerPrice, 'triggerPrice');
      checkStop(base.side, stop, last);
      if (form.kind === 'stop') return { legs: [leg({ trigger: 'stop', triggerPrice: stop, orderType: 'market' })], product: base.product };
      const price = requiredPrice(deps, form.code, form.price, 'price');
      return { legs: [leg({ trigger: 'stop', triggerPrice: stop, orderType: 'limit', price })], product: base.product };
    }
    case 'trailing': {
      const width = form.trailWidth === undefined ? null : tenthsOf(form.trailWidth);
      const tick = tickSize(last, deps.venue.tickTable(form.code));
      if (width === null || width <= 0 || width % tick !== 0)
        refuse(MSG.trailWidthInvalid, { rule: 'width > 0, whole ticks', width: form.trailWidth ?? '', tick: priceText(tick) });
      return { legs: [leg({ trigger: 'trailing', trailWidth: width, trailExtreme: last, orderType: 'market' })], product: base.product };
    }
    case 'oco': {
      const limit = requiredPrice(deps, form.code, form.price, 'price');
      const stop = requiredPrice(deps, form.code, form.triggerPrice, 'triggerPrice');
      checkOco(base.side, limit, stop, last);
      return {
        legs: [
          leg({ trigger: 'touch', triggerPrice: limit, orderType: 'limit', price: limit }),
          leg({ trigger: 'stop', triggerPrice: stop, orderType: 'market' }),
        ],
        product: base.product,
      };
    }
    case 'ifd':
    case 'ifdoco': {
      const parentPrice = form.orderType === 'limit' ? requiredPrice(deps, form.code, form.price, 'price') : null;
      const reference = parentPrice ?? last;
      const childLots = form.childLots ?? form.lots;
      if (childLots > form.lots) refuse(MSG.ifdChildTooLarge, { rule: 'child ≤ parent', childLots, parentLots: form.lots });
      const childSide = base.side === 'buy' ? 'sell' : 'buy';
      const child = (over: Partial<NewLeg> & Pick<NewLeg, 'trigger' | 'orderType'>): NewLeg =>
        leg({ action: 'close', side: childSide, role: 'child', armed: false, quantity: childLots * lot, ...over });
      const parent = leg({ role: 'parent', trigger: 'none', orderType: form.orderType, price: parentPrice });
      const take = form.childPrice === undefined ? null : requiredPrice(deps, form.code, form.childPrice, 'childPrice');
      const stop = form.childTriggerPrice === undefined ? null : requiredPrice(deps, form.code, form.childTriggerPrice, 'childTriggerPrice');
      if (form.kind === 'ifdoco') {
        if (take === null || stop === null) refuse(MSG.priceRequiredForLimit, { rule: 'ifdoco needs childPrice and childTriggerPrice' });
        checkOco(childSide, take, stop, reference);
        return {
          legs: [
            parent,
            child({ trigger: 'touch', triggerPrice: take, orderType: 'limit', price: take }),
            child({ trigger: 'stop', triggerPrice: stop, orderType: 'market' }),
          ],
          product: base.product,
        };
      }
      if ((take === null) === (stop === null)) refuse(MSG.conditionNotAllowed, { rule: 'ifd child: childPrice or childTriggerPrice, one of them' });
      if (stop !== null) checkStop(childSide, stop, reference);
      return {
        legs: [
          parent,
          take !== null ? child({ trigger: 'none', orderType: 'limit', price: take }) : child({ trigger: 'stop', triggerPrice: stop, orderType: 'market' }),
        ],
        product: base.product,
      };
    }
  }
}

export async function placeConditional(
  deps: TradingDeps,
  service: ConditionalService,
  user: TradingCustomer,
  form: PlaceForm,
): Promise<OkEnvelope<ConditionalOrderView>> {
  const request: IdempotentRequest = {
    userId: user.id,
    key: form.idempotencyKey,
    action: 'trade.conditional.place',
    params: {
      kind: form.kind,
      code: form.code,
      side: form.side,
      product: form.product,
      lots: form.lots,
      positionId: form.positionId ?? '',
      orderType: form.orderType,
      price: form.price ?? '',
      triggerPrice: form.triggerPrice ?? '',
      trailWidth: form.trailWidth ?? '',
      childLots: form.childLots ?? '',
      childPrice: form.childPrice ?? '',
      childTriggerPrice: form.childTriggerPrice ?? '',
    },
  };
  const seen = await replayIfSeen<{ id: number }>(deps.db, request);
  if (seen) return ok({ ...(await conditionalView(deps, seen.data.id, user.id)), replayed: true as const }, seen.msg);
  const { legs } = await planConditional(deps, user, form);
  // The customer confirms the whole conditional order now; its children are placed without asking again.
  await confirmFundPassword(deps, user, form.fundPassword);

  const now = deps.clock.now();
  const validOn = validDayAt(deps.businessClock.now());
  const rows = await deps.db.transaction(async (tx) => {
    const again = await replayIfSeen<{ id: number }>(tx, request);
    if (again) return null;
    const stored: ConditionalLegRow[] = [];
    for (const l of legs) {
      const [row] = await tx
        .insert(tradingConditionalOrders)
        .values({ ...l, groupId: stored[0]?.id ?? 0, userId: user.id, kind: form.kind, code: form.code, validOn, createdAt: now, updatedAt: now })
        .returning();
      if (!row) throw new Error('conditional leg not stored');
      stored.push(row);
    }
    const first = stored[0] as ConditionalLegRow;
    await tx.update(tradingConditionalOrders).set({ groupId: first.id }).where(eq(tradingConditionalOrders.id, first.id));
    // OCO pairs: the two legs of the same role with a trigger that waits for a price.
    const pair = stored.filter((r) => r.trigger === 'touch' || (r.trigger === 'stop' && (form.kind === 'oco' || form.kind === 'ifdoco')));
    if (pair.length === 2) {
      const [a, b] = pair as [ConditionalLegRow, ConditionalLegRow];
      await tx.update(tradingConditionalOrders).set({ ocoWith: b.id }).where(eq(tradingConditionalOrders.id, a.id));
      await tx.update(tradingConditionalOrders).set({ ocoWith: a.id }).where(eq(tradingConditionalOrders.id, b.id));
    }
    await rememberAnswer(tx, deps.clock, request, { msg: MSG.conditionalOrderPlaced, data: { id: first.id } });
    return stored.map((r) => r.id);
  });
  if (rows === null) {
    const again = await replayIfSeen<{ id: number }>(deps.db, request);
    return ok({ ...(await conditionalView(deps, again?.data.id ?? 0, user.id)), replayed: true as const }, MSG.conditionalOrderPlaced);
  }
  await service.run(async () => {
    const armedNow = await deps.db
      .select()
      .from(tradingConditionalOrders)
      .where(and(inArray(tradingConditionalOrders.id, rows), eq(tradingConditionalOrders.armed, true)));
    for (const leg of armedNow.sort((a, b) => a.id - b.id)) await service.armLeg(leg);
  });
  return ok(await conditionalView(deps, rows[0] as number, user.id), MSG.conditionalOrderPlaced);
}

/** A leg the customer may still cancel: waiting, or triggered without a child order (one a crash left behind). */
export function cancellable(l: Pick<ConditionalLegRow, 'state' | 'childOrderId'>): boolean {
  return l.state === 'waiting' || (l.state === 'triggered' && l.childOrderId === null);
}

/** Cancel every waiting leg of the group (a triggered child is a normal order: trade/cancel). */
export async function cancelConditional(deps: TradingDeps, service: ConditionalService, userId: number, id: number): Promise<ConditionalOrderView> {
  const [first] = await deps.db.select().from(tradingConditionalOrders).where(eq(tradingConditionalOrders.groupId, id)).limit(1);
  if (!first || first.userId !== userId) refuse(MSG.orderNotFound);
  // Read on the runner's queue: no leg of the group is being fired or placed meanwhile.
  const ended = await service.run(async () => {
    const legs = await deps.db.select().from(tradingConditionalOrders).where(eq(tradingConditionalOrders.groupId, id));
    const waiting = await service.end(
      legs.filter((l) => l.state === 'waiting').map((l) => l.id),
      'cancelled',
      'customer',
    );
    const stuck = await service.end(
      legs.filter((l) => l.state === 'triggered' && l.childOrderId === null).map((l) => l.id),
      'cancelled',
      'customer',
      'triggered',
    );
    return [...waiting, ...stuck];
  });
  if (ended.length === 0) refuse(MSG.conditionalNotWaiting);
  return conditionalView(deps, id, userId);
}

/**
 * Cancels by rule every conditional group of an issue that still waits (a split: its trigger
 * prices and quantities are in the old shares), `reason` a catalogue key shown with each leg.
 * Answers the groups ended per customer. A triggered child is a normal order (cancelled by rule
 * as such).
 */
export async function cancelConditionalsByRule(deps: TradingDeps, service: ConditionalService, code: string, reason: string): Promise<Map<number, number>> {
  return service.run(async () => {
    const legs = await deps.db
      .select()
      .from(tradingConditionalOrders)
      .where(and(eq(tradingConditionalOrders.code, code), inArray(tradingConditionalOrders.state, ['waiting', 'triggered'])));
    const open = legs.filter(cancellable);
    const ended = new Set([
      ...(await service.end(
        open.filter((l) => l.state === 'waiting').map((l) => l.id),
        'cancelled',
        reason,
      )),
      ...(await service.end(
        open.filter((l) => l.state === 'triggered').map((l) => l.id),
        'cancelled',
        reason,
        'triggered',
      )),
    ]);
    const groups = new Map<number, Set<number>>();
    for (const l of open) if (ended.has(l.id)) groups.set(l.userId, (groups.get(l.userId) ?? new Set()).add(l.groupId));
    return new Map([...groups].map(([userId, g]) => [userId, g.size]));
  });
}

function legView(deps: TradingDeps, l: ConditionalLegRow): ConditionalLegView {
  const stop =
    l.trigger === 'trailing' && l.trailExtreme !== null && l.trailWidth !== null
      ? trailingStop(l.side, l.trailExtreme, l.trailWidth, deps.venue.tickTable(l.code))
      : null;
  return {
    id: l.id,
    role: l.role,
    trigger: l.trigger,
    action: l.action,
    side: l.side,
    quantity: l.quantity,
    orderType: l.orderType,
    price: fmt(l.price),
    triggerPrice: fmt(l.triggerPrice),
    trailWidth: fmt(l.trailWidth),
    trailExtreme: fmt(l.trailExtreme),
    trailStop: fmt(stop),
    armed: l.armed,
    state: l.state,
    positionId: l.positionId,
    childOrderId: l.childOrderId,
    triggeredAt: l.triggeredAt?.toISOString() ?? null,
    triggerTradeId: l.triggerTradeId,
    triggerTradePrice: fmt(l.triggerTradePrice),
    reason: l.reason,
    reasonData: figuresOf(l.reasonData),
  };
}

/** The plain figures of a refusal's data (strings, numbers, flags; a money amount as its yen text), for the view. */
function figuresOf(data: Record<string, unknown> | null): ConditionalLegView['reasonData'] {
  if (data === null) return null;
  const out: NonNullable<ConditionalLegView['reasonData']> = {};
  for (const [k, v] of Object.entries(data)) {
    const figure = figureOf(v);
    if (figure !== undefined) out[k] = figure;
  }
  return out;
}

/** The group's state: filled/triggered when a leg got there, else waiting, else how it ended. */
function groupState(legs: ConditionalLegRow[]): ConditionalOrderView['state'] {
  const states = legs.map((l) => l.state);
  if (states.includes('waiting') && !states.includes('triggered')) return states.includes('filled') ? 'triggered' : 'waiting';
  if (states.includes('triggered')) return 'triggered';
  if (states.every((s) => s === 'filled' || (s === 'cancelled' && legs.some((l) => l.state === 'filled'))) && states.includes('filled')) return 'filled';
  if (states.includes('expired')) return 'expired';
  if (states.includes('rejected')) return 'rejected';
  return 'cancelled';
}

function groupView(deps: TradingDeps, legs: ConditionalLegRow[]): ConditionalOrderView {
  const first = legs[0] as ConditionalLegRow;
  const instrument = deps.venue.instrument(first.code);
  return {
    id: first.groupId,
    kind: first.kind,
    code: first.code,
    name: instrument ? { tw: instrument.name.tw, jp: instrument.name.jp, en: instrument.name.en } : { tw: first.code, jp: first.code, en: first.code },
    product: first.product,
    state: groupState(legs),
    validOn: first.validOn,
    createdAt: first.createdAt.toISOString(),
    legs: legs.map((l) => legView(deps, l)),
    actions: legs.some(cancellable) ? ['cancel'] : [],
    simulated: true,
  };
}

export async function conditionalView(deps: TradingDeps, groupId: number, userId: number): Promise<ConditionalOrderView> {
  const legs = await deps.db.select().from(tradingConditionalOrders).where(eq(tradingConditionalOrders.groupId, groupId)).orderBy(tradingConditionalOrders.id);
  if (legs.length === 0 || legs[0]?.userId !== userId) refuse(MSG.orderNotFound);
  return groupView(deps, legs);
}

/** Newest first; `positionId` = the groups touching that position (a stop on it, or the IFD that opened it). */
export async function listConditional(deps: TradingDeps, userId: number, form: ListForm): Promise<ConditionalOrderView[]> {
  const legs = await deps.db
    .select()
    .from(tradingConditionalOrders)
    .where(eq(tradingConditionalOrders.userId, userId))
    .orderBy(desc(tradingConditionalOrders.groupId), tradingConditionalOrders.id)
    .limit(500);
  const groups = new Map<number, ConditionalLegRow[]>();
  for (const l of legs) groups.set(l.groupId, [...(groups.get(l.groupId) ?? []), l]);
  return [...groups.values()]
    .filter((g) => form.positionId === undefined || g.some((l) => l.positionId === form.positionId))
    .map((g) => groupView(deps, g))
    .filter((v) => form.state === undefined || v.state === form.state);
}
