// A call answered with status 410002 sends the browser to ROUTES.sessionEnded?v=1 exactly
// once, even when several calls are answered that way together (spec §4, §8).
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPhoneContext, openRoute, screenshot } from './support/browser';
import { shellText } from './support/expected-titles';
import { ROUTES } from '@kabuto/shared-sdk/routes';

describe('session expiry (status 410002)', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    const context = await newPhoneContext(browser, { lang: 'en' });
    // Count every arrival at the logon page, however the app navigates there.
    await context.addInitScript((sessionEnded: string) => {
      // React Router's hash history navigates with pushState (no hashchange event), so
      // watch both and count each arrival from elsewhere.
      let onLogon = location.hash.startsWith(`#${sessionEnded}`);
      const check = () => {
        const now = location.hash.startsWith(`#${sessionEnded}`);
        if (now && !onLogon) {
          sessionStorage.setItem('logonArrivals', String(Number(sessionStorage.getItem('logonArrivals') ?? '0') + 1));
        }
        onLogon = now;
      };
      for (const method of ['pushState', 'replaceState'] as const) {
        const original = history[method].bind(history);
        history[method] = (...args: Parameters<History['pushState']>) => {
          original(...args);
          check();
        };
      }
      window.addEventListener('hashchange', check);
      window.addEventListener('popstate', check);
      // The route runs in the page, so it comes in as an argument.
    }, ROUTES.sessionEnded);
    // Both the site-config call and the sign-in call come back "session expired",
    // the first one held back so the two answers arrive together.
    // Other calls (the header's business clock) reach the real server.
    await context.route('**/api/vue/**', async (route) => {
      const url = route.request().url();
      if (!url.includes('/common/config') && !url.includes('/user/login')) return route.continue();
      if (url.includes('/common/config')) await new Promise((r) => setTimeout(r, 1500));
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ status: 410002, msg: '', data: null }) });
    });
    page = await context.newPage();
    // A stale session in storage, which the redirect must clear.
    await openRoute(page, ROUTES.login);
    await page.evaluate(() => {
      localStorage.setItem('token', 'stale-token');
      localStorage.setItem('account', '9012345678');
    });
  });
  afterAll(async () => browser.close());

  it('redirects to logon?v=1 once and clears the stored login', async () => {
    await page.reload();
    await page.getByLabel(shellText('login.account', 'en')).fill('9012345678');
    await page.getByLabel(shellText('login.password', 'en')).fill('abc12345');
    await page.getByTestId('privacy-consent').check();
    await page.getByRole('button', { name: shellText('login.submit', 'en') }).click();

    await page.waitForURL(/#\/pages\/logon\?v=1$/);
    await page.getByText(shellText('logon.v1', 'en')).waitFor();
    await page.waitForTimeout(2500); // let the held-back answer arrive too
    await expect(page.evaluate(() => sessionStorage.getItem('logonArrivals'))).resolves.toBe('1');
    await expect(page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('account')])).resolves.toEqual([null, null]);
    await screenshot(page, 'logon-v1');
  });
});
