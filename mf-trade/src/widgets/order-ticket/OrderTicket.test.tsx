// The order ticket as the customer uses it: the estimate from the server, early refusals
// with the catalogue's message (nothing sent), the fund password, one idempotency key per
// submission reused on a retry, and the margin application when margin is not enabled.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { ROUTES, resetHost, useSetFundPasswordMutation } from '@kabuto/shared-sdk';
import { useLocation, useNavigate } from 'react-router-dom';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { TicketInfo } from '@kabuto/shared-sdk/schemas';
import { userInfo } from '../../test-utils/fixtures';
import { noFees, ticketInfo, typeInto } from '../../test-utils/ticket';
import { installTradeServer, ok, refused, renderTrade, yen, type Handler } from '../../test-utils/render-trade';
import { OrderTicket } from './OrderTicket';

const TICKET = ticketInfo({ skipFundPassword: false });
const FEES = noFees({ tw: '日本股票交易不收印花稅', jp: '日本の株式取引に印紙税はかかりません', en: 'No stamp duty on share trades in Japan' });
const estimate: Handler = (form) => {
  const value = String(Number(form.price ?? '3290') * 100 * Number(form.lots));
  const margin = form.product === 'margin' ? String(Math.ceil(Number(value) / Number(form.leverage))) : '0';
  const hold = form.product === 'margin' ? margin : value;
  return ok({
    quantity: Number(form.lots) * 100,
    estimatePrice: form.price ?? '3290',
    value: yen(value),
    fees: FEES,
    marginRequired: yen(margin),
    hold: yen(hold),
    buyingPower: yen('1000000'),
    buyingPowerAfter: yen(String(1000000 - Number(hold))),
  });
};
const POSITION = { id: 41, orderNo: 'K00000041', status: 'pending' };
const GRANT = 'G'.repeat(43);
const grantOk: Handler = () => ok({ grant: GRANT, expiresAt: '2026-01-01T00:02:00.000Z', ttlSeconds: 120 });

afterEach(() => resetHost());

async function openTicket(handlers: Record<string, Handler>, ticket: Partial<TicketInfo> = {}, lang: 'en' | 'tw' | 'jp' = 'en') {
  const calls = installTradeServer({
    ticket: () => ok({ ...TICKET, ...ticket }),
    info: () => ok(userInfo()),
    estimate,
    fundPasswordGrant: grantOk,
    ...handlers,
  });
  renderTrade(<OrderTicket code="7203" side="buy" bestBid={27900} bestAsk={27905} last={27905} />, { lang });
  // The ticket shows once both the ticket and user/info have answered (what its button does first depends on them).
  await screen.findByTestId('order-ticket');
  return calls;
}

test('the estimate shows the server’s cost, fees, hold and buying power after; the price starts at the best ask', async () => {
  await openTicket({});
  expect((screen.getByTestId('ticket-price').querySelector('input') as HTMLInputElement).value).toBe('2790.5');
  await waitFor(() => expect(screen.getByTestId('estimate-value').textContent).toBe('¥279,050'));
  expect(screen.getByTestId('estimate-buying-power-after').textContent).toBe('¥720,950');
  expect(screen.getByText('No stamp duty on share trades in Japan')).toBeTruthy();
  // The live best bid / ask of the page's quote stream, tappable into the price.
  fireEvent.click(screen.getByTestId('ticket-best-bid'));
  expect((screen.getByTestId('ticket-price').querySelector('input') as HTMLInputElement).value).toBe('2790');
  fireEvent.click(screen.getByTestId('ticket-price-up'));
  expect((screen.getByTestId('ticket-price').querySelector('input') as HTMLInputElement).value).toBe('2790.5');
});

