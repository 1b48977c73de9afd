// The order ticket's fee-discount coupon: the customer's usable fee-discount coupons only, each
// with what it saves on this order at the published schedule (the estimate's commission), one
// below its minimum not pickable, ¥0 said plainly when the commission is ¥0; the pick goes with
// the order, and the server's refusal is shown with its figures.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetHost } from '@kabuto/shared-sdk';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { CouponsAnswer, CouponView } from '@kabuto/shared-sdk/schemas';
import { userInfo } from '../../test-utils/fixtures';
import { noFees, ticketInfo } from '../../test-utils/ticket';
import { installTradeServer, ok, refused, renderTrade, yen, type Handler } from '../../test-utils/render-trade';
import { couponSaving } from './CouponPicker';
import { OrderTicket } from './OrderTicket';

const coupon = (patch: Partial<CouponView>): CouponView => ({
  id: 4,
  kind: 'fee-discount',
  source: 'campaign',
  sourceDetail: 'winter-fees',
  value: yen('80'),
  minOrderValue: null,
  expiresOn: '2027-01-31',
  state: 'usable',
  usedAt: null,
  usedFor: null,
  orderPositionId: null,
  ...patch,
});

const COUPONS: CouponsAnswer = {
  usable: [
    coupon({ id: 4, value: yen('80'), minOrderValue: yen('100000') }),
    coupon({ id: 5, value: yen('50'), minOrderValue: yen('500000') }),
    coupon({ id: 6, kind: 'cash', value: yen('100') }),
  ],
  used: [coupon({ id: 7, state: 'used', usedAt: '2026-12-01T01:00:00.000Z', usedFor: 'order:9', orderPositionId: 9 })],
  expired: [],
};

/** The estimate at the form's price (default 2790.5 × 100 = ¥279,050) with `commission` yen of commission. */
const estimateWith =
  (commission: string): Handler =>
  (form) => {
    const value = String(Math.ceil(Number(form.price ?? '2790.5') * 100 * Number(form.lots)));
    const fees = { ...noFees(), commission: yen(commission), total: yen(commission) };
    return ok({
      quantity: Number(form.lots) * 100,
      estimatePrice: form.price ?? '2790.5',
      value: yen(value),
      fees,
      marginRequired: yen('0'),
      hold: yen(value),
      buyingPower: yen('1000000'),
      buyingPowerAfter: yen(String(1000000 - Number(value))),
    });
  };

afterEach(() => resetHost());

async function openTicket(handlers: Record<string, Handler>, lang: 'en' | 'tw' | 'jp' = 'en') {
  const calls = installTradeServer({
    ticket: () => ok(ticketInfo({ skipFundPassword: true })),
    info: () => ok(userInfo()),
    coupons: () => ok(COUPONS),
    estimate: estimateWith('55'),
    ...handlers,
  });
  renderTrade(<OrderTicket code="7203" side="buy" bestBid={27900} bestAsk={27905} last={27905} />, { lang });
  await screen.findByTestId('order-ticket');
  return calls;
}

const option = (id: number) => screen.getAllByTestId('ticket-coupon').find((el) => el.getAttribute('data-coupon-id') === String(id)) as HTMLElement;

test('what a coupon saves: up to its value off the commission, when the order meets its minimum', () => {
  const c = coupon({ value: yen('80'), minOrderValue: yen('100000') });
  expect(couponSaving(c, 55n, 279_050n)).toEqual({ applies: true, saves: 55n });
  expect(couponSaving(c, 99n, 279_050n)).toEqual({ applies: true, saves: 80n });
  expect(couponSaving(c, 0n, 279_050n)).toEqual({ applies: true, saves: 0n });
  expect(couponSaving(c, 55n, 99_999n)).toEqual({ applies: false, saves: 0n });
});

