// Steps of the funds journey that are about something else (signing in, the fund
// password) go through the same API calls the screens make; money moves on screen.
import type { Page } from 'playwright-core';
import { FUNDS_TEXTS } from '../../../mf-funds/src/translations';
import { serverUrlByName } from '../support/browser';
import { PASSWORD, signInViaApi } from '../support/session';

export { PASSWORD };
export const FUND_PASSWORD = '246810';

export function fundsText(key: string, values: Record<string, string | number> = {}): string {
  const text = FUNDS_TEXTS.en[key];
  if (!text) throw new Error(`no funds text ${key}`);
  return text.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(values[name] ?? ''));
}

/** Passkeys need a host name, so the whole journey runs at localhost (serverUrlByName). */
export async function openAt(page: Page, route: string): Promise<void> {
  await page.goto(`${serverUrlByName()}/#${route}`);
}

export async function callApi(page: Page, path: string, form: Record<string, string>): Promise<{ status: number; msg: string; data: unknown }> {
  return page.evaluate(
    async ({ path, form }) => {
      const headers: Record<string, string> = {};
      const token = localStorage.getItem('token');
      const account = localStorage.getItem('account');
      if (token) headers.token = token;
      if (account) headers.account = account;
      const response = await fetch(`/api/vue/${path}`, { method: 'POST', headers, body: new URLSearchParams(form) });
      return (await response.json()) as { status: number; msg: string; data: unknown };
    },
    { path, form },
  );
}

/** A fresh member signed in at localhost (token and account stored as the shell does). */
export function signInAtLocalhost(page: Page): Promise<string> {
  return signInViaApi(page, { atLocalhost: true });
}

/** '¥1,234' / '$12.30' / '-¥500' / '+$3.00' → integer minor units. */
export function minorOf(text: string): bigint {
  const match = /([+-])?[¥$]?([\d,]+)(?:\.(\d+))?/.exec(text.trim());
  if (!match) throw new Error(`no amount in "${text}"`);
  const [, sign, int = '0', frac = ''] = match;
  const minor = BigInt(int.replace(/,/g, '') + frac);
  return sign === '-' ? -minor : minor;
}
