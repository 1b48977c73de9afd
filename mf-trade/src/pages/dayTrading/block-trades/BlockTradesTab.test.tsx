// The block trades tab against a fake server: the offer's published terms, a buy below the minimum
// amount stopped with the rule and both amounts (nothing sent), a buy within the rules sent once
// with the fund password and a key, a server refusal explained the same way, and my buys listed.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { resetHost } from '@kabuto/shared-sdk';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { BlockOffer, BlockPurchase } from '@kabuto/shared-sdk/schemas';
import { installTradeServer, ok, refused, renderTrade, yen } from '../../../test-utils/render-trade';
import BlockTradesTab, { smallestBuy } from './BlockTradesTab';
import { detailText, refusalFor } from './refusal';

function offer(patch: Partial<BlockOffer> = {}): BlockOffer {
  return {
    id: 3,
    code: '7203',
    name: { tw: '豐田汽車', jp: 'トヨタ自動車', en: 'Toyota Motor' },
    price: '2700',
    rule: {
      basis: 'previousClose',
      previousClose: '2784',
      percent: '-3.00',
      bandPercent: 7,
      source: 'JPX ToSTNeT-1 (single issue): within ±7% of the reference price; reference here = the previous close',
    },
    quantity: 20000,
    available: 18000,
    windowStart: '2026-11-23T00:00:00.000Z',
    windowEnd: '2026-11-30T00:00:00.000Z',
    status: 'open',
    lotShares: 100,
    minShares: 300,
    minAmount: yen('1500000'),
    dailyLimit: 5000,
    maxPerCustomer: 10000,
    lockUpDays: 3,
    mine: { boughtToday: 0, bought: 0 },
    offAuction: true,
    simulated: true,
    ...patch,
  };
}

const purchase: BlockPurchase = {
  id: 9,
  offerId: 3,
  code: '7203',
  name: { tw: '豐田汽車', jp: 'トヨタ自動車', en: 'Toyota Motor' },
  shares: 600,
  price: '2700',
  amount: yen('1620000'),
  positionId: 41,
  orderNo: 'K00000041',
  lockUpUntil: '2026-11-26',
  at: '2026-11-23T01:00:00.000Z',
  offAuction: true,
  simulated: true,
};

function input(testId: string): HTMLInputElement {
  const field = screen.getByTestId(testId);
  return (field.querySelector('input') ?? field) as HTMLInputElement;
}

const page = <T,>(list: T[]) => ({ list, page: 1, size: 50, total: list.length, hasMore: false });

afterEach(() => resetHost());

test('rules: the smallest buy meets both minimums; 400 shares at ¥2,700 is below ¥1,500,000 and says so', () => {
  expect(smallestBuy(offer())).toBe(600);
  const refusal = refusalFor(offer(), 400);
  expect(refusal?.msg).toBe(MSG.belowMinimumBuy);
  expect(refusal && detailText(refusal.detail, (s) => s)).toEqual({ key: 'block.rule.minimum-amount', values: { minimum: '1,500,000', amount: '1,080,000' } });
  expect(refusalFor(offer(), 200)?.detail).toEqual({ rule: 'minimum-shares', minimum: 300, shares: 200 });
  expect(refusalFor(offer({ mine: { boughtToday: 4800, bought: 4800 } }), 600)?.msg).toBe(MSG.dailyPurchaseLimitReached);
  expect(refusalFor(offer({ status: 'closed' }), 600)?.msg).toBe(MSG.blockTradeClosed);
  expect(refusalFor(offer(), 600)).toBeNull();
});

