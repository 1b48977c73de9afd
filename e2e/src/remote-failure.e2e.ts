// With mf-trade's release files failing (500 or missing), the trade tab shows "Loading
// chunk failed" with a working retry, while the header and the other four tabs keep
// working (ARCHITECTURE §3).
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { ROUTES, ROUTE_OWNERS, TABS } from '@kabuto/shared-sdk/routes';
import { launchBrowser, newPhoneContext, openRoute, screenshot, headerTitleIs } from './support/browser';
import { expectedTitle, shellText } from './support/expected-titles';
import { remoteRendered } from './support/remote-area';
import { signInViaApi } from './support/session';

const TRADE_FILES = '**/releases/mf-trade/**';

describe.each([
  ['answering 500', (route: Route) => route.fulfill({ status: 500, body: 'internal error' })],
  ['missing (404)', (route: Route) => route.fulfill({ status: 404, body: 'not found' })],
])('mf-trade release files %s', (label, failure) => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newPhoneContext(browser, { lang: 'en' });
    page = await context.newPage();
    await signInViaApi(page);
    await context.route(TRADE_FILES, failure);
  });
  afterAll(async () => browser.close());

  it('shows the failure inside the trade area only, and retry recovers', async () => {
    await openRoute(page, ROUTES.home);
    await remoteRendered(page, 'mf_market');

    await page.getByTestId('tab-trade').click();
    const tradeArea = page.getByTestId('remote-area-mf_trade');
    await tradeArea.getByText(shellText('remote.failed', 'en')).waitFor({ timeout: 30000 });
    await screenshot(page, `trade-failed-${label.replace(/\W+/g, '-')}`);
    // The frame is intact: header and bottom menu are there and work.
    await page.getByTestId('app-header').waitFor();
    for (const tab of TABS.filter((t) => t.key !== 'trade')) {
      await page.getByTestId(`tab-${tab.key}`).click();
      await headerTitleIs(page, expectedTitle(tab.path, 'en'));
      await remoteRendered(page, ROUTE_OWNERS[tab.path] ?? '');
    }

    // The release comes back: retry loads it without a page reload.
    await page.getByTestId('tab-trade').click();
    await tradeArea.getByText(shellText('remote.failed', 'en')).waitFor();
    await context.unroute(TRADE_FILES);
    await tradeArea.getByRole('button', { name: shellText('remote.retry', 'en') }).click();
    await remoteRendered(page, 'mf_trade');
    await headerTitleIs(page, expectedTitle(ROUTES.positions, 'en'));
  });
});
