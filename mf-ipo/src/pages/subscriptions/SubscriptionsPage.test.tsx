// My applications as the customer uses them: status, winning quantity, lots, total price,
// amount paid; paying or waiving a won application asks for the fund password first and
// sends nothing without it; a refusal (say, past the deadline) is shown in the form.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MSG, resetHost, translateMessage } from '@kabuto/shared-sdk';
import { application, page } from '../../test-utils/fixtures';
import { installIpoServer, ok, refused, renderIpo, yen } from '../../test-utils/render-ipo';
import SubscriptionsPage from './SubscriptionsPage';

afterEach(() => resetHost());

const input = (testId: string) => screen.getByTestId(testId).querySelector('input') as HTMLInputElement;

test('a won application is paid after the fund password, and the list then shows it paid', async () => {
  let paid = false;
  const calls = installIpoServer({
    mine: () =>
      ok(
        page([
          paid ? application({ status: 'paid', amountPaid: yen('130000'), escrowed: yen('0'), refunded: yen('275000'), actions: [] }) : application(),
          application({
            id: 32,
            code: '9992',
            status: 'lost',
            wonQuantity: 0,
            wonLots: 0,
            totalPrice: yen('0'),
            offerPrice: '800',
            escrowed: yen('0'),
            refunded: yen('90000'),
            actions: [],
          }),
        ]),
      ),
    pay: () => {
      paid = true;
      return ok(application({ status: 'paid' }));
    },
  });
  renderIpo(<SubscriptionsPage />);
  const rows = await screen.findAllByTestId('ipo-subscription');
  expect(rows.map((r) => r.getAttribute('data-status'))).toEqual(['awaitingPayment', 'lost']);
  const won = rows[0] as HTMLElement;
  expect(within(won).getByTestId('ipo-subscription-status').textContent).toBe('Awaiting payment');
  expect(within(won).getByTestId('ipo-subscription-won').textContent).toBe('100 shares');
  expect(within(won).getByTestId('ipo-subscription-lots').textContent).toBe('1 / 3');
  expect(within(won).getByTestId('ipo-subscription-total').textContent).toBe('¥130,000');
  expect(within(rows[1] as HTMLElement).getByTestId('ipo-subscription-status').textContent).toBe('Not won');
  expect(within(rows[1] as HTMLElement).getByTestId('ipo-subscription-refunded').textContent).toBe('¥90,000');
  expect(within(rows[1] as HTMLElement).queryByTestId('ipo-pay')).toBeNull();

  await act(async () => fireEvent.click(within(won).getByTestId('ipo-pay')));
  expect(screen.getByTestId('ipo-pay-form').textContent).toContain('Pay ¥130,000 for 100 shares of Sakura Robotics?');
  await act(async () => fireEvent.click(screen.getByTestId('ipo-pay-submit')));
  expect(calls.some((c) => c.action === 'pay')).toBe(false);
  fireEvent.change(input('ipo-pay-fund-password'), { target: { value: '246810' } });
  await act(async () => fireEvent.click(screen.getByTestId('ipo-pay-submit')));
  expect(calls.find((c) => c.action === 'pay')?.form).toMatchObject({ id: '31', fundPassword: '246810' });
  await waitFor(() => expect(screen.getAllByTestId('ipo-subscription')[0]?.getAttribute('data-status')).toBe('paid'));
  expect(screen.getAllByTestId('ipo-subscription-paid')[0]?.textContent).toBe('¥130,000');
});

test.each(['en', 'tw', 'jp'] as const)('in %s a waiver refused by the server says why, in the form', async (lang) => {
  const calls = installIpoServer({
    mine: () => ok(page([application()])),
    waive: () => refused(MSG.orderNotSubscribing),
  });
  renderIpo(<SubscriptionsPage />, { lang });
  await act(async () => fireEvent.click(await screen.findByTestId('ipo-waive')));
  // Waiving only returns the escrow: a confirmation, no fund password.
  expect(screen.queryByTestId('ipo-waive-fund-password')).toBeNull();
  await act(async () => fireEvent.click(screen.getByTestId('ipo-waive-submit')));
  expect((await screen.findByTestId('ipo-waive-error')).textContent).toBe(translateMessage(MSG.orderNotSubscribing, lang));
  expect(calls.filter((c) => c.action === 'waive')).toHaveLength(1);
});

test('no application yet is an empty state, in the page language', async () => {
  installIpoServer({ mine: () => ok(page([])) });
  renderIpo(<SubscriptionsPage />, { lang: 'jp' });
  await waitFor(() => expect(screen.getByTestId('ipo-subscriptions-state').textContent).toBe('まだ新規公開株に申し込んでいません'));
});

test.each([
  ['tw', '請於 2026/12/01\u200915:00（日本時間）前繳款'],
  ['jp', '2026/12/01 15:00（日本時間）までに購入手続き'],
  ['en', 'Pay by 01/12/2026, 15:00 JST'],
] as const)('in %s a won application names its payment deadline; a lost one does not', async (lang, text) => {
  installIpoServer({
    mine: () => ok(page([application(), application({ id: 32, status: 'lost', wonQuantity: 0, wonLots: 0, actions: [] })])),
  });
  renderIpo(<SubscriptionsPage />, { lang });
  const [won, lost] = await screen.findAllByTestId('ipo-subscription');
  expect(within(won as HTMLElement).getByTestId('ipo-subscription-deadline').textContent).toBe(text);
  expect(within(lost as HTMLElement).queryByTestId('ipo-subscription-deadline')).toBeNull();
});
