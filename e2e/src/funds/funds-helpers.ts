// Steps of the funds journey that are about something else (signing in, the fund
// password) go through the same API calls the screens make; money moves on screen.
import type { Page } from 'playwright-core';
import { FUNDS_TEXTS } from '../../../mf-funds/src/translations';
import { serverUrlByName } from '../support/browser';
import { freshAccount } from '../support/ops-cli';
import { ROUTES } from '@kabuto/shared-sdk/routes';

const DEMO_INVITE_CODE = 'KABUTO2026';
export const PASSWORD = 'kabuto2026';
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
export async function signInAtLocalhost(page: Page): Promise<string> {
  const account = freshAccount();
  await openAt(page, ROUTES.login);
  const registered = await callApi(page, 'user/register', {
    account,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    inviteCode: DEMO_INVITE_CODE,
    agreeCustomer: 'true',
  });
  if (registered.status !== 1) throw new Error(`register refused: ${registered.msg}`);
  const login = await callApi(page, 'user/login', { account, password: PASSWORD, agreePrivacy: 'true' });
  const data = login.data as { step?: string; token?: string; userInfo?: unknown } | null;
  if (login.status !== 1 || data?.step !== 'done' || !data.token) throw new Error(`login refused: ${login.msg}`);
  await page.evaluate(
    ({ token, account, userInfo }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('account', account);
      localStorage.setItem('userInfo', JSON.stringify(userInfo ?? {}));
    },
    { token: data.token, account, userInfo: data.userInfo },
  );
  await page.reload();
  return account;
}

/** '¥1,234' / '$12.30' / '-¥500' / '+$3.00' → integer minor units. */
export function minorOf(text: string): bigint {
  const match = /([+-])?[¥$]?([\d,]+)(?:\.(\d+))?/.exec(text.trim());
  if (!match) throw new Error(`no amount in "${text}"`);
  const [, sign, int = '0', frac = ''] = match;
  const minor = BigInt(int.replace(/,/g, '') + frac);
  return sign === '-' ? -minor : minor;
}
