// The ticket's maths and checks, kept out of the component so they can be tested alone.
// Prices are yen text on the wire ('2790.5') and integer tenths here; the server decides
// (trade/estimate and trade/place re-check everything), the ticket only refuses early with
// the same catalogue message the server would give, in the server's order.
import { MSG } from '@kabuto/shared-sdk/messages';
import {
  firstErrorKey,
  orderEstimateFormSchema,
  MAX_ORDER_LOTS,
  type MarginKind,
  type OrderSide,
  type TicketInfo,
  type TradeOrderType,
  type TradeProduct,
} from '@kabuto/shared-sdk/schemas';
import type { EstimateArgs } from '../../api/trading';
import { isValidTick, roundToTick, tickAbove, tickBelow, type ResolvedTickTable as TickTable } from '@kabuto/shared-sdk/market-rules';

export interface TicketForm {
  side: OrderSide;
  product: TradeProduct;
  marginKind: MarginKind;
  orderType: TradeOrderType;
  /** Limit price as typed, yen text. */
  price: string;
  lots: number;
  leverage: string;
}

/** '2790.5' → 27905; null for anything that is not a positive yen amount with at most one decimal. */
export function priceToTenths(text: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d))?$/.exec(text.trim());
  if (!match) return null;
  const tenths = Number(match[1]) * 10 + Number(match[2] ?? '0');
  return tenths > 0 ? tenths : null;
}

/** 27905 → '2790.5'; 27900 → '2790'. */
export function tenthsToPrice(tenths: number): string {
  const int = Math.trunc(tenths / 10);
  const frac = Math.abs(tenths % 10);
  return frac === 0 ? String(int) : `${int}.${frac}`;
}

/** The leverage choices: 1×, then every half step, then the maximum itself ('3.3' at 30 % initial margin). */
export function leverageOptions(max: string): string[] {
  const maxTenths = Math.round(Number(max) * 10);
  if (!Number.isFinite(maxTenths) || maxTenths < 10) return ['1'];
  const options: string[] = [];
  for (let t = 10; t <= maxTenths; t += 5) options.push(tenthsToPrice(t));
  const last = tenthsToPrice(maxTenths);
  if (options[options.length - 1] !== last) options.push(last);
  return options;
}

/** Keeps a price inside today's daily limits and on the tick grid. */
export function clampToLimits(price: number, ticket: Pick<TicketInfo, 'upperLimit' | 'lowerLimit'>, table: TickTable): number {
  const upper = priceToTenths(ticket.upperLimit) ?? price;
  const lower = priceToTenths(ticket.lowerLimit) ?? price;
  const onGrid = roundToTick(Math.min(Math.max(price, lower), upper), table, 'down');
  return Math.max(onGrid, lower);
}

/** The price a new limit order starts at: what would trade now (the best ask for a buy, the best bid for a sell), else the last. */
export function startingPrice(
  side: OrderSide,
  ticket: Pick<TicketInfo, 'upperLimit' | 'lowerLimit' | 'last'>,
  best: { bid: number | null; ask: number | null },
  table: TickTable,
): number | null {
  const last = ticket.last === null ? null : priceToTenths(ticket.last);
  const price = (side === 'buy' ? best.ask : best.bid) ?? last;
  return price === null ? null : clampToLimits(price, ticket, table);
}

/** The price one tick up or down, never outside today's limits. */
export function steppedPrice(text: string, direction: 1 | -1, ticket: Pick<TicketInfo, 'upperLimit' | 'lowerLimit'>, table: TickTable): string {
  const current = priceToTenths(text);
  const base = current === null ? (priceToTenths(direction > 0 ? ticket.lowerLimit : ticket.upperLimit) ?? 10) : current;
  const next =
    current === null
      ? base
      : isValidTick(current, table)
        ? direction > 0
          ? tickAbove(current, table)
          : tickBelow(current, table)
        : roundToTick(current, table, direction > 0 ? 'up' : 'down');
  return tenthsToPrice(clampToLimits(next, ticket, table));
}

export function stepLots(lots: number, direction: 1 | -1): number {
  return Math.min(Math.max(lots + direction, 1), MAX_ORDER_LOTS);
}

/** The estimate / place form for `code` (market orders carry no price, cash orders leverage 1). */
export function estimateArgs(code: string, form: TicketForm): EstimateArgs {
  return {
    code,
    side: form.side,
    product: form.product,
    ...(form.product === 'margin' ? { marginKind: form.marginKind } : {}),
    orderType: form.orderType,
    ...(form.orderType === 'limit' ? { price: form.price.trim() } : {}),
    lots: form.lots,
    leverage: form.product === 'margin' ? form.leverage : '1',
  };
}

/**
 * The first reason this order would be refused, as a catalogue key, or null. Same order as
 * the server: the form's fields, then the price against the tick grid and today's limits,
 * leverage against the maximum, cash short, short on a stock that cannot be borrowed.
 * (Margin not enabled is not a refusal here: the ticket offers the application instead.)
 */
export function ticketProblem(code: string, form: TicketForm, ticket: TicketInfo, table: TickTable): string | null {
  const args = estimateArgs(code, form);
  const checked = orderEstimateFormSchema.safeParse(args);
  if (!checked.success) return firstErrorKey(checked) ?? MSG.invalidParams;
  if (form.orderType === 'limit') {
    const price = priceToTenths(form.price);
    if (price === null) return MSG.priceAboveZero;
    if (!isValidTick(price, table)) return MSG.priceNotOnTick;
    const upper = priceToTenths(ticket.upperLimit);
    const lower = priceToTenths(ticket.lowerLimit);
    if ((upper !== null && price > upper) || (lower !== null && price < lower)) return MSG.priceLimitExceeded;
  }
  if (form.product === 'margin' && Number(form.leverage) > Number(ticket.maxLeverage)) return MSG.leverageInvalid;
  if (form.product === 'cash' && form.side === 'sell') return MSG.cashShortNotAllowed;
  if (form.product === 'margin' && form.side === 'sell' && !ticket.loanEligible) return MSG.shortNotLoanEligible;
  return null;
}
