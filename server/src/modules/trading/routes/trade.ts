// The customer calls of the `trade` group (docs/api/trading.md). Each handler parses its form
// with the shared schema and calls a service; refusals travel as ApiFailure.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '@kabuto/shared-sdk/messages';
import {
  closePositionFormSchema,
  marginApplyFormSchema,
  orderEstimateFormSchema,
  placeOrderFormSchema,
  positionIdFormSchema,
  positionListFormSchema,
  ticketFormSchema,
  tradeSettingsFormSchema,
  type BuyingPower,
  type TradeSettings,
  type TicketInfo,
} from '@kabuto/shared-sdk/schemas';
import { ok } from '../../../http/envelope';
import { parseRouteForm } from '../../../http/parse-form';
import { refuse } from '../../funds';
import { currentUser, forbidInstitution, provenUserLimit, requireNotRestricted, requireUser } from '../../identity';
import { jstDateKey, tickSize } from '../../market';
import { maxLeverageTenths, publishedRules } from '../config';
import { TRADE_API, type TradingDeps } from '../deps';
import { marginEnabledFor, marginStatus, applyForMargin } from '../margin/account';
import { jpy, leverageText, priceText } from '../money';
import { powerFigures } from '../orders/buying-power';
import { confirmFundPassword, estimateOrder, placeOrder, skipsFundPassword, type TradingCustomer } from '../orders/place';
import { cancelClosing, cancelPending, closePosition } from '../positions/actions';
import { listPositions, positionDetail } from '../positions/views';
import { forgetSkipSetting } from '../orders/customer-facts';
import { tradingPositions, tradingSessionSettings } from '../schema';
import { validDayAt } from '../conditional/service';
import type { TradingService } from '../service';
import { unsettledLines } from '../settlement/settlement';

/**
 * The customer's cash holdings of one stock, biggest first: what a cash Sell on the ticket can
 * close instead of being refused as a short sale (the close form sells exactly these shares).
 */
async function cashHoldingsOf(deps: TradingDeps, userId: number, code: string): Promise<TicketInfo['cashHoldings']> {
  const rows = await deps.db
    .select({ id: tradingPositions.id, open: tradingPositions.openQuantity, closed: tradingPositions.closedQuantity })
    .from(tradingPositions)
    .where(
      and(
        eq(tradingPositions.userId, userId),
        eq(tradingPositions.code, code),
        eq(tradingPositions.product, 'cash'),
        eq(tradingPositions.direction, 'long'),
        eq(tradingPositions.status, 'holding'),
      ),
    );
  return rows
    .map((r) => ({ id: r.id, shares: r.open - r.closed }))
    .filter((h) => h.shares > 0)
    .sort((a, b) => b.shares - a.shares || a.id - b.id);
}

/** Order-changing calls per user and minute ("submitting too often"). */
export const ORDER_CALLS_PER_MINUTE = 60;

/** Counted per proven user after requireUser (a stranger naming a customer's account cannot spend their allowance). */
export const orderRateLimit = { rateLimit: provenUserLimit(ORDER_CALLS_PER_MINUTE, '1 minute') };

function customer(request: FastifyRequest): TradingCustomer {
  const me = currentUser(request);
  return { id: me.id, account: me.account, sessionId: me.sessionId };
}

