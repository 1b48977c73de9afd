// Session-end handling (spec §4, §8): clear the login, go to ROUTES.sessionEnded?v=1|2|3, and
// let only one redirect run at a time, however many calls fail together.
//
// The flag is reset explicitly: the logon page calls `unauthorizedRedirectDone()` once it
// is shown, and the session store calls it on a new login. Resetting on a timer could let
// a burst of late 401s redirect twice.
import { clearLogin } from '../session/storage';
import type { LogonVersion } from './envelope';
import { getHost } from './host';
import { ROUTES, routeTo } from '../routes/route-table';

let redirectPending = false;

export function logonPath(version: LogonVersion): string {
  return routeTo('sessionEnded', { v: version });
}

function onLogonPage(): boolean {
  return typeof location !== 'undefined' && location.hash.split('?')[0] === `#${ROUTES.sessionEnded}`;
}

/**
 * `hadSession`: the failed call carried a session. One made without one (a screen still
 * asking after the login was cleared) ends nothing, so on the logon page it must not replace
 * the cause already shown there (v=1 "your session has ended" by v=2 "not signed in").
 */
export function handleUnauthorized(version: LogonVersion, hadSession = true): void {
  clearLogin();
  if (redirectPending) return;
  if (!hadSession && onLogonPage()) return;
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