test.each([
  ['en', '2790.3', 'The price is not on a valid tick · Nearest valid prices ¥2,790 and ¥2,790.5'],
  ['tw', '2790.3', '價格不符合最小變動單位 · 最接近的有效價格 ¥2,790 與 ¥2,790.5'],
  ['jp', '9999', '値幅制限を超えています · 本日 ¥2,290～¥3,290'],
] as const)('in %s a price of ¥%s is refused with the catalogue message and its figures, once, and nothing is placed', async (lang, price, told) => {
  const calls = await openTicket({ place: () => ok(POSITION) }, {}, lang);
  typeInto('ticket-price', price);
  fireEvent.click(screen.getByTestId('ticket-submit'));
  expect((await screen.findByTestId('ticket-error')).textContent).toBe(told);
  // The live line of the same problem is not shown beside the button's refusal.
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(screen.queryByTestId('ticket-problem')).toBeNull();
  expect(calls.filter((c) => c.action === 'place' || c.form.price === price)).toEqual([]);
});

test.each([
  ['en', 'The price is not on a valid tick · Nearest valid prices ¥2,790 and ¥2,790.5'],
  ['jp', '呼値の単位に合っていない価格です · 近い有効な価格 ¥2,790・¥2,790.5'],
  ['tw', '價格不符合最小變動單位 · 最接近的有效價格 ¥2,790 與 ¥2,790.5'],
] as const)('in %s an off-tick price is said as soon as typing pauses, with the valid prices either side', async (lang, told) => {
  const calls = await openTicket({}, {}, lang);
  typeInto('ticket-price', '2790.3');
  expect((await screen.findByTestId('ticket-problem')).textContent).toBe(told);
  expect(screen.queryByTestId('ticket-error')).toBeNull();
  expect(calls.filter((c) => c.form.price === '2790.3')).toEqual([]);
  // Mended, the problem goes and the estimate comes back.
  typeInto('ticket-price', '2790.5');
  await waitFor(() => expect(screen.queryByTestId('ticket-problem')).toBeNull());
  await screen.findByTestId('ticket-estimate');
});

test('an estimate beyond the buying power says so before the fund password is asked for', async () => {
  await openTicket({}, {}, 'jp');
  typeInto('ticket-lots', '40');
  await waitFor(() => expect(screen.getByTestId('estimate-buying-power-after').textContent).toBe('-¥10,162,000'));
  expect(screen.getByTestId('estimate-insufficient').textContent).toBe('買付余力が不足しています · 必要額 ¥11,162,000、買付余力 ¥1,000,000');
  typeInto('ticket-lots', '1');
  await waitFor(() => expect(screen.getByTestId('estimate-buying-power-after').textContent).toBe('¥720,950'));
  expect(screen.queryByTestId('estimate-insufficient')).toBeNull();
});

