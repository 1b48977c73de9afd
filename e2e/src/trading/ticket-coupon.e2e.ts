// A fee-discount coupon on the order ticket, on real screens against the real server: an
// operator grants one (ops CLI); the ticket lists it with what it saves at the published
// schedule (¥0 by default, said plainly); a far limit buy placed with it holds it (the coupons
// page shows the order that holds it); a second order with it is refused with the catalogue's
// message; cancelled unfilled, the order gives it back, usable again, with nothing posted.
// Screenshots of the ticket's picker in tw, jp and en and of the coupons page.
import type { Browser, Locator, Page } from 'playwright-core';
import { ROUTES, routeTo } from '@kabuto/shared-sdk/routes';
import type { CouponsAnswer } from '@kabuto/shared-sdk/schemas';
import { callApi, mustCall } from '../support/api';
import { screenshot } from '../support/browser';
import { messageText } from '../support/catalogue';
import { FUND_PASSWORD, fundedPhone } from '../support/money';
import { ops } from '../support/ops-cli';
import { inLanguage, openAt } from '../support/session';
import { TOYOTA, detailUntil, waitForContinuousTrading } from '../support/venue';
import { tradeText, type TradeLang } from './trading-helpers';

const LANGS: TradeLang[] = ['tw', 'jp', 'en'];

async function openTicket(page: Page): Promise<Locator> {
  await openAt(page, routeTo('stockDetail', { code: TOYOTA }));
  await page.getByTestId('shares-details').waitFor({ timeout: 30000 });
  await waitForContinuousTrading(page);
  await page.getByTestId('trade-buy').click();
  const ticket = page.getByTestId('order-ticket');
  await ticket.waitFor({ timeout: 30000 });
  return ticket;
}

async function jpyCash(page: Page): Promise<string> {
  const wallet = await mustCall<{ currencies: { currency: string; balance: { minor: string } }[] }>(page, 'funds/wallet', {});
  return wallet.currencies.find((c) => c.currency === 'JPY')?.balance.minor ?? '0';
}

describe('a fee-discount coupon on the order ticket', () => {
  let browser: Browser;
  let page: Page;
  let account: string;

  beforeAll(async () => {
    ({ browser, page, account } = await fundedPhone(1_000_000));
  }, 180_000);
  afterAll(async () => browser?.close());

  it('listed with its ¥0 saving, held by a far order, refused for a second, given back when the order is cancelled', async () => {
    // A campaign of this attempt's own: a retry grants a new coupon (one per customer and campaign).
    const campaign = `e2e-ticket-fees-${Date.now()}`;
    ops(
      'coupon-grant',
      account,
      '--kind',
      'fee-discount',
      '--value',
      '300',
      '--expires',
      '2099-12-31',
      '--campaign',
      campaign,
      '--reason',
      'e2e: fee discount on the ticket',
    );
    const granted = await mustCall<CouponsAnswer>(page, 'rewards/coupons', {});
    const coupon = granted.usable.find((c) => c.sourceDetail === campaign);
    if (!coupon) throw new Error('the granted coupon is not usable');

    const info = (await callApi(page, 'trade/ticket', { code: TOYOTA })).data as { lowerLimit: string };
    const ticket = await openTicket(page);
    await ticket.getByTestId('ticket-order-type').getByText(tradeText('orderType.limit'), { exact: true }).click();
    await page.getByTestId('ticket-price').locator('input').fill(info.lowerLimit);
    const picker = page.getByTestId('ticket-coupons');
    await picker.waitFor({ timeout: 15000 });
    const option = picker.locator(`[data-testid="ticket-coupon"][data-coupon-id="${coupon.id}"]`);
    // The default schedule charges no commission: the ticket says the coupon saves ¥0 here.
    await expect(option.textContent()).resolves.toContain('Saves ¥0 on this order (commission ¥0 at the published schedule)');
    await expect(page.getByTestId('ticket-coupon-note').textContent()).resolves.toBe(tradeText('ticket.coupon.zero'));
    await expect(picker.textContent()).resolves.toContain(tradeText('rewards.kind.fee-discount', 'en', { value: '300' }));
    await option.click();
    await picker.scrollIntoViewIfNeeded();
    await screenshot(page, 'ticket-coupon-picked-en');

    const cashBefore = await jpyCash(page);
    await page.getByTestId('ticket-submit').click();
    const confirm = page.getByTestId('ticket-confirm');
    if (await confirm.isVisible().catch(() => false)) {
      await page.getByTestId('ticket-fund-password').locator('input').fill(FUND_PASSWORD);
      await page.getByTestId('ticket-submit').click();
    }
    const placed = page.getByTestId('ticket-placed');
    await placed.waitFor({ timeout: 20000 });
    const id = Number(await placed.getAttribute('data-id'));

    // Held by the open order: listed as used, with the order.
    const held = await mustCall<CouponsAnswer>(page, 'rewards/coupons', {});
    expect(held.used.find((c) => c.id === coupon.id)).toMatchObject({ orderPositionId: id, usedAt: null });
    await openAt(page, `${ROUTES.coupons}?tab=used`);
    const card = page.locator(`[data-testid="coupon"][data-coupon-id="${coupon.id}"]`);
    await card.getByTestId('coupon-order').waitFor({ timeout: 15000 });
    await expect(card.getByTestId('coupon-order').textContent()).resolves.toContain(tradeText('rewards.heldByOrder'));
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'coupons-held-by-order-en');

    // A second order with it is refused with the catalogue's message; nothing is placed.
    const second = await callApi(page, 'trade/place', {
      code: TOYOTA,
      side: 'buy',
      product: 'cash',
      orderType: 'limit',
      price: info.lowerLimit,
      lots: '1',
      fundPassword: FUND_PASSWORD,
      couponId: String(coupon.id),
      idempotencyKey: `e2e-coupon-second-${Date.now()}`,
    });
    expect(second).toMatchObject({ status: 0, msg: messageText('couponAlreadyUsed', 'tw') });

    // Cancelled unfilled: nothing to discount, the coupon is usable again and nothing was posted.
    await openAt(page, routeTo('positionDetail', { id }));
    await page.getByTestId('detail-cancel').click();
    await page.getByTestId('detail-confirm-yes').click();
    await detailUntil(page, id, 'cancelled', 60_000);
    const after = await mustCall<CouponsAnswer>(page, 'rewards/coupons', {});
    expect(after.usable.find((c) => c.id === coupon.id)).toMatchObject({ state: 'usable', orderPositionId: null });
    expect(await jpyCash(page)).toBe(cashBefore);

    for (const lang of LANGS) {
      await inLanguage(browser, page, lang, async (langPage) => {
        const t = await openTicket(langPage);
        await t.getByTestId('ticket-order-type').getByText(tradeText('orderType.limit', lang), { exact: true }).click();
        await langPage.getByTestId('ticket-price').locator('input').fill(info.lowerLimit);
        const p = langPage.getByTestId('ticket-coupons');
        await p.waitFor({ timeout: 15000 });
        await expect(langPage.getByTestId('ticket-coupon-note').textContent()).resolves.toBe(tradeText('ticket.coupon.zero', lang));
        await p.scrollIntoViewIfNeeded();
        await screenshot(langPage, `ticket-coupon-${lang}`);
      });
    }
  }, 600_000);
});
