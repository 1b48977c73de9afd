// Session-end handling (spec §4, §8): clear the login, go to ROUTES.sessionEnded?v=1|2|3, and
// let only one redirect run at a time, however many calls fail together.
//
// The flag is reset explicitly: the logon page calls `unauthorizedRedirectDone()` once it
// is shown, and the session store calls it on a new login. Resetting on a timer could let
// a burst of late 401s redirect twice.
import { clearLogin } from '../session/storage';
import type { LogonVersion } from './envelope';
import { getHost } from './host';
import { routeTo } from '../routes/route-table';

let redirectPending = false;

export function logonPath(version: LogonVersion): string {
  return routeTo('sessionEnded', { v: version });
}

export function handleUnauthorized(version: LogonVersion): void {
  clearLogin();
  if (redirectPending) return;
  redirectPending = true;
  getHost().navigate(logonPath(version));
}

/** The logon page has been reached (or a new session began): allow the next redirect. */
export function unauthorizedRedirectDone(): void {
  redirectPending = false;
}

export function isUnauthorizedRedirectPending(): boolean {
  return redirectPending;
}
