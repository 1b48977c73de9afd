// Signing out: the server revokes the session; whatever it answers, this device forgets
// the login, the cached user info and every cached answer, then shows the login page.
import { useCallback } from 'react';
import { ROUTES, api, loggedOut, useAppDispatch, useLogoutMutation, useNavigateAndWait } from '@kabuto/shared-sdk';

export const LOGIN_PATH = ROUTES.login;

export function useSignOut(): () => Promise<void> {
  const dispatch = useAppDispatch();
  const navigate = useNavigateAndWait();
  const [logout] = useLogoutMutation();
  return useCallback(async () => {
    // Leave the signed-in page first, then end the session: a query of a page still
    // mounted would otherwise ask again (or be answered) after the server revoked the
    // session and land the user on logon instead of login.
    await navigate(LOGIN_PATH, { replace: true });
    await new Promise((resolve) => setTimeout(resolve, 0));
    await logout();
    dispatch(loggedOut());
    dispatch(api.util.resetApiState());
  }, [dispatch, logout, navigate]);
}
