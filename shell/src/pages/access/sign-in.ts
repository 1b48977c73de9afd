// After the server finishes a login (password alone, or password + passkey): say so,
// keep the session and the user info (the store's persistence writes token, account
// and userInfo), and tell the caller whether to offer passkey enrolment.
import { MSG, TOAST_MS, getHost, loggedIn, translateMessage, userInfoLoaded, type AppDispatch, type Lang } from '@kabuto/shared-sdk';
import { type SessionResult } from '@kabuto/shared-sdk/schemas';

export function keepSession(result: SessionResult, dispatch: AppDispatch, lang: Lang): void {
  getHost().toast(translateMessage(MSG.loginSuccess, lang), TOAST_MS);
  dispatch(loggedIn({ token: result.token, account: result.account }));
  // Only what the cache is read for (spec §3: `level`, the VIP check) and who it is:
  // names and verification details stay off the device.
  const { id, account, level, vipLevel, role } = result.userInfo;
  dispatch(userInfoLoaded({ id, account, level, vipLevel, role }));
}
