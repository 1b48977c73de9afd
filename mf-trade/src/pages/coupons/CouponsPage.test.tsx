// The coupons page as the customer uses it: the sign-in section (today, streak calendar, the
// published table, one tap), the three tabs with each coupon's rules, a cash coupon redeemed with
// its postings shown, a refusal in the catalogue's words, and the page in jp.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetHost } from '@kabuto/shared-sdk';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { CouponsAnswer, CouponView, SignInStatus } from '@kabuto/shared-sdk/schemas';
import { installTradeServer, ok, refused, renderTrade, yen } from '../../test-utils/render-trade';
import CouponsPage from './CouponsPage';

afterEach(() => resetHost());

const status = (patch: Partial<SignInStatus> = {}): SignInStatus => ({
  today: '2026-12-03',
  businessDay: true,
  signedInToday: false,
  streak: 2,
  points: 20,
  calendar: [
    { date: '2026-12-01', signedIn: true },
    { date: '2026-12-02', signedIn: true },
    { date: '2026-12-03', signedIn: false },
  ],
  rewards: [
    { streak: 1, points: 10, coupon: null },
    { streak: 3, points: 10, coupon: { kind: 'cash', value: yen('100'), validDays: 30 } },
    { streak: 7, points: 10, coupon: { kind: 'cash', value: yen('300'), validDays: 30 } },
  ],
  ...patch,
});

const coupon = (patch: Partial<CouponView> = {}): CouponView => ({
  id: 4,
  kind: 'cash',
  source: 'sign-in-streak',
  sourceDetail: 'streak 3 on 2026-12-03',
  value: yen('100'),
  minOrderValue: null,
  expiresOn: '2027-01-02',
  state: 'usable',
  usedAt: null,
  usedFor: null,
  orderPositionId: null,
  ...patch,
});

const coupons = (patch: Partial<CouponsAnswer> = {}): CouponsAnswer => ({
  usable: [coupon(), coupon({ id: 5, kind: 'fee-discount', source: 'campaign', sourceDetail: 'winter', value: yen('300'), minOrderValue: yen('100000') })],
  used: [],
  expired: [coupon({ id: 2, state: 'expired', expiresOn: '2026-11-01' })],
  ...patch,
});

it('signs in once with one tap and shows the streak, calendar and the published rewards', async () => {
  let signed = false;
  const calls = installTradeServer({
    signInStatus: () => ok(status({ signedInToday: signed, streak: signed ? 3 : 2 })),
    coupons: () => ok(coupons()),
    signIn: () => {
      signed = true;
      return ok({ date: '2026-12-03', streak: 3, points: 10, coupon: coupon(), already: false });
    },
  });
  renderTrade(<CouponsPage />);
  expect((await screen.findByTestId('sign-in-today')).textContent).toContain('Not signed in today');
  expect(screen.getByTestId('sign-in-day-2026-12-02').getAttribute('data-signed')).toBe('true');
  expect(screen.getByTestId('reward-row-3').textContent).toContain('10 points + ¥100 cash coupon (valid 30 days)');
  expect(screen.getByTestId('reward-row-7').textContent).toContain('¥300 cash coupon');
  fireEvent.click(screen.getByTestId('sign-in-button'));
  expect((await screen.findByTestId('sign-in-result')).textContent).toContain('Streak 3: you earned a coupon worth ¥100');
  await waitFor(() => expect(screen.getByTestId('sign-in-today').textContent).toContain('Signed in today'));
  expect(screen.getByTestId('sign-in-button').hasAttribute('disabled')).toBe(true);
  expect(calls.filter((c) => c.action === 'signIn')).toHaveLength(1);
});

it('lists coupons by tab with their rules; the fee discount says it saves ¥0 while commission is ¥0', async () => {
  installTradeServer({ signInStatus: () => ok(status()), coupons: () => ok(coupons()) });
  renderTrade(<CouponsPage />);
  expect((await screen.findByTestId('coupons-tab-usable')).textContent).toContain('Usable (2)');
  const cards = screen.getAllByTestId('coupon');
  expect(within(cards[0] as HTMLElement).getByTestId('coupon-rule').textContent).toContain(
    'Credits ¥100 to your cash from the broker’s marketing expense, once',
  );
  expect(within(cards[1] as HTMLElement).getByTestId('coupon-rule').textContent).toContain(
    'Takes up to ¥300 off the commission of one order of at least ¥100,000. Pick it in the order ticket, which shows what it saves at the published schedule (the commission is ¥0 by default, so by default it saves ¥0).',
  );
  expect(within(cards[1] as HTMLElement).queryByTestId('coupon-redeem')).toBeNull();
  expect(screen.getByTestId('coupons-never').textContent).toContain('never conditions a withdrawal');
  fireEvent.click(screen.getByTestId('coupons-tab-expired'));
  await waitFor(() => expect(screen.getAllByTestId('coupon')).toHaveLength(1));
  expect(screen.getByTestId('coupon').getAttribute('data-state')).toBe('expired');
  fireEvent.click(screen.getByTestId('coupons-tab-used'));
  expect((await screen.findByTestId('coupons-empty')).textContent).toContain('No coupons here');
});