test('placing asks for the fund password once: checked into a grant the ticket’s orders send; a retry reuses its idempotency key, a new order gets a new one', async () => {
  let answers = [refused(MSG.systemBusy), ok(POSITION)];
  const calls = await openTicket({ place: () => answers.shift() ?? ok(POSITION) });
  fireEvent.click(screen.getByTestId('ticket-submit'));
  await screen.findByTestId('ticket-confirm');
  expect(calls.filter((c) => c.action === 'place')).toEqual([]);
  typeInto('ticket-fund-password', '246810');
  await act(async () => fireEvent.click(screen.getByTestId('ticket-submit')));
  await screen.findByTestId('ticket-error');
  await act(async () => fireEvent.click(screen.getByTestId('ticket-submit')));
  const placed = await screen.findByTestId('ticket-placed');
  expect(placed.textContent).toContain('K00000041');
  const places = calls.filter((c) => c.action === 'place');
  expect(places).toHaveLength(2);
  expect(places[0]?.form).toMatchObject({
    code: '7203',
    side: 'buy',
    product: 'cash',
    orderType: 'limit',
    price: '2790.5',
    lots: '1',
    leverage: '1',
    fundPasswordGrant: GRANT,
  });
  expect(places[0]?.form.fundPassword).toBeUndefined();
  expect(places[0]?.form.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  expect(places[1]?.form.idempotencyKey).toBe(places[0]?.form.idempotencyKey);
  // The password was checked once, into the grant.
  expect(calls.filter((c) => c.action === 'fundPasswordGrant').map((c) => c.form)).toEqual([{ fundPassword: '246810' }]);

  // The next order of the ticket goes with the grant: no password asked.
  answers = [ok(POSITION)];
  fireEvent.click(screen.getByTestId('ticket-another'));
  await act(async () => fireEvent.click(await screen.findByTestId('ticket-submit')));
  await screen.findByTestId('ticket-placed');
  const third = calls.filter((c) => c.action === 'place')[2];
  expect(third?.form.fundPasswordGrant).toBe(GRANT);
  expect(third?.form.idempotencyKey).not.toBe(places[0]?.form.idempotencyKey);
  expect(calls.filter((c) => c.action === 'fundPasswordGrant')).toHaveLength(1);
});

test('a grant the server no longer takes: the refusal is shown and the ticket asks for the password again', async () => {
  const answers = [ok(POSITION), refused(MSG.fundPasswordGrantInvalid), ok(POSITION)];
  const calls = await openTicket({ place: () => answers.shift() ?? ok(POSITION) });
  fireEvent.click(screen.getByTestId('ticket-submit'));
  typeInto('ticket-fund-password', '246810');
  await act(async () => fireEvent.click(screen.getByTestId('ticket-submit')));
  await screen.findByTestId('ticket-placed');
  fireEvent.click(screen.getByTestId('ticket-another'));
  await act(async () => fireEvent.click(await screen.findByTestId('ticket-submit')));
  expect((await screen.findByTestId('ticket-error')).textContent).toBe(
    'The fund password confirmation has expired or is not valid. Please enter the fund password again',
  );
  typeInto('ticket-fund-password', '246810');
  await act(async () => fireEvent.click(screen.getByTestId('ticket-submit')));
  await screen.findByTestId('ticket-placed');
  expect(calls.filter((c) => c.action === 'fundPasswordGrant')).toHaveLength(2);
});

test('the placed order follows its venue answer: accepted pending (注文受付), shown holding once filled', async () => {
  await openTicket(
    { place: () => ok({ ...POSITION, status: 'pending' }), detail: () => ok({ ...POSITION, status: 'holding', orders: [], fills: [], postings: [] }) },
    { skipFundPassword: true },
    'jp',
  );
  await act(async () => fireEvent.click(screen.getByTestId('ticket-submit')));
  const placed = await screen.findByTestId('ticket-placed');
  await waitFor(() => expect(placed.getAttribute('data-status')).toBe('holding'));
  expect(placed.querySelector('p')?.textContent).toBe(`注文 ${POSITION.orderNo} を受け付けました：保有中`);
});

test('a server refusal is shown translated in the ticket', async () => {
  await openTicket({ place: () => refused(MSG.insufficientBuyingPower) }, { skipFundPassword: true }, 'jp');
  await act(async () => fireEvent.click(screen.getByTestId('ticket-submit')));
  expect((await screen.findByTestId('ticket-error')).textContent).toBe('買付余力が不足しています');
});

test.each([
  ['jp', { rule: 'buying-power', required: yen('279050'), buyingPower: yen('1000') }, '買付余力が不足しています · 必要額 ¥279,050、買付余力 ¥1,000'],
  ['en', { rule: 'minimum-deposit', required: yen('300000'), cash: yen('1000') }, 'Cash is below the margin minimum deposit · Required ¥300,000, cash ¥1,000'],
  ['tw', { rule: 'daily-price-limit', price: '2790.5', lowerLimit: '2290', upperLimit: '3290' }, '超出漲跌停價格限制 · 今日 ¥2,290 – ¥3,290'],
] as const)('in %s a server refusal names its figures after the message', async (lang, figures, told) => {
  const msg =
    figures.rule === 'buying-power' ? MSG.insufficientBuyingPower : figures.rule === 'minimum-deposit' ? MSG.marginMinimumDeposit : MSG.priceLimitExceeded;
  await openTicket({ place: () => refused(msg, figures) }, { skipFundPassword: true }, lang);
  await act(async () => fireEvent.click(screen.getByTestId('ticket-submit')));
  expect((await screen.findByTestId('ticket-error')).textContent).toBe(told);
});

test('without a fund password the refusal offers the way to set one; other refusals do not', async () => {
  const answers = [refused(MSG.fundPasswordNotSet), refused(MSG.systemBusy)];
  await openTicket({ place: () => answers.shift() ?? ok(POSITION) }, {}, 'jp');
  fireEvent.click(screen.getByTestId('ticket-submit'));
  typeInto('ticket-fund-password', '246810');
  await act(async () => fireEvent.click(screen.getByTestId('ticket-submit')));
  expect((await screen.findByTestId('ticket-error')).textContent).toBe('先に取引暗証番号を設定してください');
  expect(screen.getByTestId('ticket-set-fund-password').textContent).toBe('取引暗証番号を設定');
  await act(async () => fireEvent.click(screen.getByTestId('ticket-submit')));
  await waitFor(() => expect(screen.queryByTestId('ticket-set-fund-password')).toBeNull());
  expect(screen.getByTestId('ticket-error').textContent).not.toBe('先に取引暗証番号を設定してください');
});

test.each([
  ['jp', '先に取引暗証番号を設定してください', '取引暗証番号を設定'],
  ['tw', '請先設定資金密碼', '設定資金密碼'],
  ['en', 'Please set a fund password first', 'Set a fund password'],
] as const)('a customer without a fund password is told so at once, with the way to set one, and nothing is sent (%s)', async (lang, message, button) => {
  const calls = await openTicket({ place: () => ok(POSITION), info: () => ok(userInfo({ hasFundPassword: false })) }, {}, lang);
  await act(async () => fireEvent.click(screen.getByTestId('ticket-submit')));
  expect((await screen.findByTestId('ticket-error')).textContent).toBe(message);
  expect(screen.getByTestId('ticket-set-fund-password').textContent).toBe(button);
  expect(screen.queryByTestId('ticket-fund-password')).toBeNull();
  expect(calls.filter((c) => c.action === 'place')).toEqual([]);
});

// The stock page with its ticket, and a stand-in for mf-account's fund password page (saves, goes back).
function StockPageAndFundPassword() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [save] = useSetFundPasswordMutation();
  if (pathname !== ROUTES.fundPassword) return <OrderTicket code="7203" side="buy" bestBid={27900} bestAsk={27905} last={27905} />;
  const saveAndBack = async () => {
    await save({ fundPassword: '246810', confirmFundPassword: '246810' });
    void navigate(-1);
  };
  return (
    <button type="button" onClick={() => void saveAndBack()} data-testid="stub-save-fund-password">
      Save
    </button>
  );
}

