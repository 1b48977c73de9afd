// Register with an invitation code → login → enrol a passkey (Chromium's virtual
// authenticator) → sign out → the next login asks for the passkey and succeeds with it.
import type { Browser, Page } from 'playwright-core';
import { screenshot } from '../support/browser';
import { openAt } from '../support/session';
import { shellText } from '../support/expected-titles';
import { freshAccount, issueInviteCode } from '../support/ops-cli';
import { launchPhoneWithAuthenticator, type VirtualAuthenticator } from '../support/virtual-authenticator';
import { PASSWORD, accessText, accountText, submitLogin } from './identity-helpers';
import { ROUTES } from '@kabuto/shared-sdk/routes';

// This suite runs at localhost (support/session.ts openAt): passkeys need a host name.

describe('register, enrol a passkey, sign in with it', () => {
  let browser: Browser;
  let page: Page;
  let authenticator: VirtualAuthenticator;
  const account = freshAccount();

  beforeAll(async () => {
    ({ browser, page, authenticator } = await launchPhoneWithAuthenticator({ lang: 'en' }));
  });
  afterAll(async () => browser.close());

  it('registers with an operator-issued invitation code and lands on login with the account', async () => {
    const invite = issueInviteCode();
    await openAt(page, ROUTES.register);
    await page.getByLabel(shellText('register.account', 'en'), { exact: true }).fill(account);
    await page.getByLabel(shellText('register.password', 'en'), { exact: true }).fill(PASSWORD);
    await page.getByLabel(shellText('register.confirm', 'en'), { exact: true }).fill(PASSWORD);
    await page.getByLabel(shellText('register.invite', 'en'), { exact: true }).fill(invite);
    await page.getByTestId('customer-agreement').check();
    await screenshot(page, 'identity-register');
    await page.getByRole('button', { name: shellText('register.submit', 'en'), exact: true }).click();
    await page.waitForURL(/#\/pages\/login$/);
    await expect(page.getByLabel(shellText('login.account', 'en'), { exact: true }).inputValue()).resolves.toBe(account);
  });

  it('the first login offers a passkey; the virtual authenticator enrols one', async () => {
    await submitLogin(page, account);
    await page.getByTestId('passkey-offer').waitFor();
    await screenshot(page, 'identity-passkey-offer');
    await page.getByRole('button', { name: accessText('enrol.add') }).click();
    // Either home, or the refusal the offer shows (reported, so a failure says why).
    await page.waitForFunction((home) => location.hash.endsWith(home) || document.querySelector('[data-testid="form-error"]'), ROUTES.home);
    const refusal = (await page.getByTestId('form-error').count()) ? await page.getByTestId('form-error').textContent() : null;
    expect(refusal).toBeNull();
    await page.waitForURL(/#\/pages\/home\/home$/);
    await expect(authenticator.credentialCount()).resolves.toBe(1);
  });

  it('settings list the passkey; signing out ends the session', async () => {
    await openAt(page, ROUTES.settings);
    await page.getByTestId('passkey-item').first().waitFor();
    await expect(page.getByTestId('passkey-item').count()).resolves.toBe(1);
    await screenshot(page, 'identity-settings');
    await page.getByTestId('sign-out').click();
    await page.waitForURL(/#\/pages\/login$/);
    // The login page shows first; the device forgets the login once the server has revoked it.
    await page.waitForFunction(() => localStorage.getItem('token') === null && localStorage.getItem('userInfo') === null);
    await expect(page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('userInfo')])).resolves.toEqual([null, null]);
  });

  it('the next login asks for the passkey and succeeds with it', async () => {
    // Come back to the app as a returning customer does: straight to the login page.
    await openAt(page, ROUTES.login);
    const finished = page.waitForResponse((response) => response.url().endsWith('/api/vue/user/loginPasskey'));
    await submitLogin(page, account);
    await expect((await finished).json()).resolves.toMatchObject({ status: 1, data: { step: 'done' } });
    await page.waitForURL(/#\/pages\/home\/home$/);
    await expect(page.evaluate(() => localStorage.getItem('token'))).resolves.toMatch(/\S/);
    await openAt(page, ROUTES.mine);
    await page.getByTestId('mine-account').waitFor();
    await expect(page.getByTestId('mine-account').textContent()).resolves.toBe(account);
    await expect(page.getByTestId('verification-state').textContent()).resolves.toBe(accountText('state.unverified'));
    await screenshot(page, 'identity-mine');
  });
});
