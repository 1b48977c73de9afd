// Applying for a new share as the customer does: the issues of the chosen status, the hold
// one's lots need, the fund password asked before anything is sent, the server's refusal shown.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MSG, resetHost, translateMessage } from '@kabuto/shared-sdk';
import { application, issue, page } from '../../test-utils/fixtures';
import { installIpoServer, ok, refused, renderIpo, yen } from '../../test-utils/render-ipo';
import SubscribePage from './SubscribePage';

afterEach(() => resetHost());

const passwordInput = () => screen.getByTestId('ipo-apply-fund-password').querySelector('input') as HTMLInputElement;

const POWER = { cash: yen('1000000'), holds: [], buyingPower: yen('1000000'), withdrawable: yen('1000000'), unsettled: [] };

test('lists the issues of each status and applies for whole lots only after the fund password', async () => {
  const calls = installIpoServer({
    buyingPower: () => ok(POWER),
    list: (form) => ok(page(form.status === 'applying' ? [issue()] : form.status === 'listed' ? [issue({ code: '9991', status: 'listed', actions: [] })] : [])),
    apply: (form) =>
      ok(
        application({ status: 'applying', quantity: Number(form.quantity), wonQuantity: 0, escrowed: yen(String(Number(form.quantity) * 1350)), actions: [] }),
      ),
  });
  renderIpo(<SubscribePage />);
  const card = await screen.findByTestId('ipo-issue');
  expect(calls.find((c) => c.action === 'list')?.form).toEqual({ status: 'applying' });
  expect(within(card).getByTestId('ipo-issue-range').textContent).toBe('¥1,200 – ¥1,350');
  expect(within(card).getByTestId('ipo-issue-required').textContent).toBe('¥135,000');
  expect(within(card).getByTestId('ipo-issue-status').textContent).toBe('Applying');
  expect(card.textContent).toContain('Simulated');
  expect((await screen.findByTestId('ipo-buying-power')).textContent).toBe('Buying power ¥1,000,000');

  await act(async () => fireEvent.click(screen.getByTestId('ipo-apply-open')));
  fireEvent.click(screen.getByLabelText('One lot more'));
  fireEvent.click(screen.getByLabelText('One lot more'));
  expect(screen.getByTestId('ipo-apply-hold').textContent).toBe('¥405,000');
  expect(screen.getByTestId('ipo-apply-after').textContent).toBe('¥595,000');

  await act(async () => fireEvent.click(screen.getByTestId('ipo-apply-submit')));
  expect(calls.some((c) => c.action === 'apply')).toBe(false);
  expect(screen.getByTestId('ipo-apply-confirm')).toBeTruthy();
  await act(async () => fireEvent.click(screen.getByTestId('ipo-apply-submit')));
  expect(screen.getByTestId('ipo-apply-error').textContent).toBe('Enter the fund password to confirm the order');
  expect(calls.some((c) => c.action === 'apply')).toBe(false);

  fireEvent.change(passwordInput(), { target: { value: '246810' } });
  await act(async () => fireEvent.click(screen.getByTestId('ipo-apply-submit')));
  const sent = calls.find((c) => c.action === 'apply')?.form;
  expect(sent).toMatchObject({ code: '9990', quantity: '300', fundPassword: '246810' });
  expect(sent?.idempotencyKey).toMatch(/^[\w-]{8,64}$/);
  expect((await screen.findByTestId('ipo-applied')).textContent).toBe('Application IPO00000031 received: ¥405,000 held until the draw.');

  await act(async () => fireEvent.click(screen.getByTestId('ipo-status-listed')));
  await waitFor(() => expect(screen.getByTestId('ipo-issue').getAttribute('data-status')).toBe('listed'));
  expect(screen.getByTestId('ipo-issue-verify')).toBeTruthy();
});

// Opens the form, submits it once to be asked for the fund password, then submits with it.
async function applyWithFundPassword(lang: 'en' | 'tw' | 'jp') {
  renderIpo(<SubscribePage />, { lang });
  await act(async () => fireEvent.click(await screen.findByTestId('ipo-apply-open')));
  await act(async () => fireEvent.click(screen.getByTestId('ipo-apply-submit')));
  fireEvent.change(passwordInput(), { target: { value: '246810' } });
  await act(async () => fireEvent.click(screen.getByTestId('ipo-apply-submit')));
}

test.each(['en', 'tw', 'jp'] as const)('in %s a refused application shows the catalogue message inside the form', async (lang) => {
  installIpoServer({
    buyingPower: () => ok(POWER),
    list: () => ok(page([issue()])),
    apply: () => refused(MSG.subscribeOnceOnly),
  });
  await applyWithFundPassword(lang);
  expect((await screen.findByTestId('ipo-apply-error')).textContent).toBe(translateMessage(MSG.subscribeOnceOnly, lang));
});

test.each([
  ['tw', '需要 ¥405,000，可用資金 ¥100,000'],
  ['jp', '必要額 ¥405,000、買付余力 ¥100,000'],
  ['en', 'Required ¥405,000, buying power ¥100,000'],
] as const)('in %s a refusal for buying power names the escrow and the buying power after the message', async (lang, figures) => {
  installIpoServer({
    buyingPower: () => ok(POWER),
    list: () => ok(page([issue()])),
    apply: () => refused(MSG.insufficientBuyingPower, { rule: 'buying-power', required: yen('405000'), buyingPower: yen('100000') }),
  });
  await applyWithFundPassword(lang);
  expect((await screen.findByTestId('ipo-apply-error')).textContent).toBe(`${translateMessage(MSG.insufficientBuyingPower, lang)} · ${figures}`);
});

