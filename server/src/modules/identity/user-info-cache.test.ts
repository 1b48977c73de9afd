// user/info from memory with every write to what it shows honoured on the very next
// call: fund password, site messages (stored and read), KYC submission and decision, role,
// VIP level, restrictions; and a change made while an answer was being read is never remembered.
import { eq } from 'drizzle-orm';
import { insertUpload } from '../common/testing/uploads';
import { SESSION_ENDED_STATUS } from './guards';
import { users } from './schema';
import { createUser, login, post, body, PASSWORD, opsPost, useIdentityTestApp, type Session } from './testing/identity-test-kit';
import type { IdentityUserInfo } from '@kabuto/shared-sdk/schemas';

const OPERATOR_TOKEN = 'operator-token-for-user-info-cache-0123456789';
const t = useIdentityTestApp({ sessionCacheMs: 60_000, operatorToken: OPERATOR_TOKEN });

const ops = (url: string, payload: object) => opsPost(t.app, OPERATOR_TOKEN, url, payload);

async function info(session: Session): Promise<IdentityUserInfo> {
  const answer = body(await post(t.app, 'info', {}, session));
  expect(answer.status).toBe(1);
  return answer.data as IdentityUserInfo;
}

async function loggedIn(): Promise<{ id: number; account: string; session: Session }> {
  const user = await createUser(t.db);
  return { id: user.id, account: user.account, session: await login(t.app, user.account) };
}

it('answers from memory (a change behind its back is not seen), so the tests below can fail', async () => {
  const u = await loggedIn();
  expect((await info(u.session)).vipLevel).toBe(0);
  await t.db.update(users).set({ vipLevel: 3 }).where(eq(users.id, u.id));
  expect((await info(u.session)).vipLevel).toBe(0);
});

it('shows a new fund password at once', async () => {
  const u = await loggedIn();
  expect((await info(u.session)).hasFundPassword).toBe(false);
  expect(body(await post(t.app, 'setFundPassword', { fundPassword: '246810', confirmFundPassword: '246810' }, u.session)).status).toBe(1);
  const after = await info(u.session);
  expect(after.hasFundPassword).toBe(true);
  // The change also stored a site message.
  expect(after.unreadMessages).toBe(1);
});

it('counts a message at once and drops it when read, one or all', async () => {
  const u = await loggedIn();
  expect((await info(u.session)).unreadMessages).toBe(0);
  // An operator's VIP change sends a message (stored in its transaction, delivered after commit).
  expect(body(await ops(`/users/${u.account}/vip`, { level: 2, reason: 'volume' })).status).toBe(1);
  expect(await info(u.session)).toMatchObject({ vipLevel: 2, level: 2, unreadMessages: 1 });
  expect(body(await ops(`/users/${u.account}/vip`, { level: 3, reason: 'volume' })).status).toBe(1);
  expect((await info(u.session)).unreadMessages).toBe(2);
  const list = body(await post(t.app, 'messages', {}, u.session));
  const first = (list.data.list as { id: number }[])[0];
  expect(body(await post(t.app, 'messageDetail', { id: first?.id ?? 0 }, u.session)).status).toBe(1);
  expect((await info(u.session)).unreadMessages).toBe(1);
  expect(body(await post(t.app, 'messageRead', { all: 1 }, u.session)).status).toBe(1);
  expect((await info(u.session)).unreadMessages).toBe(0);
});

it('follows a KYC submission and its decision at once', async () => {
  const u = await loggedIn();
  const front = `imgs/CACHE${String(u.id).padStart(10, '0')}.png`;
  const back = `imgs/CACHE${String(u.id).padStart(10, '0')}.jpg`;
  await insertUpload(t.db, { owner: u.id, purpose: 'kyc-front', now: t.clock.now(), key: front });
  await insertUpload(t.db, { owner: u.id, purpose: 'kyc-back', now: t.clock.now(), key: back });
  expect((await info(u.session)).verification.state).toBe('unverified');
  const form = { realName: '山田 太郎', nameKana: 'ヤマダ タロウ', idNumber: 'AB1234567', docType: 'driving_licence', frontKey: front, backKey: back };
  expect(body(await post(t.app, 'realNameSubmit', form, u.session)).status).toBe(1);
  expect((await info(u.session)).verification.state).toBe('under_review');
  expect(body(await ops(`/kyc/${u.account}/approve`, {})).status).toBe(1);
  expect(await info(u.session)).toMatchObject({ verification: { state: 'verified' }, realName: '山田 太郎' });
});

it('follows role and restriction changes at once', async () => {
  const u = await loggedIn();
  expect(body(await ops(`/users/${u.account}/role`, { role: 'agent', rebateRatio: 0.1, reason: 'partner' })).status).toBe(1);
  expect(await info(u.session)).toMatchObject({ role: 'agent', rebateRatio: 0.1 });
  expect(body(await ops(`/users/${u.account}/restrictions`, { restriction: 'trade_banned', on: true, reason: 'review' })).status).toBe(1);
  expect((await info(u.session)).restrictions.tradeBanned).toBe(true);
});

it('refuses every other session at once after a password change, the changing one goes on', async () => {
  const u = await loggedIn();
  const other = await login(t.app, u.account);
  await info(other);
  const changed = body(await post(t.app, 'changePassword', { oldPassword: PASSWORD, password: 'efgh5678', confirmPassword: 'efgh5678' }, u.session));
  expect(changed.status).toBe(1);
  expect(body(await post(t.app, 'info', {}, other)).status).toBe(SESSION_ENDED_STATUS);
  expect((await info(u.session)).unreadMessages).toBe(1);
});
