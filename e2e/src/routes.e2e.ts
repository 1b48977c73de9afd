// Every route of the route table opens by its hash URL and shows its translated title;
// the bottom menu switches tabs and marks the active one.
import type { Browser, Page } from 'playwright-core';
import { ROUTES, ROUTE_OWNERS, TABS } from '@kabuto/shared-sdk/routes';
import { newPhoneContext, openRoute, screenshot, launchPhone } from './support/browser';
import { expectedTitle, ROUTES_WITHOUT_HEADER, shellText } from './support/expected-titles';
import { remoteRendered } from './support/remote-area';
import { signInViaApi } from './support/session';

describe('routes and bottom menu', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ({ browser, page } = await launchPhone({ lang: 'en' }));
    // Signed in: pages that need a session (mine, settings…) show themselves, not logon.
    await signInViaApi(page);
  });
  afterAll(async () => browser.close());

  const routes = Object.keys(ROUTE_OWNERS).filter((path) => !ROUTES_WITHOUT_HEADER.includes(path));

  it.each(routes)('%s shows its title', async (path) => {
    await openRoute(page, path);
    const title = page.getByTestId('header-title');
    await title.waitFor({ state: 'attached' });
    await page.waitForFunction(
      ({ expected }) => document.querySelector('[data-testid="header-title"]')?.textContent?.trim() === expected,
      { expected: expectedTitle(path, 'en') },
      { timeout: 15000 },
    );
    const owner = ROUTE_OWNERS[path];
    if (owner && owner !== 'shell') await remoteRendered(page, owner);
  });

  it('the start route sends a signed-in visitor home and one who is not to the login page', async () => {
    await openRoute(page, '/');
    await page.waitForURL(/#\/pages\/home\/home/);
    const visitor = await (await newPhoneContext(browser, { lang: 'en' })).newPage();
    await openRoute(visitor, ROUTES.start);
    await visitor.waitForURL(/#\/pages\/login/);
    await visitor.getByText(shellText('login.remember', 'en')).waitFor();
    await visitor.context().close();
  });

  it('the bottom menu switches tabs in the spec order and marks the active one', async () => {
    await openRoute(page, ROUTES.home);
    const menu = page.getByTestId('bottom-menu');
    await menu.waitFor();
    const order = await menu.locator('[data-testid^="tab-"]').evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')));
    expect(order).toEqual(TABS.map((tab) => `tab-${tab.key}`));

    for (const tab of TABS) {
      await page.getByTestId(`tab-${tab.key}`).click();
      await page.waitForURL(new RegExp(`#${tab.path}$`));
      // The URL changes before React re-renders the menu: wait for the mark itself.
      await page.locator(`[data-testid="tab-${tab.key}"][aria-current="page"]`).waitFor({ timeout: 5000 });
      for (const other of TABS.filter((t) => t.key !== tab.key)) {
        await expect(page.getByTestId(`tab-${other.key}`).getAttribute('aria-current')).resolves.toBeNull();
      }
      await page.waitForFunction(
        (expected) => document.querySelector('[data-testid="header-title"]')?.textContent?.trim() === expected,
        expectedTitle(tab.path, 'en'),
      );
    }
    await screenshot(page, 'tabs-mine');
  });

  it('the bottom menu is only on the five tab pages', async () => {
    await openRoute(page, ROUTES.settings);
    await page.getByTestId('header-title').waitFor();
    await expect(page.getByTestId('bottom-menu').count()).resolves.toBe(0);
  });
});