test.each([
  ['tw', '2026/12/04'],
  ['jp', '2026/12/04'],
  ['en', '04/12/2026'],
] as const)('in %s an issue’s listing date reads as the language writes a date', async (lang, listing) => {
  installIpoServer({ buyingPower: () => ok(POWER), list: () => ok(page([issue()])) });
  renderIpo(<SubscribePage />, { lang });
  expect(within(await screen.findByTestId('ipo-issue')).getByTestId('ipo-issue-listing').textContent).toBe(listing);
  await screen.findByTestId('ipo-buying-power');
});

test('an empty status and a failed load go through the page state', async () => {
  let fail = true;
  installIpoServer({
    buyingPower: () => ok(POWER),
    list: () => (fail ? refused(MSG.systemBusy) : ok(page([]))),
  });
  renderIpo(<SubscribePage />);
  await waitFor(() => expect(screen.getByTestId('ipo-issues-state').getAttribute('role')).toBe('alert'));
  fail = false;
  await act(async () => fireEvent.click(screen.getByTestId('page-state-retry')));
  await waitFor(() => expect(screen.getByTestId('ipo-issues-state').textContent).toBe('No issues with this status'));
});

test('the buying power shown, the figure after the escrow and a refusal’s figure are the one the server checks', async () => {
  // The server's figure moves (a sale settles, another order holds): after a refusal the screen
  // shows what the refusal named, never the stale figure it had before.
  let power = '249550';
  const calls = installIpoServer({
    buyingPower: () => ok({ ...POWER, buyingPower: yen(power) }),
    list: () => ok(page([issue({ requiredPerLot: yen('140000') })])),
    apply: () => {
      power = '5650';
      return refused(MSG.insufficientBuyingPower, { rule: 'buying-power', required: yen('140000'), buyingPower: yen('5650') });
    },
  });
  renderIpo(<SubscribePage />);
  expect((await screen.findByTestId('ipo-buying-power')).textContent).toBe('Buying power ¥249,550');
  await act(async () => fireEvent.click(screen.getByTestId('ipo-apply-open')));
  expect(screen.getByTestId('ipo-apply-after').textContent).toBe('¥109,550');
  await act(async () => fireEvent.click(screen.getByTestId('ipo-apply-submit')));
  fireEvent.change(passwordInput(), { target: { value: '246810' } });
  await act(async () => fireEvent.click(screen.getByTestId('ipo-apply-submit')));
  expect((await screen.findByTestId('ipo-apply-error')).textContent).toContain('buying power ¥5,650');
  await waitFor(() => expect(screen.getByTestId('ipo-buying-power').textContent).toBe('Buying power ¥5,650'));
  expect(screen.getByTestId('ipo-apply-after').textContent).toBe('-¥134,350');
  // Every figure came from trade/buyingPower, the function ipo/apply checks with.
  expect(calls.filter((c) => c.action === 'buyingPower').length).toBeGreaterThanOrEqual(2);
});

test.each([
  ['tw', '2026/12/01\u200915:00（日本時間）'],
  ['jp', '2026/12/01 15:00（日本時間）'],
  ['en', '01/12/2026, 15:00 JST'],
] as const)('in %s an issue’s payment deadline names the date, time and Japan time', async (lang, deadline) => {
  installIpoServer({ buyingPower: () => ok(POWER), list: () => ok(page([issue()])) });
  renderIpo(<SubscribePage />, { lang });
  expect(within(await screen.findByTestId('ipo-issue')).getByTestId('ipo-issue-deadline').textContent).toBe(deadline);
  await screen.findByTestId('ipo-buying-power');
});

test('without a fund password the form says so at its top, and an application started is kept while one is set', async () => {
  sessionStorage.clear();
  const server = {
    buyingPower: () => ok(POWER),
    info: () => ok({ id: 1, account: '0901234567', hasFundPassword: false }),
    list: () => ok(page([issue()])),
  };
  installIpoServer(server);
  renderIpo(<SubscribePage />);
  await screen.findByTestId('ipo-issue');
  await act(async () => fireEvent.click(screen.getByTestId('ipo-apply-open')));
  const notice = await screen.findByTestId('ipo-apply-needs-fund-password');
  expect(notice.compareDocumentPosition(screen.getByTestId('ipo-apply-lots')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  fireEvent.click(screen.getByLabelText('One lot more'));
  fireEvent.click(screen.getByLabelText('One lot more'));
  fireEvent.click(screen.getByTestId('ipo-apply-set-fund-password'));
  // Back from setting it: the page opens the application again with its three lots.
  cleanup();
  installIpoServer({ ...server, info: () => ok({ id: 1, account: '0901234567', hasFundPassword: true }) });
  renderIpo(<SubscribePage />);
  expect(((await screen.findByTestId('ipo-apply-lots')).querySelector('input') as HTMLInputElement).value).toBe('3');
  expect(screen.queryByTestId('ipo-apply-needs-fund-password')).toBeNull();
});
