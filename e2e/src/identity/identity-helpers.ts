// Steps the identity journeys share: sign in through the real screens, and their texts.
// Setting up an account through the API lives in e2e/src/support/session.ts.
import type { Page } from 'playwright-core';
import { MSG } from '@kabuto/shared-sdk/messages';
import { ACCESS_TEXTS } from '../../../shell/src/pages/access/access-texts';
import { ACCOUNT_TEXTS } from '../../../mf-account/src/translations';
import { openRoute } from '../support/browser';
import { shellText } from '../support/expected-titles';
import { PASSWORD, registerViaApi } from '../support/session';
import { textFrom } from '../support/texts';
import { ROUTES } from '@kabuto/shared-sdk/routes';

export { PASSWORD, registerViaApi };

export function accessText(key: string): string {
  return textFrom(ACCESS_TEXTS, 'access', key);
}

export function accountText(key: string): string {
  return textFrom(ACCOUNT_TEXTS, 'account', key);
}

export { MSG };

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
