import { eq } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import { sessions, siteMessages, stepUpGrants, users } from './schema';
import { ok } from '../../http/envelope';
import { MINUTE_MS, SESSION_ABSOLUTE_HOURS, SESSION_IDLE_MINUTES, STEP_UP_MINUTES } from './constants';
import { currentUser, forbidInstitution, requireNotRestricted, requireStepUp, requireUser } from './guards';
import { body, createUser, lastCode, login, PASSWORD, post, type Session, useIdentityTestApp } from './testing/identity-test-kit';

const OPERATOR_TOKEN = 'operator-token-for-tests-0123456789';

const t = useIdentityTestApp({
  routes: (app) => {
    // Routes as other modules (trading, funds) will guard them.
    app.post('/api/vue/test/trade', { preHandler: [requireUser, forbidInstitution, requireNotRestricted('trade')] }, async (request) =>
      ok({ by: currentUser(request).account }),
    );
    app.post(
      '/api/vue/test/withdraw',
      { preHandler: [requireUser, forbidInstitution, requireNotRestricted('withdraw'), requireStepUp('withdraw')] },
      async () => ok('withdrawn'),
    );
  },
  operatorToken: OPERATOR_TOKEN,
});

function ops(method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({ method, url: `/api/ops${url}`, payload, headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } });
}

function callAs(session: Session | undefined, url: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: '',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(session ? { token: session.token, account: session.account } : {}), ...headers },
  });
}

describe('requireUser', () => {
  it('answers HTTP 401 without token/account, with an unknown token, or with another account', async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    const session = await login(t.app, user.account);
    expect((await callAs(undefined, '/api/vue/user/info')).statusCode).toBe(401);
    expect((await callAs(undefined, '/api/vue/user/info', { token: session.token })).statusCode).toBe(401);
    expect((await callAs(undefined, '/api/vue/user/info', { account: user.account })).statusCode).toBe(401);
    expect((await callAs({ token: 'x'.repeat(43), account: user.account }, '/api/vue/user/info')).statusCode).toBe(401);
    const mismatch = await callAs({ token: session.token, account: other.account }, '/api/vue/user/info');
    expect(mismatch.statusCode).toBe(401);
    expect(body(mismatch)).toEqual({ status: 0, msg: MSG.loginRequired, data: null });
    const good = await callAs(session, '/api/vue/user/info');
    expect(body(good).data.account).toBe(user.account);
  });

  it('ends a session idle for 30 minutes with status 410002', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.account);
    t.clock.advance(SESSION_IDLE_MINUTES * MINUTE_MS - 1000);
    expect(body(await callAs(session, '/api/vue/user/info')).status).toBe(1); // use refreshes it
    t.clock.advance(SESSION_IDLE_MINUTES * MINUTE_MS - 1000);
    expect(body(await callAs(session, '/api/vue/user/info')).status).toBe(1);
    t.clock.advance(SESSION_IDLE_MINUTES * MINUTE_MS);
    const ended = await callAs(session, '/api/vue/user/info');
    expect(ended.statusCode).toBe(200);
    expect(body(ended)).toEqual({ status: 410002, msg: MSG.sessionExpired, data: null });
  });

  it('ends any session 12 hours after login however active', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.account);
    const steps = (SESSION_ABSOLUTE_HOURS * 60) / 20;
    for (let i = 1; i < steps; i += 1) {
      t.clock.advance(20 * MINUTE_MS);
      expect(body(await callAs(session, '/api/vue/user/info')).status).toBe(1);
    }
    t.clock.advance(20 * MINUTE_MS);
    expect(body(await callAs(session, '/api/vue/user/info')).status).toBe(410002);
  });

  it('revokes on logout', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.account);
    expect(body(await post(t.app, 'logout', {}, session))).toEqual({ status: 1, msg: MSG.logoutSuccess, data: null });
    expect(body(await callAs(session, '/api/vue/user/info')).status).toBe(410002);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row?.revokeReason).toBe('logout');
    expect(row?.tokenHash).not.toBe(session.token);
  });
});

