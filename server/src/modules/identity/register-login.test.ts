import { count, eq } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import { outbox } from '../../notifications/schema';
import { siteMessages, users } from './schema';
import { FIRST_DELAY_SECONDS, LOCKOUT_MINUTES, MINUTE_MS } from './constants';
import { createInvite, createUser, freshAccount, lastCode, lastOutbox, login, PASSWORD, post, body, useIdentityTestApp } from './testing/identity-test-kit';

const t = useIdentityTestApp();
beforeAll(async () => {
  await createInvite(t.db, 'INVITE01');
  await createInvite(t.db, 'OLDCODE1', false);
});

function registerForm(overrides: Record<string, string | undefined> = {}) {
  return { account: freshAccount(), password: PASSWORD, confirmPassword: PASSWORD, inviteCode: 'INVITE01', agreeCustomer: 'true', ...overrides };
}

describe('user/register', () => {
  it('registers with a valid invitation code (case-insensitive) and the account form normalised', async () => {
    const res = await post(t.app, 'register', registerForm({ account: '090-7777-0001', inviteCode: 'invite01' }));
    expect(body(res)).toEqual({ status: 1, msg: MSG.registerSuccess, data: { account: '9077770001' } });
    const [row] = await t.db.select().from(users).where(eq(users.account, '9077770001'));
    expect(row?.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(row?.passwordHash).not.toContain(PASSWORD);
    expect(row?.role).toBe('member');
  });

  it.each([
    [{ account: '' }, MSG.accountEmpty],
    [{ account: '901234567' }, MSG.accountInvalid],
    [{ password: '' }, MSG.passwordEmpty],
    [{ password: 'abc1234', confirmPassword: 'abc1234' }, MSG.passwordRule],
    [{ password: 'abcd 234', confirmPassword: 'abcd 234' }, MSG.passwordRule],
    [{ confirmPassword: '' }, MSG.confirmPasswordEmpty],
    [{ confirmPassword: 'abcd12345' }, MSG.passwordsDiffer],
    [{ inviteCode: '' }, MSG.inviteCodeRequired],
    [{ inviteCode: 'a-b' }, MSG.inviteCodeInvalid],
    [{ agreeCustomer: undefined }, MSG.agreeCustomerRequired],
    [{ agreeCustomer: 'false' }, MSG.agreeCustomerRequired],
  ])('refuses %p with its catalogue message', async (override, msg) => {
    const res = await post(t.app, 'register', registerForm(override));
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ status: 0, msg, data: null });
  });

  it('refuses unknown and deactivated invitation codes and writes no user row', async () => {
    const before = await t.db.select({ n: count() }).from(users);
    for (const code of ['NOSUCH99', 'OLDCODE1']) {
      const account = freshAccount();
      expect(body(await post(t.app, 'register', registerForm({ account, inviteCode: code })))).toEqual({ status: 0, msg: MSG.inviterNotFound, data: null });
      expect(await t.db.select().from(users).where(eq(users.account, account))).toEqual([]);
    }
    expect(await t.db.select({ n: count() }).from(users)).toEqual(before);
  });

  it('refuses an account that exists, leaving the first registration untouched', async () => {
    const account = freshAccount();
    expect(body(await post(t.app, 'register', registerForm({ account }))).status).toBe(1);
    const [first] = await t.db.select().from(users).where(eq(users.account, account));
    const again = await post(t.app, 'register', registerForm({ account, password: 'zzzz9999', confirmPassword: 'zzzz9999' }));
    expect(body(again)).toEqual({ status: 0, msg: MSG.accountExists, data: null });
    const rows = await t.db.select().from(users).where(eq(users.account, account));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.passwordHash).toBe(first?.passwordHash);
  });
});

