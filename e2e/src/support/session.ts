// A signed-in visitor without going through the screens (for tests that are about
// something else): registers a fresh account with the demo invitation code and signs
// in through the same API calls the login page makes, then stores the session the way
// the shell does (token + account in localStorage, spec §3).
import type { Page } from 'playwright-core';
import { openRoute, serverUrlByName } from './browser';
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

/** Registers `account` (password PASSWORD) with `inviteCode` through the register call. */
export async function registerWithInvite(page: Page, account: string, inviteCode: string): Promise<void> {
  const answer = await postUserForm(page, 'register', { account, password: PASSWORD, confirmPassword: PASSWORD, inviteCode, agreeCustomer: 'true' });
  if (answer.status !== 1) throw new Error(`register ${account} refused: ${answer.msg}`);
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
