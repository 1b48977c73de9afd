// "Remember account" keeps the account (a phone number) for the next sign-in. Never
// the password: a stored password is one stolen device away from a stolen account.
export const REMEMBERED_ACCOUNT_KEY = 'rememberedAccount';

export function readRememberedAccount(): string | null {
  try {
    return localStorage.getItem(REMEMBERED_ACCOUNT_KEY);
  } catch {
    return null;
  }
}

export function rememberAccount(account: string | null): void {
  try {
    if (account) localStorage.setItem(REMEMBERED_ACCOUNT_KEY, account);
    else localStorage.removeItem(REMEMBERED_ACCOUNT_KEY);
  } catch {
    // Storage unavailable: the user types the account next time.
  }
}
