// After the server accepts a login or a registration: say so, keep the session
// (the store's persistence writes token and account), and go on.
import type { NavigateFunction } from 'react-router';
import { TOAST_MS, getHost, loggedIn, translateMessage, type AppDispatch, type Lang } from '@kabuto/shared-sdk';
import { HOME_PATH } from '../../frame/route-chrome';

interface SignInContext {
  dispatch: AppDispatch;
  navigate: NavigateFunction;
  lang: Lang;
  /** Where to go when the answer carries no session (a registration that still needs a login). */
  otherwise?: string;
}

/** The session token of an answer's data, if it carries one. */
export function tokenOf(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const token = (data as { token?: unknown }).token;
  return typeof token === 'string' && token !== '' ? token : null;
}

export function finishSignIn(answer: { msg: string; data: unknown }, account: string, context: SignInContext): void {
  if (answer.msg) getHost().toast(translateMessage(answer.msg, context.lang), TOAST_MS);
  const token = tokenOf(answer.data);
  if (token) {
    context.dispatch(loggedIn({ token, account }));
    context.navigate(HOME_PATH, { replace: true });
  } else if (context.otherwise) {
    context.navigate(context.otherwise, { replace: true });
  }
}
