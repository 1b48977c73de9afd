// What the market journeys share: the market's own texts, a signed-in customer (through
// the identity API, e2e/src/support/session.ts) and reading a test id's text.
import type { Page } from 'playwright-core';
import { MARKET_TEXTS, type MarketTextKey } from '../../../mf-market/src/translations';
import { openRoute } from '../support/browser';
import { signInViaApi } from '../support/session';
import { textFrom } from '../support/texts';
import { ROUTES } from '@kabuto/shared-sdk/routes';

export type MarketLang = 'tw' | 'jp' | 'en';

export function marketText(key: MarketTextKey, lang: MarketLang = 'en'): string {
  return textFrom(MARKET_TEXTS, 'market', key, lang);
}

/** Registers a fresh customer with the demo invitation code and signs the page in; returns the account. */
export async function signInFreshCustomer(page: Page): Promise<string> {
  const account = await signInViaApi(page);
  await openRoute(page, ROUTES.home);
  return account;
}

/** Text content of a test id, trimmed ('' when absent). */
export async function textOf(page: Page, testId: string): Promise<string> {
  return ((await page.getByTestId(testId).first().textContent()) ?? '').trim();
}
