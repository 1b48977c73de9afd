// Device cookies (OWASP "Slow down online guessing attacks with device cookies"): a browser
// that has signed in to an account carries a token the server signed, so its wrong
// passwords can be told apart from a stranger's. A stranger's failures pause the account's
// password sign-in for unknown devices only (users.locked_until, as before); a known
// device's failures pause that device only (login_devices). So five wrong passwords from
// anywhere no longer keep the owner, on their own browser, out of their account.
//
// Token: `v1.<userId>.<nonce>.<expires, unix seconds>.<mac>`, mac = HMAC-SHA256 over
// `v1.<userId>.<nonce>.<expires>` with a key derived from the server secret (base64url). The
// nonce (128 random bits) names the device; the user id binds the token to one account. A
// token that fails the mac, has expired, or names another account is simply unknown.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import type { Clock } from '../../clock';
import { loginDevices } from './schema';
import { USER_API } from './deps';

export const DEVICE_COOKIE = 'kabuto_device';
/** A device stays known this long after its last successful sign-in. */
export const DEVICE_COOKIE_DAYS = 90;
const DAY_MS = 86_400_000;
const VERSION = 'v1';

/** The signing key: derived, so the upload-policy key and this one never coincide. */
export function deviceCookieKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('kabuto device cookie key').digest();
}

function macOf(key: Buffer, payload: string): string {
  return createHmac('sha256', key).update(payload).digest('base64url');
}

export function signDeviceToken(key: Buffer, userId: number, nonce: string, expires: Date): string {
  const payload = `${VERSION}.${userId}.${nonce}.${Math.floor(expires.getTime() / 1000)}`;
  return `${payload}.${macOf(key, payload)}`;
}

/** The device nonce of a valid token for `userId`; null for anything else. */
export function verifyDeviceToken(key: Buffer, token: string | undefined, userId: number, now: Date): string | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 5) return null;
  const [version, id, nonce, expires, mac] = parts as [string, string, string, string, string];
  if (version !== VERSION || !/^[A-Za-z0-9_-]{22}$/.test(nonce) || !/^\d{1,12}$/.test(expires)) return null;
  const expected = Buffer.from(macOf(key, `${version}.${id}.${nonce}.${expires}`));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (id !== String(userId)) return null;
  if (Number(expires) * 1000 <= now.getTime()) return null;
  return nonce;
}

/** The device cookie's value from the Cookie header (no cookie plugin: this is the only cookie read). */
export function deviceCookieOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === DEVICE_COOKIE) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * After a successful sign-in: the device keeps its nonce (or gets one) and a fresh expiry.
 * HttpOnly (scripts never see it), SameSite=Strict, Secure over HTTPS, and sent only to the
 * sign-in calls.
 */
export function setDeviceCookie(reply: FastifyReply, request: FastifyRequest, key: Buffer, userId: number, knownNonce: string | null, now: Date): void {
  const nonce = knownNonce ?? randomBytes(16).toString('base64url');
  const expires = new Date(now.getTime() + DEVICE_COOKIE_DAYS * DAY_MS);
  const attributes = [
    `${DEVICE_COOKIE}=${signDeviceToken(key, userId, nonce, expires)}`,
    `Path=${USER_API}/`,
    `Max-Age=${DEVICE_COOKIE_DAYS * 86_400}`,
    'HttpOnly',
    'SameSite=Strict',
  ];
  if (request.protocol === 'https') attributes.push('Secure');
  reply.header('set-cookie', attributes.join('; '));
}

/** When a known device's own pause ends; null when it is not paused. */
export async function deviceLockedUntil(db: Database, userId: number, nonce: string, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ lockedUntil: loginDevices.lockedUntil })
    .from(loginDevices)
    .where(and(eq(loginDevices.userId, userId), eq(loginDevices.nonce, nonce)))
    .limit(1);
  return row?.lockedUntil && row.lockedUntil.getTime() > now.getTime() ? row.lockedUntil : null;
}

/** Counts a known device's wrong password; returns its failures in a row. */
export async function countDeviceFailure(db: Database, clock: Clock, userId: number, nonce: string): Promise<number> {
  const [row] = await db
    .insert(loginDevices)
    .values({ userId, nonce, failedCount: 1, lastFailedAt: clock.now() })
    .onConflictDoUpdate({
      target: [loginDevices.userId, loginDevices.nonce],
      set: { failedCount: sql`${loginDevices.failedCount} + 1`, lastFailedAt: clock.now() },
    })
    .returning({ failed: loginDevices.failedCount });
  return row?.failed ?? 1;
}

export async function pauseDevice(db: Database, userId: number, nonce: string, until: Date): Promise<void> {
  await db
    .update(loginDevices)
    .set({ lockedUntil: until })
    .where(and(eq(loginDevices.userId, userId), eq(loginDevices.nonce, nonce)));
}

export async function clearDeviceFailures(db: Database, userId: number, nonce: string): Promise<void> {
  await db.delete(loginDevices).where(and(eq(loginDevices.userId, userId), eq(loginDevices.nonce, nonce)));
}

/** Every device pause of a user (an operator's unlock, a password reset). */
export async function clearAllDeviceFailures(db: Database, userId: number): Promise<void> {
  await db.delete(loginDevices).where(eq(loginDevices.userId, userId));
}
