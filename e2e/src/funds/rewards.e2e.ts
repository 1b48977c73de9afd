// Daily sign-in and a coupon on real screens against a server of the file's own (its business
// clock starts on a Tuesday at 09:00 JST): the home entry says today is not done; the customer signs
// in on the coupons page three business days in a row (the operator passes each day with
// `ops clock-advance`), parallel taps on the last day give no second reward, the streak earns the
// ¥100 cash coupon, it is redeemed once on the page with its postings (marketing expense to cash),
// a second redeem is refused with the catalogue's message and posts nothing, and the home entry
// says today is done. Screenshots of home and the coupons page in tw, jp and en.
import type { Browser, Page } from 'playwright-core';
import { ROUTES } from '@kabuto/shared-sdk/routes';
import type { CouponsAnswer, SignInResult, SignInStatus, Wallet } from '@kabuto/shared-sdk/schemas';
import { TRADE_TEXTS } from '../../../mf-trade/src/translations';
import { callApi, mustCall } from '../support/api';
import { launchPhone, screenshot } from '../support/browser';
import { messageText } from '../support/catalogue';
import { ops } from '../support/ops-cli';
import { ownServerForThisFile } from '../support/own-server';
import { inLanguage, openAt, signInAtLocalhost } from '../support/session';
import { textFrom } from '../support/texts';

type Lang = 'tw' | 'jp' | 'en';
const LANGS: readonly Lang[] = ['tw', 'jp', 'en'];
// Tuesday 24 November 2026 (the Monday before is Labour Thanksgiving Day): Tue, Wed, Thu in a row.
const START = '2026-11-24T09:00:00+09:00';

function text(key: string, lang: Lang = 'en', values: Record<string, string | number> = {}): string {
  return textFrom(TRADE_TEXTS, 'trade', key, lang, values);
}

async function jpyCash(page: Page): Promise<bigint> {
  const wallet = await mustCall<Wallet>(page, 'funds/wallet', {});
  return BigInt(wallet.currencies.find((c) => c.currency === 'JPY')?.balance.minor ?? '0');
}

/** Opens the coupons page afresh (a new business day), taps sign-in and waits for the answer on the page. */
async function signInOnPage(page: Page): Promise<string> {
  await openAt(page, ROUTES.coupons);
  await page.reload();
  const button = page.getByTestId('sign-in-button');
  await button.waitFor({ timeout: 30000 });
  await page.waitForFunction(() => !document.querySelector('[data-testid="sign-in-button"]')?.hasAttribute('disabled'), undefined, { timeout: 15000 });
  await button.click();
  const result = page.getByTestId('sign-in-result');
  await result.waitFor({ timeout: 15000 });
  return (await result.textContent()) ?? '';
}

ownServerForThisFile(START, []);