describe('password changes', () => {
  it('checks the original, revokes every other session, keeps this one, and notifies', async () => {
    const user = await createUser(t.db);
    const here = await login(t.app, user.account);
    const elsewhere = await login(t.app, user.account);
    const form = { oldPassword: PASSWORD, password: 'newpass77', confirmPassword: 'newpass77' };
    expect(body(await post(t.app, 'changePassword', { ...form, oldPassword: 'wrong1234' }, here))).toEqual({
      status: 0,
      msg: MSG.wrongOriginalPassword,
      data: null,
    });
    expect(body(await post(t.app, 'changePassword', { ...form, oldPassword: '' }, here)).msg).toBe(MSG.passwordEmpty);
    expect(body(await post(t.app, 'changePassword', { ...form, password: 'bad' }, here)).msg).toBe(MSG.passwordRule);
    expect(body(await post(t.app, 'changePassword', { ...form, confirmPassword: 'newpass78' }, here)).msg).toBe(MSG.passwordsDiffer);
    expect(body(await post(t.app, 'changePassword', form, here))).toEqual({ status: 1, msg: MSG.modifySuccess, data: null });
    expect(body(await callAs(here, '/api/vue/user/info')).status).toBe(1);
    expect(body(await callAs(elsewhere, '/api/vue/user/info')).status).toBe(410002);
    await login(t.app, user.account, 'newpass77');
    const kinds = (await t.db.select().from(siteMessages).where(eq(siteMessages.userId, user.id))).map((m) => m.kind);
    expect(kinds).toContain('password_changed');
  });

  it('sets a fund password without step-up; changing it needs the original and a step-up', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.account);
    expect(body(await post(t.app, 'setFundPassword', { fundPassword: '12345', confirmFundPassword: '12345' }, session)).msg).toBe(MSG.fundPasswordRule);
    expect(body(await post(t.app, 'setFundPassword', { fundPassword: '', confirmFundPassword: '' }, session)).msg).toBe(MSG.fundPasswordEmpty);
    expect(body(await post(t.app, 'setFundPassword', { fundPassword: '123456', confirmFundPassword: '123457' }, session)).msg).toBe(MSG.passwordsDiffer);
    expect(body(await post(t.app, 'setFundPassword', { fundPassword: '123456', confirmFundPassword: '123456' }, session))).toEqual({
      status: 1,
      msg: MSG.modifySuccess,
      data: null,
    });
    expect(body(await post(t.app, 'info', {}, session)).data.hasFundPassword).toBe(true);

    const change = { oldFundPassword: '123456', fundPassword: '654321', confirmFundPassword: '654321' };
    expect(body(await post(t.app, 'setFundPassword', { ...change, oldFundPassword: undefined }, session)).msg).toBe(MSG.fundPasswordEmpty);
    expect(body(await post(t.app, 'setFundPassword', change, session))).toEqual({ status: 0, msg: MSG.stepUpRequired, data: { stepUp: 'fund-password' } });
    // Step-up by the outbox code (no passkey yet).
    expect(body(await post(t.app, 'stepUpOptions', { purpose: 'fund-password' }, session)).data).toEqual({
      method: 'code',
      sentTo: expect.stringMatching(/^\d{2}\*+\d{4}$/),
    });
    const code = await lastCode(t.db, user.account);
    expect(body(await post(t.app, 'stepUpVerify', { purpose: 'fund-password', code: '99999' }, session)).msg).toBe(MSG.codeFormat);
    expect(body(await post(t.app, 'stepUpVerify', { purpose: 'fund-password', code }, session)).status).toBe(1);
    expect(body(await post(t.app, 'setFundPassword', { ...change, oldFundPassword: '000000' }, session))).toEqual({
      status: 0,
      msg: MSG.wrongFundPassword,
      data: null,
    });
    expect(body(await post(t.app, 'setFundPassword', change, session)).status).toBe(1);
  });
});

