// The screens a new user sees, in tw, jp and en at 390×844 (screenshots in the suite's
// artifacts, named new-user-*): the header's simulated time, deposit (a ¥500
// deposit is told the minimum, amount and unit, before the missing receipt), withdraw, the
// market rankings with the indices and the ETF tab (not clipped), and the stock page's
// watchlist button (one line).
import type { Browser, Page } from 'playwright-core';
import { PHONE, launchBrowser, newPhoneContext, launchPhone, screenshot } from './support/browser';
import { openAt, registerViaApi, signInAtLocalhost } from './support/session';
import { freshAccount, issueInviteCode, ops } from './support/ops-cli';
import { messageText } from './support/catalogue';
import { submitLogin } from './identity/identity-helpers';
import { ROUTES, routeTo } from '@kabuto/shared-sdk/routes';

type Lang = 'tw' | 'jp' | 'en';

function shot(page: Page, name: string, clip?: { x: number; y: number; width: number; height: number }): Promise<string> {
  return screenshot(page, `new-user-${name}`, clip);
}

const DEPOSIT_MIN: Record<Lang, RegExp> = {
  tw: /^入金最小值[\d,]+日圓$/,
  jp: /^入金最低額は[\d,]+円です$/,
  en: /^Minimum deposit: [\d,]+ JPY$/,
};
const SIMULATED_TIME: Record<Lang, RegExp> = {
  tw: /^模擬時間 \d{4}-\d\d-\d\d \d\d:\d\d（日本時間）$/,
  jp: /^模擬時刻 \d{4}-\d\d-\d\d \d\d:\d\d（日本時間）$/,
  en: /^Simulated time \d{4}-\d\d-\d\d \d\d:\d\d JST$/,
};

describe.each<Lang>(['tw', 'jp', 'en'])('new-user screens in %s', (lang) => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ({ browser, page } = await launchPhone({ lang }));
    await signInAtLocalhost(page);
  });
  afterAll(async () => browser.close());

  it('the header says the simulated time while the demo clock differs from real time', async () => {
    await openAt(page, ROUTES.market);
    const clock = page.getByTestId('simulated-clock');
    // The suite's server runs the demo clock; it differs from the real time except during a real session.
    const info = await page.evaluate(
      async () => (await (await fetch('/api/vue/common/clock', { method: 'POST' })).json()) as { data: { now: number; realNow: number; simulated: boolean } },
    );
    if (info.data.simulated && Math.abs(info.data.now - info.data.realNow) >= 60_000) {
      await clock.waitFor({ timeout: 15000 });
      expect((await clock.textContent())?.trim()).toMatch(SIMULATED_TIME[lang]);
    } else {
      await expect(clock.count()).resolves.toBe(0);
    }
    await shot(page, `header-${lang}`, { x: 0, y: 0, width: PHONE.width, height: 90 });
  });

  it('deposit: ¥500 without a receipt is told the minimum with amount and unit', async () => {
    await openAt(page, ROUTES.deposit);
    await page.getByTestId('deposit-window').waitFor({ timeout: 15000 });
    await shot(page, `deposit-${lang}`);
    await page.getByTestId('deposit-channels').locator('[data-testid^="channel-"]').first().click();
    await page.getByTestId('deposit-amount').locator('input').fill('500');
    await page.getByTestId('deposit-submit').click();
    const error = page.getByTestId('form-error');
    await error.waitFor({ timeout: 10000 });
    expect((await error.textContent())?.trim()).toMatch(DEPOSIT_MIN[lang]);
    await shot(page, `deposit-minimum-${lang}`);
  });

  it('withdraw shows in one language', async () => {
    await openAt(page, ROUTES.withdraw);
    await page.waitForLoadState('networkidle');
    await shot(page, `withdraw-${lang}`);
  });

  it('market: the indices, the rankings and the whole ETF tab at 390 px', async () => {
    await openAt(page, ROUTES.market);
    // Right after the server starts the rankings fill as it warms the universe: allow for a loaded machine.
    await page.getByTestId('board-gainers-list').locator('[data-testid^="quote-row-"]').first().waitFor({ timeout: 60000 });
    // Every board's capsule (its whole pill, not only the label) lies inside the 390 px screen.
    const allInView = async () => {
      for (const board of ['gainers', 'losers', 'japan', 'etf']) {
        const pill = page.getByTestId(`board-${board}`).locator(`xpath=ancestor::button[@role='tab']`);
        const box = await pill.boundingBox();
        expect([board, box !== null && box.x >= 0 && box.x + box.width <= PHONE.width]).toEqual([board, true]);
      }
    };
    await allInView();
    await shot(page, `market-rankings-${lang}`);
    await page.getByTestId('board-etf').click();
    await page.getByTestId('board-etf-list').locator('[data-testid^="quote-row-"]').first().waitFor({ timeout: 30000 });
    await allInView();
    await shot(page, `market-etf-${lang}`);
  });

  it('the add-to-watchlist button stays on one line', async () => {
    await openAt(page, routeTo('stockDetail', { code: '7203' }));
    const watch = page.locator('[data-testid="watch-toggle"][data-on="false"]');
    await watch.waitFor({ timeout: 20000 });
    const lines = await watch.evaluate((button) => {
      const range = document.createRange();
      range.selectNodeContents(button);
      const style = getComputedStyle(button);
      const lineHeight = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.5;
      return Math.round(range.getBoundingClientRect().height / lineHeight);
    });
    expect(lines).toBe(1);
    await watch.scrollIntoViewIfNeeded();
    await shot(page, `stock-detail-${lang}`);
  });
});

describe('a dialog belongs to its page', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('the support offer a seat account gets on deposit is gone after Back', async () => {
    const context = await newPhoneContext(browser, { lang: 'en' });
    const page = await context.newPage();
    const account = freshAccount();
    await registerViaApi(page, account, issueInviteCode());
    ops('set-role', account, 'institution', '--reason', 'seat account opened by contract');
    await openAt(page, ROUTES.login);
    await submitLogin(page, account);
    await page.getByRole('button', { name: 'Not now' }).click();
    await page.waitForURL(/#\/pages\/home\/home$/);
    await page.getByTestId('shortcut-deposit').click();
    // Refused (seat accounts use support only): a dialog offers the support chat.
    const dialog = page.getByText(messageText('seatAccountSupportOnly', 'en'), { exact: true });
    await dialog.waitFor({ timeout: 10000 });
    await page.goBack();
    await page.getByTestId('market-home').waitFor({ timeout: 15000 });
    await dialog.waitFor({ state: 'detached', timeout: 5000 });
    await expect(page.locator('.adm-dialog').count()).resolves.toBe(0);
    await shot(page, 'dialog-gone-after-back-en');
    await context.close();
  });
});