test('the offer shows price, rule, available, minimum and lock-up; below the minimum is stopped with both amounts', async () => {
  const calls = installTradeServer({ list: () => ok(page([offer()])), mine: () => ok(page([])) });
  renderTrade(<BlockTradesTab />);
  const card = await screen.findByTestId('block-offer');
  expect(card.getAttribute('data-status')).toBe('open');
  expect(screen.getByTestId('block-offer-price').textContent).toBe('¥2,700');
  expect(screen.getByTestId('block-offer-rule').textContent).toBe('-3.00% vs previous close ¥2,784 (published rule: within ±7%)');
  expect(screen.getByTestId('block-offer-available').textContent).toBe('18,000 of 20,000 shares');
  expect(screen.getByTestId('block-offer-minimum').textContent).toBe('300 shares and ¥1,500,000');
  expect(screen.getByTestId('block-offer-lockup').textContent).toMatch(/^3 days/);
  fireEvent.click(screen.getByTestId('block-offer-buy'));
  const sheet = await screen.findByTestId('block-sheet');
  expect(sheet).toBeTruthy();
  expect(input('block-shares').value).toBe('600');
  fireEvent.click(screen.getByTestId('block-shares-down'));
  fireEvent.click(screen.getByTestId('block-shares-down'));
  expect(screen.getByTestId('block-amount').textContent).toBe('¥1,080,000');
  await act(async () => fireEvent.click(screen.getByTestId('block-submit')));
  expect(screen.getByTestId('block-error').textContent).toContain('Below the minimum purchase quantity');
  expect(screen.getByTestId('block-error-detail').textContent).toBe('Minimum ¥1,500,000, this buy ¥1,080,000');
  expect(calls.filter((c) => c.action === 'buy')).toHaveLength(0);
});

test('a buy within the rules is sent once with the fund password and a key, and shows the position', async () => {
  let bought = false;
  const calls = installTradeServer({
    list: () => ok(page([offer(bought ? { available: 17400, mine: { boughtToday: 600, bought: 600 } } : {})])),
    mine: () => ok(page(bought ? [purchase] : [])),
    buy: () => {
      bought = true;
      return ok(purchase);
    },
  });
  renderTrade(<BlockTradesTab />);
  fireEvent.click(await screen.findByTestId('block-offer-buy'));
  await screen.findByTestId('block-fund-password');
  fireEvent.change(input('block-fund-password'), { target: { value: '123456' } });
  await act(async () => fireEvent.click(screen.getByTestId('block-submit')));
  const done = await screen.findByTestId('block-bought');
  expect(done.textContent).toContain('Bought 600 shares of 7203 off-auction (order K00000041).');
  expect(done.textContent).toContain('Sellable from 26/11/2026');
  const sent = calls.filter((c) => c.action === 'buy');
  expect(sent).toHaveLength(1);
  expect(sent[0]?.form).toMatchObject({ offerId: '3', shares: '600', fundPassword: '123456' });
  expect(sent[0]?.form.idempotencyKey).toBeTruthy();
  await waitFor(() => expect(screen.getAllByTestId('block-purchase')).toHaveLength(1));
});

test.each([
  ['tw', '2026/11/26起可賣出'],
  ['jp', '2026/11/26から売却可能'],
  ['en', 'Sellable from 26/11/2026'],
] as const)('in %s my block buys say the lock-up’s end as the language writes a date', async (lang, told) => {
  installTradeServer({ list: () => ok(page([offer()])), mine: () => ok(page([purchase])) });
  renderTrade(<BlockTradesTab />, { lang });
  expect((await screen.findByTestId('block-purchase')).textContent).toContain(told);
});

test('a server refusal shows the catalogue message and, when the sheet knows the rule, the amounts (jp)', async () => {
  installTradeServer({
    list: () => ok(page([offer({ mine: { boughtToday: 4800, bought: 4800 } })])),
    mine: () => ok(page([])),
    buy: () => refused(MSG.dailyPurchaseLimitReached),
  });
  renderTrade(<BlockTradesTab />, { lang: 'jp' });
  fireEvent.click(await screen.findByTestId('block-offer-buy'));
  // 600 breaks the daily limit locally: nothing is sent and the sheet names the limit.
  await act(async () => fireEvent.click(await screen.findByTestId('block-submit')));
  expect(screen.getByTestId('block-error').textContent).toContain('本日の購入上限に達しました');
  expect(screen.getByTestId('block-error-detail').textContent).toBe('1日の上限5,000株：本日購入4,800株、今回600株');
});