// A customer with no fund password yet, whose user/info says so until fund/password/set succeeds.
function installServerWithoutFundPassword() {
  let hasFundPassword = false;
  installTradeServer({
    ticket: () => ok(TICKET),
    info: () => ok(userInfo({ hasFundPassword })),
    setFundPassword: () => {
      hasFundPassword = true;
      return ok(null);
    },
    estimate,
  });
}

test('after setting a fund password by the ticket’s button, back on the ticket it is asked for', async () => {
  installServerWithoutFundPassword();
  renderTrade(<StockPageAndFundPassword />);
  await screen.findByTestId('order-ticket');
  await act(async () => fireEvent.click(screen.getByTestId('ticket-submit')));
  fireEvent.click(await screen.findByTestId('ticket-set-fund-password'));
  const saveButton = await screen.findByTestId('stub-save-fund-password');
  await act(async () => fireEvent.click(saveButton));
  // Setting it invalidated user/info (UserInfo tag); the ticket, opened again, shows once it has the new answer.
  await screen.findByTestId('order-ticket');
  await act(async () => fireEvent.click(screen.getByTestId('ticket-submit')));
  expect(await screen.findByTestId('ticket-fund-password')).toBeTruthy();
  expect(screen.queryByTestId('ticket-set-fund-password')).toBeNull();
});

