// Signing out: the server revokes the session; whatever it answers, this device forgets
// the login, the cached user info and every cached answer, then shows the login page.
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api, loggedOut, useAppDispatch, useLogoutMutation } from '@kabuto/shared-sdk';

export const LOGIN_PATH = '/pages/login';

export function useSignOut(): () => Promise<void> {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [logout] = useLogoutMutation();
  return useCallback(async () => {
    await logout();
    // Leave the signed-in page first: clearing the cache while it is still mounted would
    // make its queries ask again without a session and land on logon?v=2.
    await navigate(LOGIN_PATH, { replace: true });
    await new Promise((resolve) => setTimeout(resolve, 0));
    dispatch(loggedOut());
    dispatch(api.util.resetApiState());
  }, [dispatch, logout, navigate]);
}
