// A signed-in visitor without going through the screens (for tests that are about
// something else): registers a fresh account with the demo invitation code and signs
// in through the same API calls the login page makes, then stores the session the way
// the shell does (token + account in localStorage, spec §3).
import type { Browser, Page } from 'playwright-core';
import { newPhoneContext, openRoute, serverUrlByName } from './browser';
import { freshAccount } from './ops-cli';
import { ROUTES } from '@kabuto/shared-sdk/routes';

const DEMO_INVITE_CODE = 'KABUTO2026';
export const PASSWORD = 'kabuto2026';

/** A user call from inside the page (same origin, the same form the screens send). */
export async function postUserForm(page: Page, action: string, form: Record<string, string>): Promise<{ status: number; msg: string; data: unknown }> {
  return page.evaluate(
    async ({ action, form }) => {
      const response = await fetch(`/api/vue/user/${action}`, { method: 'POST', body: new URLSearchParams(form) });
      return (await response.json()) as { status: number; msg: string; data: unknown };
    },
    { action, form },
  );
}

/** Registers `account` with `inviteCode` through the register call (the page must be on the app). */
export async function registerWithInvite(page: Page, account: string, inviteCode: string, password = PASSWORD): Promise<void> {
  const answer = await postUserForm(page, 'register', { account, password, confirmPassword: password, inviteCode, agreeCustomer: 'true' });
  if (answer.status !== 1) throw new Error(`register ${account} refused: ${answer.msg}`);
}

/** Opens the login page, then registers `account` there through the API (not what the test is about). */
export async function registerViaApi(page: Page, account: string, inviteCode: string, password = PASSWORD): Promise<void> {
  await openRoute(page, ROUTES.login);
  await registerWithInvite(page, account, inviteCode, password);
}

/** Passkeys need a host name, so journeys that sign in at localhost stay there (serverUrlByName). */
export async function openAt(page: Page, route: string): Promise<void> {
  await page.goto(`${serverUrlByName()}/#${route}`);
}

/** `atLocalhost`: signs in at localhost (serverUrlByName), as passkeys need a host name. */
export async function signInViaApi(page: Page, opts: { atLocalhost?: boolean } = {}): Promise<string> {
  const account = freshAccount();
  if (opts.atLocalhost) await page.goto(`${serverUrlByName()}/#${ROUTES.login}`);
  else await openRoute(page, ROUTES.login);
  await registerWithInvite(page, account, DEMO_INVITE_CODE);
  const login = await postUserForm(page, 'login', { account, password: PASSWORD, agreePrivacy: 'true' });
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

/** A fresh member signed in at localhost (token and account stored as the shell does). */
export function signInAtLocalhost(page: Page): Promise<string> {
  return signInViaApi(page, { atLocalhost: true });
}

/** `use` gets a page of a new phone context in `lang`, signed in with `page`'s session; the context is closed after. */
export async function inLanguage(browser: Browser, page: Page, lang: string, use: (langPage: Page) => Promise<void>): Promise<void> {
  const session = await page.evaluate(() => ({ token: localStorage.getItem('token') ?? '', account: localStorage.getItem('account') ?? '' }));
  const context = await newPhoneContext(browser, { lang });
  await context.addInitScript((s) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('account', s.account);
  }, session);
  try {
    await use(await context.newPage());
  } finally {
    await context.close();
  }
}