describe('user/login', () => {
  it('logs in, answers the session, userInfo and the passkey-enrolment offer', async () => {
    const user = await createUser(t.db, { vipLevel: 2 });
    const res = body(await post(t.app, 'login', { account: user.account, password: PASSWORD, agreePrivacy: 'on' }));
    expect(res.status).toBe(1);
    expect(res.msg).toBe(MSG.loginSuccess);
    expect(res.data).toMatchObject({ step: 'done', passkeyRequired: false, account: user.account, offerPasskeyEnrolment: true });
    expect(res.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.data.userInfo).toMatchObject({
      account: user.account,
      role: 'member',
      vipLevel: 2,
      level: 2,
      verification: { state: 'unverified', rejectReason: null },
      hasFundPassword: false,
      passkeyCount: 0,
      supportOnly: false,
      restrictions: { frozen: false, loginBanned: false, disabled: false, tradeBanned: false, withdrawBanned: false },
    });
  });

  it.each([
    [{ account: '' }, MSG.accountEmpty],
    [{ account: '12345' }, MSG.accountInvalid],
    [{ password: '' }, MSG.passwordEmpty],
    [{ agreePrivacy: undefined }, MSG.agreePrivacyRequired],
  ])('validates %p', async (override, msg) => {
    const res = await post(t.app, 'login', { account: '9012345678', password: PASSWORD, agreePrivacy: 'true', ...override });
    expect(body(res)).toEqual({ status: 0, msg, data: null });
  });

  it('answers unknown account and wrong password with the same generic message', async () => {
    const user = await createUser(t.db);
    const unknown = await post(t.app, 'login', { account: freshAccount(), password: PASSWORD, agreePrivacy: 'true' });
    const wrong = await post(t.app, 'login', { account: user.account, password: 'wrong1234', agreePrivacy: 'true' });
    expect(body(unknown)).toEqual({ status: 0, msg: MSG.wrongAccountOrPassword, data: null });
    expect(body(wrong)).toEqual({ status: 0, msg: MSG.wrongAccountOrPassword, data: null });
  });

  it('pauses password sign-in after 5 wrong passwords in a row, for a delay that doubles up to LOCKOUT_MINUTES, and tells the owner', async () => {
    const user = await createUser(t.db);
    const attempt = (password: string) => post(t.app, 'login', { account: user.account, password, agreePrivacy: 'true' });
    const pausedUntil = async () => (await t.db.select().from(users).where(eq(users.id, user.id)))[0]?.lockedUntil?.getTime();
    for (let i = 1; i <= 4; i += 1) expect(body(await attempt('wrong1234')).msg).toBe(MSG.wrongAccountOrPassword);
    expect(body(await attempt('wrong1234')).msg).toBe(MSG.accountLocked);
    expect(await pausedUntil()).toBe(t.clock.now().getTime() + FIRST_DELAY_SECONDS * 1000);
    // Even the right password is refused during the pause.
    expect(body(await attempt(PASSWORD)).msg).toBe(MSG.accountLocked);
    const messages = await t.db.select().from(siteMessages).where(eq(siteMessages.userId, user.id));
    expect(messages.map((m) => m.kind)).toEqual(['locked']);
    expect((await lastOutbox(t.db, user.account))?.subject).toContain('locked');

    // Each further wrong password after a pause doubles it: 60 s, 120 s, … at most LOCKOUT_MINUTES.
    const expected = [60, 120, 240, 480, LOCKOUT_MINUTES * 60, LOCKOUT_MINUTES * 60];
    for (const seconds of expected) {
      t.clock.advance((await pausedUntil())! - t.clock.now().getTime());
      expect(body(await attempt('wrong1234')).msg).toBe(MSG.accountLocked);
      expect(await pausedUntil()).toBe(t.clock.now().getTime() + seconds * 1000);
    }
    // The owner was told again at the 10th failure.
    expect((await t.db.select().from(siteMessages).where(eq(siteMessages.userId, user.id))).map((m) => m.kind)).toEqual(['locked', 'locked']);

    t.clock.advance(LOCKOUT_MINUTES * MINUTE_MS - 1000);
    expect(body(await attempt(PASSWORD)).msg).toBe(MSG.accountLocked);
    t.clock.advance(1000);
    expect(body(await attempt(PASSWORD)).status).toBe(1);
    expect((await t.db.select().from(users).where(eq(users.id, user.id)))[0]).toMatchObject({ failedLoginCount: 0, lockedUntil: null });
  });

  it('resets the failure count on a good password (5 failures must be in a row)', async () => {
    const user = await createUser(t.db);
    const attempt = (password: string) => post(t.app, 'login', { account: user.account, password, agreePrivacy: 'true' });
    for (let i = 0; i < 4; i += 1) await attempt('wrong1234');
    expect(body(await attempt(PASSWORD)).status).toBe(1);
    for (let i = 0; i < 4; i += 1) expect(body(await attempt('wrong1234')).msg).toBe(MSG.wrongAccountOrPassword);
  });

  it.each([
    [{ frozen: true }, MSG.accountFrozen, 'frozen'],
    [{ loginBanned: true }, MSG.loginBanned, 'login_banned'],
    [{ disabled: true }, MSG.accountDisabled, 'disabled'],
  ])('refuses a restricted account %p with status 0 and its message, only after a correct password', async (flags, msg, restriction) => {
    const user = await createUser(t.db, flags);
    const res = await post(t.app, 'login', { account: user.account, password: PASSWORD, agreePrivacy: 'true' });
    expect(res.statusCode).toBe(200);
    // No customer-facing reason was given (the flag was set directly): none is invented.
    expect(body(res)).toEqual({ status: 0, msg, data: { restriction, reason: null } });
    const wrong = await post(t.app, 'login', { account: user.account, password: 'wrong1234', agreePrivacy: 'true' });
    expect(body(wrong).msg).toBe(MSG.wrongAccountOrPassword);
  });

  it('reports a login from a new device, but not the first login or a known device', async () => {
    const user = await createUser(t.db);
    const kinds = async () => (await t.db.select().from(siteMessages).where(eq(siteMessages.userId, user.id))).map((m) => m.kind);
    await login(t.app, user.account, PASSWORD, { deviceId: 'device-aaaa-1' });
    expect(await kinds()).toEqual([]);
    await login(t.app, user.account, PASSWORD, { deviceId: 'device-aaaa-1' });
    expect(await kinds()).toEqual([]);
    await login(t.app, user.account, PASSWORD, { deviceId: 'device-bbbb-2' });
    expect(await kinds()).toEqual(['new_device']);
    expect((await lastOutbox(t.db, user.account))?.subject).toContain('new device');
  });
});

