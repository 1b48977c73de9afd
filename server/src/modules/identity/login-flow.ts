// The steps of a login shared by user/login and user/loginPasskey: failed-password
// counting and the progressive delay (per account for unknown devices, per device for known
// ones: device-cookies.ts), restriction answers, and opening the session.
import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { SessionResult } from '@kabuto/shared-sdk/schemas';
import { sessions, users, type UserRow } from './schema';
import { ApiFailure } from '../../http/envelope';
import { notifySecurity } from './notify-user';
import { formatJst, lockedNotice, newDeviceNotice } from '../../notifications/templates';
import { FIRST_DELAY_SECONDS, LOCKOUT_MINUTES, MAX_FAILED_LOGINS, MINUTE_MS } from './constants';
import type { IdentityDeps } from './deps';
import { createSession } from './sessions';
import { sha256Hex } from '../../crypto/tokens';
import { buildUserInfo } from './user-info';
import { clearDeviceFailures, countDeviceFailure, deviceLockedUntil, pauseDevice } from './device-cookies';
import { customerReasonOf, type RestrictionRefusal } from './guards';

/**
 * Where a sign-in attempt's failures count: a device that proved it signed in to this
 * account before (its nonce), or the account itself (every unknown device together).
 */
export type LoginOrigin = { kind: 'device'; nonce: string } | { kind: 'unknown' };

/** Whether password sign-in is paused for this origin: a known device only by its own pause. */
export async function isPausedFor(deps: IdentityDeps, user: UserRow, origin: LoginOrigin): Promise<boolean> {
  const now = deps.clock.now();
  if (origin.kind === 'unknown') return isLocked(user, now);
  return (await deviceLockedUntil(deps.db, user.id, origin.nonce, now)) !== null;
}

/**
 * Counts a wrong password where it belongs. A known device's failures pause only that
 * device, with the same progressive delay, and tell nobody (it is the owner's own browser,
 * or one that holds its cookie); the account and the owner's other devices are untouched.
 */
export async function recordFailedLoginFrom(deps: IdentityDeps, user: UserRow, origin: LoginOrigin): Promise<boolean> {
  if (origin.kind === 'unknown') return recordFailedLogin(deps, user);
  const failed = await countDeviceFailure(deps.db, deps.clock, user.id, origin.nonce);
  const delay = loginDelayMs(failed);
  if (delay === 0) return false;
  await pauseDevice(deps.db, user.id, origin.nonce, new Date(deps.clock.now().getTime() + delay));
  return true;
}

/** After a successful sign-in: a known device's count is cleared; an unknown device's success clears the account's (as before devices). */
export async function clearFailedLoginsFrom(deps: IdentityDeps, user: UserRow, origin: LoginOrigin): Promise<void> {
  if (origin.kind === 'device') await clearDeviceFailures(deps.db, user.id, origin.nonce);
  else await clearFailedLogins(deps, user);
}

/** The pause after the `failed`-th wrong password in a row (0 below MAX_FAILED_LOGINS). */
export function loginDelayMs(failed: number): number {
  if (failed < MAX_FAILED_LOGINS) return 0;
  const doublings = Math.min(failed - MAX_FAILED_LOGINS, 20);
  return Math.min(FIRST_DELAY_SECONDS * 1000 * 2 ** doublings, LOCKOUT_MINUTES * MINUTE_MS);
}

/**
 * Counts a wrong password. From the MAX_FAILED_LOGINS-th in a row, password sign-in is
 * paused for loginDelayMs (lockedUntil); the owner is told at the first pause and at every
 * MAX_FAILED_LOGINS-th failure after it (site message + outbox). Returns whether it paused.
 */
export async function recordFailedLogin(deps: IdentityDeps, user: UserRow): Promise<boolean> {
  const now = deps.clock.now();
  const [counted] = await deps.db
    .update(users)
    .set({ failedLoginCount: sql`${users.failedLoginCount} + 1` })
    .where(eq(users.id, user.id))
    .returning({ failed: users.failedLoginCount });
  const delay = counted ? loginDelayMs(counted.failed) : 0;
  if (!counted || delay === 0) return false;
  const until = new Date(now.getTime() + delay);
  await deps.db.update(users).set({ lockedUntil: until }).where(eq(users.id, user.id));
  if (counted.failed % MAX_FAILED_LOGINS === 0) {
    await notifySecurity(deps, user, lockedNotice(formatJst(until), Math.ceil(delay / MINUTE_MS)));
  }
  return true;
}

export function isLocked(user: UserRow, now: Date): boolean {
  return user.lockedUntil !== null && user.lockedUntil.getTime() > now.getTime();
}

/**
 * The login refusal of a restricted account (status 0 so the login page shows it), with the
 * operator's customer-facing reason when one was given (never the internal note), so a frozen
 * customer who signs in is told why.
 */
export async function loginRestrictionRefusal(db: IdentityDeps['db'], user: UserRow): Promise<ApiFailure | null> {
  const restriction = user.disabled ? 'disabled' : user.frozen ? 'frozen' : user.loginBanned ? 'login_banned' : null;
  if (restriction === null) return null;
  const refusal: RestrictionRefusal = { restriction, reason: await customerReasonOf(db, user.id, restriction) };
  const message = restriction === 'disabled' ? MSG.accountDisabled : restriction === 'frozen' ? MSG.accountFrozen : MSG.loginBanned;
  return new ApiFailure(message, refusal);
}

export async function clearFailedLogins(deps: IdentityDeps, user: UserRow): Promise<void> {
  if (user.failedLoginCount === 0 && user.lockedUntil === null) return;
  await deps.db.update(users).set({ failedLoginCount: 0, lockedUntil: null }).where(eq(users.id, user.id));
}

/** deviceId from the client, else the user agent stands for the device. */
export function deviceKeyOf(request: FastifyRequest, deviceId: string | undefined): string {
  if (deviceId) return deviceId;
  return `ua:${sha256Hex(request.headers['user-agent'] ?? '').slice(0, 32)}`;
}

function userAgentOf(request: FastifyRequest): string | null {
  const ua = request.headers['user-agent'];
  return typeof ua === 'string' ? ua : null;
}

/** Opens a session; a device this account never used (not the first login) is reported. */
export async function openSession(deps: IdentityDeps, request: FastifyRequest, user: UserRow, deviceKey: string): Promise<SessionResult> {
  const [seen] = await deps.db
    .select({ all: count(), sameDevice: sql<number>`count(*) filter (where ${sessions.deviceId} = ${deviceKey})`.mapWith(Number) })
    .from(sessions)
    .where(and(eq(sessions.userId, user.id)));
  const { token } = await createSession(deps.db, deps.clock, { userId: user.id, userAgent: userAgentOf(request), deviceId: deviceKey });
  if (seen && seen.all > 0 && seen.sameDevice === 0) {
    await notifySecurity(deps, user, newDeviceNotice(formatJst(deps.clock.now())));
  }
  const userInfo = await buildUserInfo(deps.db, user);
  return {
    step: 'done',
    passkeyRequired: false,
    reverificationRequired: false,
    token,
    account: user.account,
    userInfo,
    offerPasskeyEnrolment: userInfo.passkeyCount === 0,
  };
}
