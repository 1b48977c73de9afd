// The order ticket as a first-time customer meets it on a 390×844 phone: Buy on the stock page
// brings the ticket's form onto the screen (it opens below the chart and the book); a market
// buy says what its hold is figured at; a stop shows its expiry before it is confirmed; after a
// buy that filled, Positions opens on the holdings, and Sell on the held stock leads to the
// holding's close form. Screenshots in tw, jp and en.
import type { Browser, Locator, Page } from 'playwright-core';
import { ROUTES, routeTo } from '@kabuto/shared-sdk/routes';
import { PHONE, screenshot } from '../support/browser';
import { callApi } from '../support/api';
import { inLanguage, openAt } from '../support/session';
import { FUND_PASSWORD, fundedPhone } from '../support/money';
import { TOYOTA, waitForContinuousTrading } from '../support/venue';
import { tradeText, type TradeLang } from './trading-helpers';

const LANGS: TradeLang[] = ['tw', 'jp', 'en'];

/** Stock details at the top of the page, then a tap on Buy or Sell. */
async function tapTrade(page: Page, side: 'buy' | 'sell'): Promise<Locator> {
  await openAt(page, routeTo('stockDetail', { code: TOYOTA }));
  await page.getByTestId('shares-details').waitFor({ timeout: 30000 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByTestId(`trade-${side}`).click();
  const ticket = page.getByTestId('order-ticket');
  await ticket.waitFor({ timeout: 30000 });
  return ticket;
}

/** Where the element's box lies in the viewport, once the ticket's smooth scroll has settled. */
async function settledBox(locator: Locator): Promise<{ top: number; bottom: number }> {
  let last = Number.NaN;
  for (let i = 0; i < 40; i++) {
    const box = await locator.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom };
    });
    if (box.top === last) return box;
    last = box.top;
    await locator.page().waitForTimeout(100);
  }
  throw new Error('the page kept scrolling');
}

async function inViewport(locator: Locator): Promise<boolean> {
  const box = await settledBox(locator);
  return box.top >= 0 && box.bottom <= PHONE.height;
}

describe('the order ticket on a phone', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ({ browser, page } = await fundedPhone(1_000_000));
  });
  afterAll(async () => browser.close());

  it('tapping Buy brings the ticket’s form inside the 390×844 viewport, focused', async () => {
    const ticket = await tapTrade(page, 'buy');
    // Its first fields (the side and product choices) are on screen, not below the fold.
    expect(await inViewport(page.getByTestId('ticket-side'))).toBe(true);
    expect(await inViewport(page.getByTestId('ticket-product'))).toBe(true);
    const top = (await settledBox(ticket)).top;
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(PHONE.height / 2);
    expect(await ticket.evaluate((el) => document.activeElement === el)).toBe(true);
  });

  it('in tw, jp and en: the ticket in view, the market buy’s hold explained, a stop’s expiry before confirming', async () => {
    for (const lang of LANGS) {
      await inLanguage(browser, page, lang, async (page) => {
        const ticket = await tapTrade(page, 'buy');
        expect(await inViewport(page.getByTestId('ticket-side'))).toBe(true);
        await screenshot(page, `ticket-into-view-${lang}`);

        await ticket.getByTestId('ticket-order-type').getByText(tradeText('orderType.market', lang), { exact: true }).click();
        const note = page.getByTestId('ticket-market-note');
        const info = (await callApi(page, 'trade/ticket', { code: TOYOTA })).data as { upperLimit: string };
        expect(await note.textContent()).toContain(Number(info.upperLimit).toLocaleString('en-US'));
        await page.getByTestId('ticket-estimate').waitFor({ timeout: 15000 });
        await note.scrollIntoViewIfNeeded();
        await page.evaluate(() => window.scrollBy(0, 120));
        await screenshot(page, `ticket-market-buy-${lang}`);

        await ticket.getByTestId('ticket-kind-choice').getByText(tradeText('cond.kind.stop', lang), { exact: true }).click();
        const validOn = page.getByTestId('ticket-valid-on');
        await validOn.scrollIntoViewIfNeeded();
        expect(await validOn.isVisible()).toBe(true);
        await screenshot(page, `ticket-stop-expiry-${lang}`);
      });
    }
  });

  it(
    'after a market buy fills, Positions opens on the holdings; Sell on the held stock leads to its close form; the stop-loss form says when it expires',
    async () => {
      await openAt(page, routeTo('stockDetail', { code: TOYOTA }));
      await page.getByTestId('shares-details').waitFor({ timeout: 30000 });
      await waitForContinuousTrading(page);
      const ticket = await tapTrade(page, 'buy');
      await ticket.getByTestId('ticket-order-type').getByText(tradeText('orderType.market'), { exact: true }).click();
      await page.getByTestId('ticket-estimate').waitFor({ timeout: 15000 });
      await page.getByTestId('ticket-submit').click();
      const confirm = page.getByTestId('ticket-confirm');
      await confirm.waitFor({ timeout: 10000 });
      await page.getByTestId('ticket-fund-password').locator('input').fill(FUND_PASSWORD);
      await page.getByTestId('ticket-submit').click();
      await page.locator('[data-testid="ticket-placed"][data-status="holding"]').waitFor({ timeout: 60000 });

      for (const lang of LANGS) {
        await inLanguage(browser, page, lang, async (page) => {
          await openAt(page, ROUTES.positions);
          await page.locator('[data-testid="position-row"][data-status="holding"]').first().waitFor({ timeout: 20000 });
          expect(await page.getByTestId('positions-status-holding').getAttribute('aria-selected')).toBe('true');
          await screenshot(page, `positions-after-buy-${lang}`);
          await page.getByTestId('positions-tab-following').click();
          await page.getByTestId('positions-following-explain').waitFor();
          await page.getByTestId('positions-following').scrollIntoViewIfNeeded();
          await screenshot(page, `positions-following-${lang}`);
        });
      }

      await tapTrade(page, 'sell');
      const offer = page.getByTestId('ticket-cash-sell');
      await offer.getByTestId('ticket-sell-holding').waitFor();
      await offer.scrollIntoViewIfNeeded();
      await screenshot(page, 'ticket-sell-holding-en');
      await offer.getByTestId('ticket-sell-holding').click();
      await page.getByTestId('close-form').waitFor({ timeout: 20000 });
      const detailRoute = page.url().split('#')[1] ?? '';

      for (const lang of LANGS) {
        await inLanguage(browser, page, lang, async (page) => {
          await openAt(page, detailRoute);
          await page.getByTestId('stop-loss-open').click();
          const validOn = page.getByTestId('stop-loss-valid-on');
          await validOn.waitFor();
          await page.getByTestId('stop-loss-form').scrollIntoViewIfNeeded();
          await screenshot(page, `stop-loss-form-${lang}`);
        });
      }
    },
    12 * 60_000,
  );
});
