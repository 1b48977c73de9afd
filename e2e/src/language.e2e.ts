// Switching tw/jp/en changes the visible texts and survives a reload; ?lang=zh forces
// tw (spec §3, §9); a first visit opens in the browser's language when the product offers it.
import type { Page } from 'playwright-core';
import { freshPhonePageEachTest, headerTitleIs, launchBrowser, newPhoneContext, openRoute, screenshot, serverUrl } from './support/browser';
import { expectedTitle, shellText, type CompleteLang } from './support/expected-titles';
import { ROUTES } from '@kabuto/shared-sdk/routes';

describe('language', () => {
  let page: Page;
  freshPhonePageEachTest({}, (fresh) => (page = fresh));

  it.each<CompleteLang>(['jp', 'tw', 'en'])('switching to %s changes the texts and survives a reload', async (lang) => {
    await openRoute(page, ROUTES.login);
    await page.getByTestId('language-switcher').selectOption(lang);
    await headerTitleIs(page, expectedTitle(ROUTES.login, lang));
    await page.getByText(shellText('login.remember', lang)).waitFor();
    await expect(page.evaluate(() => localStorage.getItem('lang'))).resolves.toBe(lang);

    await page.reload();
    await headerTitleIs(page, expectedTitle(ROUTES.login, lang));

    // A remote page and the bottom menu follow the same language.
    await openRoute(page, ROUTES.market);
    await headerTitleIs(page, expectedTitle(ROUTES.market, lang));
    await page.getByTestId('tab-mine').getByText(shellText('tab.mine', lang)).waitFor();
    await screenshot(page, `market-${lang}`);
  });

  it('?lang=zh forces Traditional Chinese whatever was stored', async () => {
    await openRoute(page, ROUTES.login);
    await page.getByTestId('language-switcher').selectOption('jp');
    await headerTitleIs(page, expectedTitle(ROUTES.login, 'jp'));

    await page.goto(`${serverUrl()}/?lang=zh#${ROUTES.login}`);
    await headerTitleIs(page, expectedTitle(ROUTES.login, 'tw'));
    await page.goto(`${serverUrl()}/#${ROUTES.register}?lang=zh`);
    await headerTitleIs(page, expectedTitle(ROUTES.register, 'tw'));
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('zh-Hant-TW');
  });

  it.each<[string, CompleteLang]>([
    ['ja-JP', 'jp'],
    ['en-GB', 'en'],
    ['fr-FR', 'tw'],
  ])("a first visit from a browser asking for %s opens in %s, and the customer's choice then stays", async (locale, lang) => {
    const browser = await launchBrowser();
    try {
      const context = await newPhoneContext(browser, { locale });
      const first = await context.newPage();
      await openRoute(first, ROUTES.login);
      await headerTitleIs(first, expectedTitle(ROUTES.login, lang));
      await screenshot(first, `first-visit-${locale}`);
      const chosen: CompleteLang = lang === 'tw' ? 'en' : 'tw';
      await first.getByTestId('language-switcher').selectOption(chosen);
      // The choice is remembered once its texts have arrived (ui/language.ts), as the customer sees it.
      await headerTitleIs(first, expectedTitle(ROUTES.login, chosen));
      await first.reload();
      await headerTitleIs(first, expectedTitle(ROUTES.login, chosen));
      await context.close();
    } finally {
      await browser.close();
    }
  });

  it('Hindi has its Devanagari face from the app itself (no CDN), fetched only for Hindi text', async () => {
    await openRoute(page, ROUTES.login);
    const before = await page.evaluate(() => performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith('.woff2')).length);
    expect(before).toBe(0);
    await page.getByTestId('language-switcher').selectOption('hi');
    const loaded = await page.evaluate(async () => {
      const faces = await document.fonts.load('16px "Kabuto Devanagari"', 'हिन्दी');
      return faces.map((face) => face.status);
    });
    expect(loaded).toEqual(['loaded']);
    const fonts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => name.endsWith('.woff2')),
    );
    expect(fonts.length).toBe(1);
    expect(new URL(fonts[0] ?? '').origin).toBe(new URL(serverUrl()).origin);
    await screenshot(page, 'login-hi');
  });
});
