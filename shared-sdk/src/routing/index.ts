// The react-router APIs the remotes use, re-exported so a remote reaches the router only
// through the SDK. React Router keeps its state in React contexts, so the page must run
// ONE copy of it: the shell's, which creates the router. react-router is not a federation
// singleton (a shared module cannot be tree-shaken: shared whole it was 59.8 KiB gzip of
// the home route's first load); the SDK is, and inside the shell build its react-router
// import and the shell's own resolve to the same module. A remote that imported
// react-router itself would get its own copy, whose hooks find no router.
// Add a name here (a minor SDK bump) before a remote may use it; remote-contract-tests
// fails on any direct import.
import { useCallback } from 'react';
import { useNavigate as useRouterNavigate, type NavigateOptions, type To } from 'react-router';

export { useSearchParams } from 'react-router';

export type Navigate = (to: To | number, options?: NavigateOptions) => void;

// react-router's navigate() answers `void | Promise<void>`: a promise that settles when the
// navigation is done and never rejects (a failed route renders its error element). A click
// handler has nothing to wait for, so this one answers nothing and can be passed anywhere.
export function useNavigate(): Navigate {
  const navigate = useRouterNavigate();
  return useCallback<Navigate>(
    (to, options) => {
      void (typeof to === 'number' ? navigate(to) : navigate(to, options));
    },
    [navigate],
  );
}

// For the caller that must wait until the new page is shown (signing out leaves the page
// before ending the session).
export function useNavigateAndWait(): (to: To, options?: NavigateOptions) => Promise<void> {
  const navigate = useRouterNavigate();
  return useCallback(async (to: To, options?: NavigateOptions) => navigate(to, options), [navigate]);
}