describe('guards other modules use', () => {
  it('tells a barred user the restriction (status 0, HTTP 200) and keeps them signed in', async () => {
    const tradeBanned = await createUser(t.db, { tradeBanned: true });
    const withdrawBanned = await createUser(t.db, { withdrawBanned: true });
    const s1 = await login(t.app, tradeBanned.account);
    const s2 = await login(t.app, withdrawBanned.account);
    const trade = await callAs(s1, '/api/vue/test/trade');
    expect(trade.statusCode).toBe(200);
    expect(body(trade)).toEqual({ status: 0, msg: MSG.tradingBarred, data: { restriction: 'trade_banned', reason: null } });
    expect(body(await callAs(s2, '/api/vue/test/trade')).data).toEqual({ by: withdrawBanned.account });
    const withdraw = await callAs(s2, '/api/vue/test/withdraw');
    expect(withdraw.statusCode).toBe(200);
    expect(body(withdraw).msg).toBe(MSG.withdrawBarred);
    // The session goes on: the next call is answered as the same user.
    const info = await callAs(s2, '/api/vue/user/info');
    expect(info.statusCode).toBe(200);
    expect(body(info).data.account).toBe(withdrawBanned.account);
  });

  it('an operator withdraw ban: the customer sees the customer-facing reason, never the internal note', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.account);
    const internal = 'AML case 7781: matched watch-list alias';
    const customer = 'Please send us a recent proof of address.';
    const set = await ops('POST', `/users/${user.account}/restrictions`, {
      restriction: 'withdraw_banned',
      on: true,
      reason: internal,
      customerReason: customer,
    });
    expect(body(set).status).toBe(1);
    const withdraw = await callAs(session, '/api/vue/test/withdraw');
    expect(withdraw.statusCode).toBe(200);
    expect(body(withdraw)).toEqual({ status: 0, msg: MSG.withdrawBarred, data: { restriction: 'withdraw_banned', reason: customer } });
    expect(JSON.stringify(body(withdraw))).not.toContain('AML');
    const messages = await t.db.select().from(siteMessages).where(eq(siteMessages.userId, user.id));
    const notice = messages.find((m) => m.kind === 'restriction_set');
    expect(notice?.body.en).toContain(customer);
    expect(JSON.stringify(messages)).not.toContain('AML');
    expect(body(await callAs(session, '/api/vue/user/info')).data.account).toBe(user.account);
  });

  it('a frozen account whose session is still live gets HTTP 403 (the session must end)', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.account);
    // The operator freeze revokes sessions; set the column alone to model a session that slipped through.
    await t.db.update(users).set({ frozen: true }).where(eq(users.id, user.id));
    const trade = await callAs(session, '/api/vue/test/trade');
    expect(trade.statusCode).toBe(403);
    expect(body(trade).msg).toBe(MSG.accountFrozen);
  });

  it('refuses institution accounts everything but support, login, logout, info and messages', async () => {
    const institution = await createUser(t.db, { role: 'institution' });
    const session = await login(t.app, institution.account);
    const trade = await callAs(session, '/api/vue/test/trade');
    expect(trade.statusCode).toBe(200);
    expect(body(trade)).toEqual({ status: 0, msg: MSG.seatAccountSupportOnly, data: { rule: 'seat-account-support-only', support: true } });
    for (const action of ['realNameStatus', 'setFundPassword', 'inviteCodes']) {
      expect(body(await post(t.app, action, {}, session)).msg).toBe(MSG.seatAccountSupportOnly);
    }
    const info = body(await post(t.app, 'info', {}, session));
    expect(info.data).toMatchObject({ role: 'institution', supportOnly: true });
    expect(body(await post(t.app, 'messages', {}, session)).status).toBe(1);
    expect(body(await post(t.app, 'logout', {}, session)).status).toBe(1);
  });

  it('requires a step-up for the same purpose, in the same session, within 5 minutes', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.account);
    const other = await login(t.app, user.account);
    expect(body(await callAs(session, '/api/vue/test/withdraw'))).toEqual({ status: 0, msg: MSG.stepUpRequired, data: { stepUp: 'withdraw' } });
    // A grant for another purpose does not count.
    await post(t.app, 'stepUpOptions', { purpose: 'bank-card' }, session);
    expect(body(await post(t.app, 'stepUpVerify', { purpose: 'bank-card', code: await lastCode(t.db, user.account) }, session)).status).toBe(1);
    expect(body(await callAs(session, '/api/vue/test/withdraw')).msg).toBe(MSG.stepUpRequired);
    t.clock.advance(61_000); // codes are not resent within a minute
    await post(t.app, 'stepUpOptions', { purpose: 'withdraw' }, session);
    const grant = body(await post(t.app, 'stepUpVerify', { purpose: 'withdraw', code: await lastCode(t.db, user.account) }, session));
    expect(grant).toEqual({
      status: 1,
      msg: MSG.operationSuccess,
      data: { purpose: 'withdraw', expiresAt: new Date(t.clock.now().getTime() + STEP_UP_MINUTES * MINUTE_MS).toISOString() },
    });
    expect(body(await callAs(session, '/api/vue/test/withdraw')).data).toBe('withdrawn');
    // Bound to the session that made it.
    expect(body(await callAs(other, '/api/vue/test/withdraw')).msg).toBe(MSG.stepUpRequired);
    t.clock.advance(STEP_UP_MINUTES * MINUTE_MS);
    expect(body(await callAs(session, '/api/vue/test/withdraw')).msg).toBe(MSG.stepUpRequired);
    expect(await t.db.select().from(stepUpGrants)).not.toHaveLength(0);
    expect(body(await post(t.app, 'stepUpOptions', { purpose: 'everything' }, session)).msg).toBe(MSG.invalidParams);
  });
});

