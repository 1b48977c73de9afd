// The ticket as trade/ticket answers it for Toyota (docs/api/trading.md), zero fees for an
// estimate, and the two ways the ticket's tests fill its form.
import { fireEvent, screen, within } from '@testing-library/react';
import type { TicketInfo } from '@kabuto/shared-sdk/schemas';
import { yen } from './render-trade';

export function ticketInfo(patch: Partial<TicketInfo> = {}): TicketInfo {
  return {
    code: '7203',
    name: { tw: '豐田汽車', jp: 'トヨタ自動車', en: 'Toyota Motor' },
    simulated: true,
    lot: 100,
    last: '2790.5',
    bestBid: '2790',
    bestAsk: '2790.5',
    upperLimit: '3290',
    lowerLimit: '2290',
    tick: '0.5',
    tickTable: '03',
    phase: 'zaraba',
    toAuction: false,
    loanEligible: true,
    maxLeverage: '3.3',
    marginEnabled: true,
    buyingPower: yen('1000000'),
    skipFundPassword: true,
    dayOrderValidOn: '2026-01-13',
    cashHoldings: [],
    ...patch,
  };
}

export function noFees(notes = { tw: '', jp: '', en: '' }) {
  const zero = yen('0');
  return { commission: zero, serviceFee: zero, buyFee: zero, sellFee: zero, stampDuty: zero, total: zero, notes };
}

// Kit fields wrap their <input>; plain inputs carry the test id themselves.
export function typeInto(testId: string, value: string) {
  const field = screen.getByTestId(testId);
  fireEvent.change(field.querySelector('input') ?? field, { target: { value } });
}

export function choose(selectorTestId: string, label: string) {
  fireEvent.click(within(screen.getByTestId(selectorTestId)).getByText(label));
}