describe('daily sign-in and coupons (coupons page, home entry)', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ({ browser, page } = await launchPhone({ lang: 'en' }));
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('three business days of sign-in → coupon earned → redeemed once with its postings → a second redeem refused', async () => {
    // A fresh customer each attempt: a retry starts a new streak on whatever business day it is.
    await signInAtLocalhost(page);
    const firstDay = (await mustCall<SignInStatus>(page, 'rewards/signInStatus', {})).today;
    // Home: today's entry (mf-trade's widget on mf-market's page) says not done.
    await openAt(page, ROUTES.home);
    const entry = page.getByTestId('daily-sign-in-widget');
    await entry.waitFor({ timeout: 30000 });
    await expect(entry.getByTestId('sign-in-today').getAttribute('data-state')).resolves.toBe('open');
    await screenshot(page, 'rewards-home-not-done');

    expect(await signInOnPage(page)).toBe(text('rewards.signIn.earned', 'en', { streak: 1, points: 10 }));
    ops('clock-advance', '--reason', 'e2e: second sign-in day');
    expect(await signInOnPage(page)).toBe(text('rewards.signIn.earned', 'en', { streak: 2, points: 10 }));
    ops('clock-advance', '--reason', 'e2e: third sign-in day');
    expect(await signInOnPage(page)).toBe(text('rewards.signIn.earnedCoupon', 'en', { streak: 3, value: '100' }));

    // More taps the same day, in parallel: the day's sign-in again, no second reward.
    const again = await Promise.all([1, 2, 3].map(() => callApi(page, 'rewards/signIn', {})));
    expect(again.every((a) => a.status === 1 && (a.data as SignInResult).already)).toBe(true);
    const status = await mustCall<SignInStatus>(page, 'rewards/signInStatus', {});
    expect(status).toMatchObject({ signedInToday: true, streak: 3, points: 30 });
    const days = status.calendar.slice(-3);
    expect(days[0]?.date).toBe(firstDay);
    expect(days.map((d) => d.signedIn)).toEqual([true, true, true]);
    const coupons = await mustCall<CouponsAnswer>(page, 'rewards/coupons', {});
    expect(coupons.usable).toHaveLength(1);
    const coupon = coupons.usable[0];
    expect(coupon).toMatchObject({ kind: 'cash', source: 'sign-in-streak', value: { minor: '100' } });

    // The streak calendar shows the three days; the published table is on the page.
    await page.reload();
    for (const { date } of days) await expect(page.getByTestId(`sign-in-day-${date}`).getAttribute('data-signed')).resolves.toBe('true');
    await page.getByTestId('reward-row-3').waitFor();
    await screenshot(page, 'rewards-coupons-signed-in');

    // Redeem once on the page: the postings show marketing expense to cash.
    const cashBefore = await jpyCash(page);
    const card = page.locator(`[data-testid="coupon"][data-coupon-id="${coupon?.id}"]`);
    await card.getByTestId('coupon-redeem').click();
    // The redemption stays on the page with its postings; the coupon itself moves to the used tab.
    const redemption = page.getByTestId('coupon-redemption');
    await redemption.getByTestId('coupon-redeemed').waitFor({ timeout: 15000 });
    await card.waitFor({ state: 'detached', timeout: 15000 });
    const postings = redemption.getByTestId('coupon-posting');
    await expect(postings.count()).resolves.toBe(2);
    await expect(postings.nth(0).textContent()).resolves.toContain(text('rewards.account.marketing_expense'));
    await expect(postings.nth(0).textContent()).resolves.toContain('-¥100');
    await expect(postings.nth(1).textContent()).resolves.toContain(text('rewards.account.customer_cash'));
    await expect(postings.nth(1).textContent()).resolves.toContain('¥100');
    await redemption.scrollIntoViewIfNeeded();
    await screenshot(page, 'rewards-coupon-redeemed');
    expect(await jpyCash(page)).toBe(cashBefore + 100n);

    // A second redeem (another key) is refused with the catalogue's message; nothing is posted.
    const second = await callApi(page, 'rewards/redeem', { couponId: String(coupon?.id), idempotencyKey: `e2e-second-${Date.now()}` });
    expect(second).toMatchObject({ status: 0, msg: messageText('couponAlreadyUsed', 'tw') });
    expect(await jpyCash(page)).toBe(cashBefore + 100n);
    const after = await mustCall<CouponsAnswer>(page, 'rewards/coupons', {});
    expect(after.usable).toHaveLength(0);
    expect(after.used.map((c) => c.id)).toEqual([coupon?.id]);

    // The used tab lists it; the home entry says today is done.
    await page.getByTestId('coupons-tab-used').click();
    await page.locator('[data-testid="coupon"][data-state="used"]').waitFor({ timeout: 15000 });
    await screenshot(page, 'rewards-coupons-used-tab');
    await openAt(page, ROUTES.home);
    await expect(page.getByTestId('daily-sign-in-widget').getByTestId('sign-in-today').getAttribute('data-state')).resolves.toBe('done');
    await screenshot(page, 'rewards-home-done');

    for (const lang of LANGS) {
      await inLanguage(browser, page, lang, async (langPage) => {
        await openAt(langPage, ROUTES.coupons);
        await langPage.getByTestId('reward-table').waitFor({ timeout: 30000 });
        await expect(langPage.getByTestId('sign-in-today').textContent()).resolves.toContain(text('rewards.signIn.done', lang));
        await screenshot(langPage, `rewards-coupons-${lang}`);
      });
    }
  }, 600_000);
});