describe('operator freeze and unfreeze', () => {
  it('freeze ends open sessions (410002) and login answers the frozen message; unfreeze needs a fresh code', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.account);
    const frozen = await ops('POST', `/users/${user.account}/restrictions`, {
      restriction: 'frozen',
      on: true,
      reason: 'suspicious trades, case 77',
      customerReason: 'Please call support to confirm recent trades',
    });
    expect(body(frozen).status).toBe(1);
    expect(body(await callAs(session, '/api/vue/user/info')).status).toBe(410002);
    // Told why, in the operator's words for the customer; never the internal note.
    const refused = body(await post(t.app, 'login', { account: user.account, password: PASSWORD, agreePrivacy: 'true' }));
    expect(refused).toEqual({
      status: 0,
      msg: MSG.accountFrozen,
      data: { restriction: 'frozen', reason: 'Please call support to confirm recent trades' },
    });
    expect(JSON.stringify(refused)).not.toContain('case 77');
    // A wrong password learns nothing of the restriction.
    expect(body(await post(t.app, 'login', { account: user.account, password: 'wrong-pass1', agreePrivacy: 'true' })).msg).toBe(MSG.wrongAccountOrPassword);

    expect(
      body(await ops('POST', `/users/${user.account}/restrictions`, { restriction: 'frozen', on: false, reason: 'customer verified by phone' })).data,
    ).toMatchObject({ needsReverification: true });
    const step = body(await post(t.app, 'login', { account: user.account, password: PASSWORD, agreePrivacy: 'true' }));
    expect(step).toMatchObject({ status: 1, data: { step: 'code', reverificationRequired: true, passkeyRequired: false } });
    expect(step.data.token).toBeUndefined();
    const code = await lastCode(t.db, user.account);
    const wrong = code === '000000' ? '111111' : '000000';
    expect(body(await post(t.app, 'login', { account: user.account, password: PASSWORD, agreePrivacy: 'true', code: wrong })).msg).toBe(MSG.codeInvalid);
    const done = body(await post(t.app, 'login', { account: user.account, password: PASSWORD, agreePrivacy: 'true', code }));
    expect(done).toMatchObject({ status: 1, msg: MSG.loginSuccess, data: { step: 'done' } });
    // Re-verified once is enough.
    await login(t.app, user.account);
  });
});