export async function tradeRoutes(app: FastifyInstance, service: TradingService): Promise<void> {
  const deps = service.deps;
  const engine = service.engine;
  const member = [requireUser, forbidInstitution];
  // Order calls are answered from the venue's book, which start-up recovery fills again
  // after a restart (docs/operations.md "Start-up recovery"): until then they wait, and a
  // call still waiting after recoveryWaitMs is refused rather than answered wrongly.
  const afterRecovery = async (): Promise<void> => {
    if (service.isRecovered) return;
    if (!(await service.whenRecovered(deps.config.recoveryWaitMs))) refuse(MSG.systemStarting, { rule: 'start-up-recovery' });
  };
  const trader = [requireUser, forbidInstitution, requireNotRestricted('trade'), afterRecovery];
  // A trading bar blocks new exposure and lets the customer reduce it (docs/trading.md §11).
  const reducer = [requireUser, forbidInstitution, requireNotRestricted('trade-reducing'), afterRecovery];

  app.post(
    `${TRADE_API}/config`,
    { preHandler: member, config: { summary: 'The published trading rules: fees, margin, settlement, with sources' } },
    async () => ok(publishedRules(deps.config)),
  );

  app.post(
    `${TRADE_API}/ticket`,
    { preHandler: member, config: { summary: 'What the order ticket needs for one stock', form: ticketFormSchema } },
    async (request) => {
      const form = parseRouteForm(request, ticketFormSchema);
      const me = customer(request);
      const instrument = deps.venue.instrument(form.code);
      if (!instrument) refuse(deps.venue.isUpcomingListing?.(form.code) ? MSG.notYetListed : MSG.unknownStockCode);
      const q = deps.venue.quote(form.code);
      const table = deps.venue.tickTable(form.code);
      const power = await powerFigures(deps, deps.db, me.id);
      const info: TicketInfo = {
        code: instrument.code,
        name: instrument.name,
        simulated: true,
        lot: deps.config.lotShares,
        last: q.last === null ? null : priceText(q.last),
        bestBid: q.bestBid === null ? null : priceText(q.bestBid),
        bestAsk: q.bestAsk === null ? null : priceText(q.bestAsk),
        upperLimit: priceText(q.upperLimit),
        lowerLimit: priceText(q.lowerLimit),
        tick: priceText(tickSize(q.last ?? q.previousClose, table)),
        tickTable: table,
        phase: q.phase,
        toAuction: q.phase !== 'zaraba',
        loanEligible: instrument.loanEligible,
        maxLeverage: leverageText(maxLeverageTenths(deps.config)),
        marginEnabled: await marginEnabledFor(deps, me.id),
        buyingPower: jpy(power.buyingPower),
        skipFundPassword: await skipsFundPassword(deps, me),
        dayOrderValidOn: validDayAt(deps.businessClock.now()),
        cashHoldings: await cashHoldingsOf(deps, me.id, instrument.code),
      };
      return ok(info);
    },
  );

  app.post(
    `${TRADE_API}/estimate`,
    { preHandler: member, config: { summary: 'Value, fees, margin and the hold an order would need', form: orderEstimateFormSchema } },
    async (request) => ok(await estimateOrder(deps, customer(request).id, parseRouteForm(request, orderEstimateFormSchema))),
  );

  app.post(
    `${TRADE_API}/place`,
    {
      preHandler: trader,
      config: { ...orderRateLimit, summary: 'Place an order (cash buy, margin long or short) on the simulated venue', form: placeOrderFormSchema },
    },
    async (request) => placeOrder(deps, engine, customer(request), parseRouteForm(request, placeOrderFormSchema)),
  );

  app.post(
    `${TRADE_API}/cancel`,
    { preHandler: reducer, config: { ...orderRateLimit, summary: 'Cancel a pending order', form: positionIdFormSchema } },
    async (request) => ok(await cancelPending(deps, engine, customer(request).id, parseRouteForm(request, positionIdFormSchema).id), MSG.cancelOrderSuccess),
  );

  app.post(
    `${TRADE_API}/close`,
    {
      preHandler: reducer,
      config: { ...orderRateLimit, summary: 'Close a holding position (market or limit, all or some lots)', form: closePositionFormSchema },
    },
    async (request) => closePosition(deps, engine, customer(request), parseRouteForm(request, closePositionFormSchema)),
  );

  app.post(
    `${TRADE_API}/cancelClose`,
    { preHandler: reducer, config: { ...orderRateLimit, summary: 'Cancel a closing order (back to holding)', form: positionIdFormSchema } },
    async (request) => ok(await cancelClosing(deps, engine, customer(request).id, parseRouteForm(request, positionIdFormSchema).id), MSG.closeOrderCancelled),
  );

  app.post(
    `${TRADE_API}/list`,
    { preHandler: member, config: { summary: 'Positions by tab and status, newest first', form: positionListFormSchema } },
    async (request) => {
      const form = parseRouteForm(request, positionListFormSchema);
      return ok(await listPositions(deps, customer(request).id, form.tab, form.status, form.page, form.size));
    },
  );

  app.post(
    `${TRADE_API}/detail`,
    { preHandler: member, config: { summary: 'One position with its venue orders, fills and ledger postings', form: positionIdFormSchema } },
    async (request) => ok(await positionDetail(deps, parseRouteForm(request, positionIdFormSchema).id, customer(request).id)),
  );

  app.post(`${TRADE_API}/buyingPower`, { preHandler: member, config: { summary: 'Cash, holds, buying power and unsettled proceeds' } }, async (request) => {
    const me = customer(request);
    const f = await powerFigures(deps, deps.db, me.id);
    const answer: BuyingPower = {
      cash: jpy(f.cash),
      holds: f.holds.map((h) => ({ source: h.source, amount: jpy(h.minor) })),
      buyingPower: jpy(f.buyingPower),
      withdrawable: jpy(f.withdrawable),
      unsettled: (await unsettledLines(deps.db, me.id, jstDateKey(deps.businessClock.now()))).map((u) => ({ amount: jpy(u.amount), settlesOn: u.settlesOn })),
    };
    return ok(answer);
  });

  app.post(
    `${TRADE_API}/settings`,
    { preHandler: member, config: { summary: 'Skip the fund password for the rest of this session', form: tradeSettingsFormSchema } },
    async (request) => {
      const form = parseRouteForm(request, tradeSettingsFormSchema);
      const me = customer(request);
      if (form.skipFundPassword) await confirmFundPassword(deps, me, form.fundPassword, true);
      const now = deps.clock.now();
      await deps.db
        .insert(tradingSessionSettings)
        .values({ sessionId: me.sessionId, skipFundPassword: form.skipFundPassword, updatedAt: now })
        .onConflictDoUpdate({ target: tradingSessionSettings.sessionId, set: { skipFundPassword: form.skipFundPassword, updatedAt: now } });
      forgetSkipSetting(deps.db, me.id);
      return ok({ skipFundPassword: form.skipFundPassword }, MSG.tradeSettingsSaved);
    },
  );

  app.post(`${TRADE_API}/getSettings`, { preHandler: member, config: { summary: "This session's trading settings (fund-password skip)" } }, async (request) => {
    const answer: TradeSettings = { skipFundPassword: await skipsFundPassword(deps, customer(request)) };
    return ok(answer);
  });

  app.post(
    `${TRADE_API}/marginStatus`,
    { preHandler: member, config: { summary: 'Margin account requirements, maintenance ratio and margin calls' } },
    async (request) => ok(await marginStatus(deps, customer(request).id)),
  );

  app.post(
    `${TRADE_API}/marginApply`,
    { preHandler: member, config: { summary: 'Open a margin account: questionnaire and agreement', form: marginApplyFormSchema } },
    async (request) => ok(await applyForMargin(deps, customer(request).id, parseRouteForm(request, marginApplyFormSchema)), MSG.marginEnabled),
  );
}
