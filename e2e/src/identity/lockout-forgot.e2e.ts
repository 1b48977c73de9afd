// Five wrong passwords lock the account with the published message; a forgotten
// password is reset with the one-time code from the notification outbox.
import type { Browser, Page } from 'playwright-core';
import { openRoute, screenshot, launchPhone } from '../support/browser';
import { freshAccount, issueInviteCode, latestOutboxCode } from '../support/ops-cli';
import { PASSWORD, accessText, registerViaApi, signInSkippingOffer, submitLogin } from './identity-helpers';
import { messageText } from '../support/catalogue';
import { ROUTES } from '@kabuto/shared-sdk/routes';

describe('lockout and forgot password', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ({ browser, page } = await launchPhone({ lang: 'en' }));
  });
  afterAll(async () => browser.close());

  it('pauses password sign-in after 5 wrong passwords, with the message', async () => {
    const account = freshAccount();
    await registerViaApi(page, account, issueInviteCode());
    await openRoute(page, ROUTES.login);
    const error = page.getByTestId('form-error');
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await submitLogin(page, account, 'wrongpass1');
      await error.filter({ hasText: messageText('wrongAccountOrPassword', 'en') }).waitFor();
      await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor(); // sending finished
    }
    await submitLogin(page, account, 'wrongpass1');
    await error.filter({ hasText: messageText('accountLocked', 'en') }).waitFor();
    // During the delay the right password is refused too (a passkey would still get in).
    await submitLogin(page, account, PASSWORD);
    await page.waitForTimeout(500);
    await expect(error.textContent()).resolves.toBe(messageText('accountLocked', 'en'));
    await screenshot(page, 'identity-locked');
  });

  it('resets a forgotten password with the outbox code, then signs in with the new one', async () => {
    const account = freshAccount();
    await registerViaApi(page, account, issueInviteCode());
    await openRoute(page, ROUTES.login);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByTestId('forgot-form').waitFor();
    await page.getByLabel('Account (mobile number)', { exact: true }).fill(account);
    await page.getByRole('button', { name: accessText('forgot.send') }).click();
    await page.getByLabel(accessText('forgot.code'), { exact: true }).waitFor();
    const code = latestOutboxCode(account);
    await page.getByLabel(accessText('forgot.code'), { exact: true }).fill(code);
    await page.getByLabel(accessText('forgot.password'), { exact: true }).fill('newpass2026');
    await page.getByLabel(accessText('forgot.confirm'), { exact: true }).fill('newpass2026');
    await screenshot(page, 'identity-forgot');
    await page.getByRole('button', { name: accessText('forgot.submit') }).click();
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();

    await submitLogin(page, account, PASSWORD);
    await page
      .getByTestId('form-error')
      .filter({ hasText: messageText('wrongAccountOrPassword', 'en') })
      .waitFor();
    await signInSkippingOffer(page, account, 'newpass2026');
  });
});
