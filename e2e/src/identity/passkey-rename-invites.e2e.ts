// Settings: enrol a passkey (Chromium's virtual authenticator), rename it, and the new
// name survives a reload. Mine: an agent made by the operator CLI sees the rebate ratio
// and their invitation code with its registrations, and copies it; a member sees none.
import type { Browser, Page } from 'playwright-core';
import { MSG } from '@kabuto/shared-sdk/messages';
import { messageText } from '../support/catalogue';
import { launchBrowser, newPhoneContext, openRoute, screenshot } from '../support/browser';
import { freshAccount, ops } from '../support/ops-cli';
import { openAt, registerWithInvite, signInViaApi } from '../support/session';
import { textFrom } from '../support/texts';
import { launchPhoneWithAuthenticator, type VirtualAuthenticator } from '../support/virtual-authenticator';
import { ACCOUNT_TEXTS } from '../../../mf-account/src/translations';
import { ROUTES } from '@kabuto/shared-sdk/routes';

// Not through ./identity-helpers: it loads every remote's routes module (for the shell's
// titles), and this file needs only the account texts.
function accountText(key: string, values: Record<string, string> = {}): string {
  return textFrom(ACCOUNT_TEXTS, 'account', key, 'en', values);
}

describe('rename a passkey in settings', () => {
  let browser: Browser;
  let page: Page;
  let authenticator: VirtualAuthenticator;

  beforeAll(async () => {
    ({ browser, page, authenticator } = await launchPhoneWithAuthenticator({ lang: 'en' }));
  });
  afterAll(async () => browser.close());

  it('enrols a passkey from settings', async () => {
    await signInViaApi(page, { atLocalhost: true });
    await openAt(page, ROUTES.settings);
    await page.getByTestId('passkey-add').click();
    await page.getByTestId('passkey-item').first().waitFor();
    await expect(authenticator.credentialCount()).resolves.toBe(1);
  });

  it('refuses a name longer than 40 characters inside the dialog', async () => {
    // Afresh, so the enrolment's toast is gone from the screenshots.
    await page.reload();
    await page.getByTestId('passkey-rename').click();
    const input = page.getByTestId('passkey-rename-input').locator('input');
    await input.fill('x'.repeat(41));
    await page.getByRole('button', { name: accountText('common.save'), exact: true }).click();
    const error = page.getByTestId('passkey-rename-error');
    await error.waitFor();
    await expect(error.textContent()).resolves.toBe(messageText('passkeyNameInvalid', 'en'));
    await screenshot(page, 'identity-passkey-rename-refused');
    await page.getByRole('button', { name: accountText('common.cancel'), exact: true }).click();
    await input.waitFor({ state: 'detached' });
  });

  it('renames it, and the new name is what the server keeps', async () => {
    await page.getByTestId('passkey-rename').click();
    const input = page.getByTestId('passkey-rename-input').locator('input');
    await input.fill('Work laptop');
    await screenshot(page, 'identity-passkey-rename-dialog');
    const renamed = page.waitForResponse((response) => response.url().endsWith('/api/vue/user/passkeyRename'));
    await page.getByRole('button', { name: accountText('common.save'), exact: true }).click();
    await expect((await renamed).json()).resolves.toMatchObject({ status: 1, msg: MSG.modifySuccess, data: { name: 'Work laptop' } });
    await page.getByTestId('passkey-name').filter({ hasText: 'Work laptop' }).waitFor();
    await input.waitFor({ state: 'detached' });

    await page.reload();
    await page.getByTestId('passkey-item').first().waitFor();
    await expect(page.getByTestId('passkey-name').allTextContents()).resolves.toEqual(['Work laptop']);
    await screenshot(page, 'identity-passkey-renamed');
  });
});

describe("an agent's invitation codes on mine", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('an agent sees the rebate ratio and their code with its registrations, and copies it', async () => {
    const context = await newPhoneContext(browser, { lang: 'en' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await context.newPage();
    const agent = await signInViaApi(page);

    const made = ops('set-role', agent, 'agent', '--rebate', '0.15', '--reason', 'e2e: agent recruits customers');
    const code = /invitation code ([A-Za-z0-9]+)/.exec(made)?.[1];
    if (!code) throw new Error(`no invitation code in:\n${made}`);
    // A customer registers with the agent's code (in another page: this one keeps the agent's session).
    const other = await context.newPage();
    await openRoute(other, ROUTES.login);
    await registerWithInvite(other, freshAccount(), code);
    await other.close();

    await openRoute(page, ROUTES.mine);
    await page.reload(); // the role changed after sign-in: read the user afresh
    await page.getByTestId('mine-rebate').waitFor();
    await expect(page.getByTestId('mine-rebate').textContent()).resolves.toBe('15%');
    await page.getByTestId('invite-codes-toggle').click();
    const item = page.getByTestId('invite-code');
    await item.first().waitFor();
    await expect(item.getByTestId('invite-code-text').allTextContents()).resolves.toEqual([code]);
    await expect(item.textContent()).resolves.toContain(accountText('mine.inviteRegistrations', { count: '1' }));
    await screenshot(page, 'identity-agent-invite-codes');

    await item.getByTestId('invite-code-copy').click();
    await page.getByText(accountText('mine.inviteCopied', { code })).waitFor();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(code);
    await screenshot(page, 'identity-agent-invite-copied');
  });

  it('a member sees no invitation codes', async () => {
    const page = await (await newPhoneContext(browser, { lang: 'en' })).newPage();
    await signInViaApi(page);
    await openRoute(page, ROUTES.mine);
    await page.getByTestId('mine-account').waitFor();
    await expect(page.getByTestId('invite-codes').count()).resolves.toBe(0);
    await expect(page.getByTestId('mine-rebate').count()).resolves.toBe(0);
  });
});
