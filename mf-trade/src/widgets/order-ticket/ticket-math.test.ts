// The ticket's maths and early refusals: ticks across band edges, daily limits, leverage
// choices, and the catalogue message the server would give, in the server's order.
import { MSG } from '@kabuto/shared-sdk/messages';
import { ticketInfo } from '../../test-utils/ticket';
import {
  clampToLimits,
  estimateArgs,
  leverageOptions,
  priceToTenths,
  startingPrice,
  steppedPrice,
  stepLots,
  tenthsToPrice,
  ticketProblem,
  type TicketForm,
} from './ticket-math';

const TICKET = ticketInfo({ skipFundPassword: false });
const FORM: TicketForm = { side: 'buy', product: 'cash', marginKind: 'standard', orderType: 'limit', price: '2790.5', lots: 1, leverage: '1' };

describe('prices and lots', () => {
  it('reads yen text with one decimal at most, never a float', () => {
    expect(priceToTenths('2790.5')).toBe(27905);
    expect(priceToTenths(' 2790 ')).toBe(27900);
    for (const bad of ['', '0', '-1', '2790.55', '1e3', 'abc', '2,790']) expect(priceToTenths(bad)).toBeNull();
    expect(tenthsToPrice(27905)).toBe('2790.5');
    expect(tenthsToPrice(27900)).toBe('2790');
  });

  it('steps the price one tick and never past today’s limits', () => {
    expect(steppedPrice('2790.5', 1, TICKET, '03')).toBe('2791');
    expect(steppedPrice('2790.5', -1, TICKET, '03')).toBe('2790');
    expect(steppedPrice('3290', 1, TICKET, '03')).toBe('3290');
    expect(steppedPrice('2290', -1, TICKET, '03')).toBe('2290');
    // Off the grid: the stepper lands on the grid in the direction asked.
    expect(steppedPrice('2790.3', 1, TICKET, '03')).toBe('2790.5');
    expect(steppedPrice('2790.3', -1, TICKET, '03')).toBe('2790');
    expect(clampToLimits(99999, TICKET, '03')).toBe(32900);
  });

  it('starts a buy at the best ask and a sell at the best bid (else the last)', () => {
    expect(startingPrice('buy', TICKET, { bid: 27900, ask: 27905 }, '03')).toBe(27905);
    expect(startingPrice('sell', TICKET, { bid: 27900, ask: 27905 }, '03')).toBe(27900);
    expect(startingPrice('sell', TICKET, { bid: null, ask: null }, '03')).toBe(27905);
  });

  it('keeps lots whole, between 1 and the maximum', () => {
    expect(stepLots(1, -1)).toBe(1);
    expect(stepLots(1, 1)).toBe(2);
    expect(stepLots(10_000, 1)).toBe(10_000);
  });

  it('offers leverage from 1× in half steps up to the maximum itself', () => {
    expect(leverageOptions('3.3')).toEqual(['1', '1.5', '2', '2.5', '3', '3.3']);
    expect(leverageOptions('2')).toEqual(['1', '1.5', '2']);
    expect(leverageOptions('garbage')).toEqual(['1']);
  });

  it('sends no price for market orders and leverage 1 for cash', () => {
    expect(estimateArgs('7203', { ...FORM, orderType: 'market', leverage: '3' })).toEqual({
      code: '7203',
      side: 'buy',
      product: 'cash',
      orderType: 'market',
      lots: 1,
      leverage: '1',
    });
    expect(estimateArgs('7203', { ...FORM, product: 'margin', side: 'sell', leverage: '3' })).toMatchObject({
      product: 'margin',
      marginKind: 'standard',
      price: '2790.5',
      leverage: '3',
    });
  });
});

describe('ticketProblem: the server’s refusals, early', () => {
  it('accepts a valid order', () => {
    expect(ticketProblem('7203', FORM, TICKET, '03')).toBeNull();
    expect(ticketProblem('7203', { ...FORM, product: 'margin', side: 'sell', leverage: '3.3' }, TICKET, '03')).toBeNull();
  });

  it.each<[string, Partial<TicketForm>, string]>([
    ['no price on a limit order', { price: '' }, MSG.priceRequiredForLimit],
    ['a zero price', { price: '0' }, MSG.priceAboveZero],
    ['a price off the tick grid', { price: '2790.3' }, MSG.priceNotOnTick],
    ['a price above the daily limit', { price: '3300' }, MSG.priceLimitExceeded],
    ['a price below the daily limit', { price: '2280' }, MSG.priceLimitExceeded],
    ['zero lots', { lots: 0 }, MSG.lotsRequired],
    ['more lots than one order may carry', { lots: 10_001 }, MSG.lotsRequired],
    ['leverage above the maximum', { product: 'margin', leverage: '4' }, MSG.leverageInvalid],
    ['a cash sell (short)', { side: 'sell' }, MSG.cashShortNotAllowed],
  ])('refuses %s', (_what, patch, msg) => {
    expect(ticketProblem('7203', { ...FORM, ...patch }, TICKET, '03')).toBe(msg);
  });

  it('refuses a short on a stock that cannot be borrowed', () => {
    expect(ticketProblem('7203', { ...FORM, product: 'margin', side: 'sell' }, { ...TICKET, loanEligible: false }, '03')).toBe(MSG.shortNotLoanEligible);
  });
});
