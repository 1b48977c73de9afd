// Steps the identity journeys share: register and sign in through the real screens,
// or set up an account through the API when the screen is not what a test is about.
import type { Page } from 'playwright-core';
import { MSG } from '@kabuto/shared-sdk/messages';
import { ACCESS_TEXTS } from '../../../shell/src/pages/access/access-texts';
import { ACCOUNT_TEXTS } from '../../../mf-account/src/translations';
import { openRoute } from '../support/browser';
import { shellText } from '../support/expected-titles';
import { ROUTES } from '@kabuto/shared-sdk/routes';

export const PASSWORD = 'kabuto2026';

export function accessText(key: string): string {
  const text = ACCESS_TEXTS.en[key];
  if (!text) throw new Error(`no access text ${key}`);
  return text;
}

export function accountText(key: string): string {
  const text = ACCOUNT_TEXTS.en[key];
  if (!text) throw new Error(`no account text ${key}`);
  return text;
}

export { MSG };

/** Registers through the API from inside the page (same origin, same form the screen sends). */
export async function registerViaApi(page: Page, account: string, inviteCode: string, password = PASSWORD): Promise<void> {
  await openRoute(page, ROUTES.login);
  const answer = await page.evaluate(
    async (form) => {
      const response = await fetch('/api/vue/user/register', { method: 'POST', body: new URLSearchParams(form) });
      return (await response.json()) as { status: number; msg: string };
    },
    { account, password, confirmPassword: password, inviteCode, agreeCustomer: 'true' },
  );
  if (answer.status !== 1) throw new Error(`register ${account} refused: ${answer.msg}`);
}

/** Fills and sends the login form (the page must show it). */
export async function submitLogin(page: Page, account: string, password = PASSWORD): Promise<void> {
  await page.getByLabel(shellText('login.account', 'en'), { exact: true }).fill(account);
  await page.getByLabel(shellText('login.password', 'en'), { exact: true }).fill(password);
  const consent = page.getByTestId('privacy-consent');
  if (!(await consent.isChecked())) await consent.check();
  await page.getByRole('button', { name: shellText('login.submit', 'en'), exact: true }).click();
}

/** Signs in from the login page; skips the passkey offer when it comes. */
export async function signInSkippingOffer(page: Page, account: string, password = PASSWORD): Promise<void> {
  await openRoute(page, ROUTES.login);
  await submitLogin(page, account, password);
  await page.getByRole('button', { name: accessText('enrol.skip') }).click();
  await page.waitForURL(/#\/pages\/home\/home$/);
}
