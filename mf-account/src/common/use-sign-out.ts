// Signing out: the server revokes the session; whatever it answers, this device forgets
// the login, the cached user info and every cached answer, then shows the login page.
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { ROUTES, api, loggedOut, useAppDispatch, useLogoutMutation } from '@kabuto/shared-sdk';

export const LOGIN_PATH = ROUTES.login;

export function useSignOut(): () => Promise<void> {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [logout] = useLogoutMutation();
  return useCallback(async () => {
    // Leave the signed-in page first, then end the session: a query of a page still
    // mounted would otherwise ask again (or be answered) after the server revoked the
    // session and land the user on logon instead of login. Rendered at once (flushSync), not
    // as a transition: the login page's code may still be loading, and a transition would keep
    // the signed-in page mounted until it came.
    await navigate(LOGIN_PATH, { replace: true, flushSync: true });
    await new Promise((resolve) => setTimeout(resolve, 0));
    await logout();
    dispatch(loggedOut());
    dispatch(api.util.resetApiState());
  }, [dispatch, logout, navigate]);
}
