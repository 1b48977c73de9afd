// The session cache (no database round trip per logged-in call) with revocation
// honoured at once: logout, a freeze and a role change reach the very next call.
import { eq } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import { SESSION_ENDED_STATUS } from './guards';
import { SessionCache, type CachedSession } from './session-cache';
import { users } from './schema';
import { createUser, login, post, body, opsPost, useIdentityTestApp } from './testing/identity-test-kit';

const OPERATOR_TOKEN = 'operator-token-for-session-cache-0123456789';
const t = useIdentityTestApp({ sessionCacheMs: 60_000, operatorToken: OPERATOR_TOKEN });

const ops = (url: string, payload: object) => opsPost(t.app, OPERATOR_TOKEN, url, payload);

it('remembers a checked session (a change made behind its back is not seen until it is forgotten)', async () => {
  const user = await createUser(t.db);
  const session = await login(t.app, user.account);
  expect(body(await post(t.app, 'realNameStatus', {}, session)).status).toBe(1);
  // Straight into the database, not through any call that forgets: the cached copy still answers.
  await t.db.update(users).set({ role: 'institution' }).where(eq(users.id, user.id));
  expect(body(await post(t.app, 'realNameStatus', {}, session)).status).toBe(1);
});

it('honours logout at once', async () => {
  const user = await createUser(t.db);
  const session = await login(t.app, user.account);
  const other = await login(t.app, user.account);
  expect(body(await post(t.app, 'info', {}, session)).status).toBe(1);
  expect(body(await post(t.app, 'logout', {}, session)).status).toBe(1);
  expect(body(await post(t.app, 'info', {}, session)).status).toBe(SESSION_ENDED_STATUS);
  expect(body(await post(t.app, 'info', {}, other)).status).toBe(1);
});

it("honours an operator's freeze and role change at once", async () => {
  const frozen = await createUser(t.db);
  const session = await login(t.app, frozen.account);
  expect(body(await post(t.app, 'info', {}, session)).status).toBe(1);
  expect(body(await ops(`/users/${frozen.account}/restrictions`, { restriction: 'frozen', on: true, reason: 'fraud check' })).status).toBe(1);
  expect(body(await post(t.app, 'info', {}, session)).status).toBe(SESSION_ENDED_STATUS);

  const seat = await createUser(t.db);
  const seatSession = await login(t.app, seat.account);
  expect(body(await post(t.app, 'realNameStatus', {}, seatSession)).status).toBe(1);
  expect(body(await ops(`/users/${seat.account}/role`, { role: 'institution', reason: 'seat account' })).status).toBe(1);
  expect(body(await post(t.app, 'realNameStatus', {}, seatSession))).toEqual({
    status: 0,
    msg: MSG.seatAccountSupportOnly,
    data: { rule: 'seat-account-support-only', support: true },
  });
});

it('never remembers a row read while a revocation was being made', () => {
  const cache = new SessionCache(60_000);
  const row = { session: { id: 's1' }, user: { id: 1 } } as unknown as CachedSession;
  // The read began, then a revocation (inside its transaction, before its commit) forgot the session.
  const generation = cache.generation();
  cache.forgetSession('s1');
  cache.set('hash', row, generation);
  expect(cache.get('hash')).toBeUndefined();
  // A read begun after it is remembered.
  cache.set('hash', row, cache.generation());
  expect(cache.get('hash')?.session.id).toBe('s1');
  cache.close();
});