describe('forgot password', () => {
  it('sends a code through the outbox and resets the password with it; old sessions end', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.account);
    const asked = await post(t.app, 'forgotCode', { account: user.account });
    expect(body(asked)).toEqual({ status: 1, msg: MSG.codeSentIfExists, data: null });
    const code = await lastCode(t.db, user.account);
    const reset = await post(t.app, 'forgotReset', { account: user.account, code, password: 'newpass99', confirmPassword: 'newpass99' });
    expect(body(reset)).toEqual({ status: 1, msg: MSG.modifySuccess, data: null });
    expect(body(await post(t.app, 'info', {}, session)).status).toBe(410002);
    expect(body(await post(t.app, 'login', { account: user.account, password: PASSWORD, agreePrivacy: 'true' })).msg).toBe(MSG.wrongAccountOrPassword);
    await login(t.app, user.account, 'newpass99');
    // The code is single-use.
    const again = await post(t.app, 'forgotReset', { account: user.account, code, password: 'other9999', confirmPassword: 'other9999' });
    expect(body(again).msg).toBe(MSG.codeInvalid);
  });

  it('answers the same for an unknown account and sends nothing', async () => {
    const account = freshAccount();
    expect(body(await post(t.app, 'forgotCode', { account }))).toEqual({ status: 1, msg: MSG.codeSentIfExists, data: null });
    expect(await t.db.select().from(outbox).where(eq(outbox.recipient, account))).toEqual([]);
  });

  it('validates the reset form and counts wrong codes (5 tries)', async () => {
    const user = await createUser(t.db);
    await post(t.app, 'forgotCode', { account: user.account });
    const code = await lastCode(t.db, user.account);
    const form = { account: user.account, code, password: 'newpass99', confirmPassword: 'newpass99' };
    expect(body(await post(t.app, 'forgotReset', { ...form, code: '12a' })).msg).toBe(MSG.codeFormat);
    expect(body(await post(t.app, 'forgotReset', { ...form, confirmPassword: 'newpass98' })).msg).toBe(MSG.passwordsDiffer);
    expect(body(await post(t.app, 'forgotReset', { ...form, password: 'short', confirmPassword: 'short' })).msg).toBe(MSG.passwordRule);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) expect(body(await post(t.app, 'forgotReset', { ...form, code: wrong })).msg).toBe(MSG.codeInvalid);
    // Out of tries: even the right code no longer works.
    expect(body(await post(t.app, 'forgotReset', form)).msg).toBe(MSG.codeInvalid);
  });

  it('expires codes after 10 minutes and does not resend within a minute', async () => {
    const user = await createUser(t.db);
    await post(t.app, 'forgotCode', { account: user.account });
    await post(t.app, 'forgotCode', { account: user.account });
    expect(await t.db.select().from(outbox).where(eq(outbox.recipient, user.account))).toHaveLength(1);
    const code = await lastCode(t.db, user.account);
    t.clock.advance(10 * MINUTE_MS);
    expect(body(await post(t.app, 'forgotReset', { account: user.account, code, password: 'newpass99', confirmPassword: 'newpass99' })).msg).toBe(
      MSG.codeInvalid,
    );
  });

  it('rate-limits code requests per account: the 6th within 10 minutes is too frequent', async () => {
    const account = freshAccount();
    for (let i = 0; i < 5; i += 1) expect(body(await post(t.app, 'forgotCode', { account })).status).toBe(1);
    expect(body(await post(t.app, 'forgotCode', { account }))).toEqual({ status: 0, msg: MSG.tooFrequent, data: null });
  });
});