test('lists the usable fee-discount coupons with what each saves; the pick goes with the order', async () => {
  const calls = await openTicket({ place: () => ok({ id: 41, orderNo: 'K00000041', status: 'pending' }) });
  const picker = await screen.findByTestId('ticket-coupons');
  // Fee-discount coupons only: not the cash coupon, not the used one.
  expect(screen.getAllByTestId('ticket-coupon').map((el) => el.getAttribute('data-coupon-id'))).toEqual(['4', '5']);
  expect(option(4).textContent).toBe('Saves ¥55 on this order (commission ¥55 at the published schedule) · Use by 31/01/2027 (JST)');
  expect(option(4).getAttribute('data-applies')).toBe('true');
  expect(option(5).textContent).toBe('Not for this order: it needs an order of at least ¥500,000 (this one: ¥279,050) · Use by 31/01/2027 (JST)');
  expect(option(5).getAttribute('data-applies')).toBe('false');
  expect(within(picker).getByTestId('ticket-coupon-note').textContent).toMatch(/Given back to your cash from the broker’s marketing expense/);

  // Below its minimum it cannot be picked.
  const item = (label: string) => within(picker).getByText(label).closest('.adm-selector-item') as HTMLElement;
  fireEvent.click(within(picker).getByText('¥50 fee-discount coupon'));
  expect(item('¥50 fee-discount coupon').className).not.toMatch(/adm-selector-item-active/);
  expect(item('No coupon').className).toMatch(/adm-selector-item-active/);
  fireEvent.click(within(picker).getByText('¥80 fee-discount coupon'));
  expect(item('¥80 fee-discount coupon').className).toMatch(/adm-selector-item-active/);
  await act(async () => fireEvent.click(screen.getByTestId('ticket-submit')));
  await screen.findByTestId('ticket-placed');
  const placed = calls.filter((c) => c.action === 'place');
  expect(placed).toHaveLength(1);
  expect(placed[0]?.form.couponId).toBe('4');
});

test('no coupon picked: the order carries none', async () => {
  const calls = await openTicket({ place: () => ok({ id: 41, orderNo: 'K00000041', status: 'pending' }) });
  await screen.findByTestId('ticket-coupons');
  await act(async () => fireEvent.click(screen.getByTestId('ticket-submit')));
  await screen.findByTestId('ticket-placed');
  expect(calls.find((c) => c.action === 'place')?.form.couponId).toBeUndefined();
});

test('at a ¥0 commission it says plainly that the coupon saves ¥0', async () => {
  await openTicket({ estimate: estimateWith('0') });
  await screen.findByTestId('ticket-coupons');
  expect(option(4).textContent).toMatch(/^Saves ¥0 on this order \(commission ¥0 at the published schedule\)/);
  expect(screen.getByTestId('ticket-coupon-note').textContent).toBe(
    'The commission on this order is ¥0 at the published schedule, so a coupon saves ¥0 here; it is usable again when the order ends.',
  );
});

test.each([
  ['tw', '此筆委託可省 ¥0'],
  ['jp', 'この注文で¥0割引'],
] as const)('in %s the saving is said without Latin words', async (lang, saves) => {
  await openTicket({ estimate: estimateWith('0') }, lang);
  const picker = await screen.findByTestId('ticket-coupons');
  expect(picker.textContent).toContain(saves);
  expect(picker.textContent).not.toMatch(/[A-Za-z]/);
});

test('the server’s refusal of the coupon is shown with its figures, and the order is not placed', async () => {
  await openTicket({
    place: () => refused(MSG.couponNotApplicable, { rule: 'min-order-value', couponId: 4, minOrderValue: yen('100000'), orderValue: yen('90000') }),
  });
  const picker = await screen.findByTestId('ticket-coupons');
  fireEvent.click(within(picker).getByText('¥80 fee-discount coupon'));
  await act(async () => fireEvent.click(screen.getByTestId('ticket-submit')));
  await waitFor(() =>
    expect(screen.getByTestId('ticket-error').textContent).toBe('This coupon does not apply here · Needs an order of at least ¥100,000; this order: ¥90,000'),
  );
  expect(screen.queryByTestId('ticket-placed')).toBeNull();
});