it('a fee-discount coupon names the order that used it or holds it, linked', async () => {
  installTradeServer({
    signInStatus: () => ok(status()),
    coupons: () =>
      ok(
        coupons({
          usable: [],
          used: [
            coupon({ id: 8, kind: 'fee-discount', state: 'used', usedAt: '2026-12-03T01:00:00.000Z', usedFor: 'order:77', orderPositionId: 41 }),
            coupon({ id: 9, kind: 'fee-discount', state: 'used', orderPositionId: 42 }),
          ],
        }),
      ),
  });
  renderTrade(<CouponsPage />, { path: '/?tab=used' });
  await waitFor(() => expect(screen.getAllByTestId('coupon-order')).toHaveLength(2));
  const [used, held] = screen.getAllByTestId('coupon-order') as [HTMLElement, HTMLElement];
  expect(used.textContent).toBe('Discounted the commission of an order · View the order');
  expect(held.textContent).toBe('Held by an open order: usable again if it ends with no commission · View the order');
  expect(within(used).getByTestId('coupon-order-link').getAttribute('href')).toContain('41');
});

it('redeems a cash coupon once and keeps its postings shown after the coupon moves to the used tab', async () => {
  let used = false;
  const calls = installTradeServer({
    signInStatus: () => ok(status()),
    coupons: () =>
      ok(
        used
          ? coupons({ usable: [], used: [coupon({ state: 'used', usedAt: '2026-12-03T01:00:00.000Z', usedFor: 'journal:9' })] })
          : coupons({ usable: [coupon()] }),
      ),
    redeem: (form) => {
      used = true;
      return form.couponId === '4'
        ? ok({
            coupon: coupon({ state: 'used', usedAt: '2026-12-03T01:00:00.000Z', usedFor: 'journal:9' }),
            journalId: '9',
            postings: [
              { account: 'marketing_expense:JPY', amount: yen('-100') },
              { account: 'customer_cash:JPY:u7', amount: yen('100') },
            ],
          })
        : refused(MSG.couponAlreadyUsed);
    },
  });
  renderTrade(<CouponsPage />);
  fireEvent.click(await screen.findByTestId('coupon-redeem'));
  expect((await screen.findByTestId('coupon-redeemed')).textContent).toContain('Redeemed: ¥100 is in your cash');
  // The list refetched: the coupon left the usable tab, the redemption and its postings stay.
  expect(await screen.findByTestId('coupons-empty')).toBeTruthy();
  expect(screen.getByTestId('coupons-tab-used').textContent).toContain('Used (1)');
  const postings = screen.getAllByTestId('coupon-posting');
  expect(postings[0]?.textContent).toContain('Broker marketing expense');
  expect(postings[0]?.textContent).toContain('-¥100');
  expect(postings[1]?.textContent).toContain('Your cash');
  const redeem = calls.find((c) => c.action === 'redeem');
  expect(redeem?.form).toMatchObject({ couponId: '4' });
  expect(redeem?.form.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
});

it('shows the refusal of a used coupon in the reader’s language', async () => {
  installTradeServer({ signInStatus: () => ok(status()), coupons: () => ok(coupons({ usable: [coupon()] })), redeem: () => refused(MSG.couponAlreadyUsed) });
  renderTrade(<CouponsPage />, { lang: 'jp' });
  fireEvent.click(await screen.findByTestId('coupon-redeem'));
  expect((await screen.findByTestId('coupon-error')).textContent).toContain('このクーポンは使用済みです');
  expect(screen.getByTestId('sign-in-button').textContent).toContain('本日のサインイン');
});

it('on a day that is not a business day the button is off and the streak is kept', async () => {
  installTradeServer({ signInStatus: () => ok(status({ businessDay: false })), coupons: () => ok(coupons()) });
  renderTrade(<CouponsPage />, { lang: 'tw' });
  expect((await screen.findByTestId('sign-in-today')).textContent).toContain('今日非營業日');
  expect(screen.getByTestId('sign-in-button').hasAttribute('disabled')).toBe(true);
});
