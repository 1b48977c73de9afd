// Switching tw/jp/en changes the visible texts and survives a reload; ?lang=zh forces
// tw (spec §3, §9).
import type { Page } from 'playwright-core';
import { freshPhonePageEachTest, headerTitleIs, openRoute, screenshot, serverUrl } from './support/browser';
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
});