test('without a fund password the ticket says so at its top before anything is typed, and keeps what was typed while one is set', async () => {
  sessionStorage.clear();
  installServerWithoutFundPassword();
  renderTrade(<StockPageAndFundPassword />);
  const notice = await screen.findByTestId('ticket-needs-fund-password');
  // Above the ticket's fields, shown before the first press of its button.
  expect(notice.compareDocumentPosition(screen.getByTestId('ticket-lots')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  typeInto('ticket-lots', '3');
  fireEvent.click(screen.getByTestId('ticket-set-fund-password'));
  await act(async () => fireEvent.click(await screen.findByTestId('stub-save-fund-password')));
  await screen.findByTestId('order-ticket');
  expect((screen.getByTestId('ticket-lots').querySelector('input') as HTMLInputElement).value).toBe('3');
  await waitFor(() => expect(screen.queryByTestId('ticket-needs-fund-password')).toBeNull());
});

test('a margin short at 3× sends side sell, product margin, leverage 3 and shows the margin required', async () => {
  const calls = await openTicket({ place: () => ok({ ...POSITION, status: 'holding' }) }, { skipFundPassword: true });
  fireEvent.click(screen.getByText('Margin'));
  fireEvent.click(screen.getByText('Sell · Short'));
  fireEvent.click(await screen.findByText('3×'));
  await waitFor(() => expect(screen.getByTestId('estimate-margin').textContent).toBe('¥93,017'));
  await act(async () => fireEvent.click(screen.getByTestId('ticket-submit')));
  await screen.findByTestId('ticket-placed');
  expect(calls.find((c) => c.action === 'place')?.form).toMatchObject({ side: 'sell', product: 'margin', marginKind: 'standard', leverage: '3' });
});

test('margin not enabled: the ticket offers the application, and the server’s refusal of it is shown', async () => {
  const status = {
    enabled: false,
    requirements: [
      { rule: 'verified-identity', met: true },
      { rule: 'questionnaire', met: false },
      { rule: 'agreement', met: false },
      { rule: 'minimum-deposit', met: true, amount: yen('300000') },
    ],
    maintenanceRatio: null,
    callLevel: '20',
    hardFloor: '15',
    equity: yen('0'),
    positionValue: yen('0'),
    calls: [],
  };
  const calls = await openTicket({ marginStatus: () => ok(status), marginApply: () => refused(MSG.marginQuestionnaireFailed) }, { marginEnabled: false });
  fireEvent.click(screen.getByText('Margin'));
  fireEvent.click(await screen.findByTestId('ticket-margin-apply'));
  await screen.findByTestId('margin-application');
  expect(screen.getByTestId('margin-req-minimum-deposit').textContent).toContain('¥300,000');
  fireEvent.click(screen.getByText('None'));
  fireEvent.click(screen.getByText('Under ¥1M'));
  fireEvent.click(screen.getByText('Under ¥3M'));
  fireEvent.click(screen.getByText('Growth'));
  await act(async () => fireEvent.click(screen.getByTestId('margin-submit')));
  expect((await screen.findByTestId('margin-error')).textContent).toBe('The suitability questionnaire was not passed: margin cannot be enabled');
  expect(calls.find((c) => c.action === 'marginApply')?.form).toMatchObject({
    stockExperience: 'none',
    financialAssets: 'lt1m',
    annualIncome: 'lt3m',
    objective: 'growth',
    riskAcknowledged: 'false',
    agree: 'false',
  });
});
