// mf-trade down (its release files answering 500): stock details (mf-market) keeps working
// and only the order ticket's area shows the translated load-failed state with retry; when
// the release answers again, retry brings the ticket without a page reload.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { routeTo } from '@kabuto/shared-sdk/routes';
import { messageText } from '../support/catalogue';
import { openRoute, screenshot, launchPhone } from '../support/browser';
import { signInViaApi } from '../support/session';

const TRADE_FILES = '**/releases/mf-trade/**';

describe.each(['en', 'tw', 'jp'] as const)('mf-trade down, in %s', (lang) => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ browser, context, page } = await launchPhone({ lang }));
    await signInViaApi(page);
    await context.route(TRADE_FILES, (route) => route.fulfill({ status: 500, body: 'internal error' }));
  });
  afterAll(async () => browser.close());

  it('stock details still works; the ticket area alone shows the fallback, and retry recovers', async () => {
    await openRoute(page, routeTo('stockDetail', { code: '7203' }));
    await page.getByTestId('shares-details').waitFor({ timeout: 30000 });
    await page.getByTestId('depth-book').waitFor();
    await page.getByTestId('trade-buy').click();
    const fallback = page.getByTestId('widget-fallback-orderTicket');
    await fallback.waitFor({ timeout: 30000 });
    expect(await fallback.textContent()).toContain(messageText('listLoadFailed', lang));
    // The rest of the page is mf-market's and keeps working: the watchlist toggle answers.
    await page.getByTestId('watch-toggle').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="watch-toggle"]')?.getAttribute('data-on') === 'true', undefined, { timeout: 15000 });
    await page.getByTestId('order-ticket-area').scrollIntoViewIfNeeded();
    await screenshot(page, `trade-ticket-down-${lang}`);

    await context.unroute(TRADE_FILES);
    await page.getByTestId('page-state-retry').click();
    await page.getByTestId('order-ticket').waitFor({ timeout: 30000 });
  });
});
