import { statSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import { insertUpload } from '../common/testing/uploads';
import { auditLog } from '../ops';
import { identityVerifications, inviteCodes, users } from './schema';
import { createUser, freshAccount, login, PASSWORD, post, body, useIdentityTestApp } from './testing/identity-test-kit';
import { ensureBootstrapOperator, OPERATOR_TOKEN_FILE } from '../ops';

const TOKEN = 'operator-token-for-ops-tests-0123456789';
const t = useIdentityTestApp({ operatorToken: TOKEN });

const ops = (method: 'GET' | 'POST', url: string, payload?: object, token = TOKEN) =>
  t.app.inject({ method, url: `/api/ops${url}`, payload, headers: { authorization: `Bearer ${token}` } });

async function auditCount(): Promise<number> {
  return (await t.db.select().from(auditLog)).length;
}

describe('operator credential', () => {
  it('answers 401 without or with a wrong credential', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/ops/users' });
    expect(none.statusCode).toBe(401);
    expect(body(none).msg).toBe(MSG.operatorCredentialRequired);
    expect((await ops('GET', '/users', undefined, 'wrong-token-wrong-token')).statusCode).toBe(401);
    expect((await ops('GET', '/users')).statusCode).toBe(200);
  });

  it('generates an owner-only credential file when no token is configured, and keeps it', async () => {
    const first = await ensureBootstrapOperator(t.db, t.clock, join(t.dataDir, 'generated'), undefined);
    const file = join(t.dataDir, 'generated', OPERATOR_TOKEN_FILE);
    expect(first).toEqual({ source: 'file', file, created: true, retired: false });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const token = readFileSync(file, 'utf8').trim();
    expect((await ops('GET', '/users', undefined, token)).statusCode).toBe(200);
    // The configured token no longer works: operator 'ops' now holds the file's credential.
    expect((await ops('GET', '/users')).statusCode).toBe(401);
    const again = await ensureBootstrapOperator(t.db, t.clock, join(t.dataDir, 'generated'), undefined);
    expect(again.created).toBe(false);
    expect(readFileSync(file, 'utf8').trim()).toBe(token);
    await ensureBootstrapOperator(t.db, t.clock, t.dataDir, TOKEN);
    await expect(ensureBootstrapOperator(t.db, t.clock, t.dataDir, 'short')).rejects.toThrow(/16/);
  });
});

describe('every operator action leaves an audit record in the same transaction', () => {
  it('invites: codes usable for registration', async () => {
    const before = await auditCount();
    const issued = body(await ops('POST', '/invites', { count: 2, reason: 'spring campaign' }));
    expect(issued.data.codes).toHaveLength(2);
    const [record] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'invite.issue'));
    expect(record).toMatchObject({ operator: 'ops', reason: 'spring campaign', details: { codes: issued.data.codes } });
    expect(await auditCount()).toBe(before + 1);
    const account = freshAccount();
    const registered = await post(t.app, 'register', {
      account,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      inviteCode: issued.data.codes[0],
      agreeCustomer: 'true',
    });
    expect(body(registered).status).toBe(1);
    expect(body(await ops('GET', '/invites')).data.length).toBeGreaterThanOrEqual(2);
  });

  it.each(['frozen', 'login_banned', 'disabled', 'trade_banned', 'withdraw_banned'])('sets and lifts %s with a mandatory reason', async (restriction) => {
    const user = await createUser(t.db);
    const before = await auditCount();
    expect(body(await ops('POST', `/users/${user.account}/restrictions`, { restriction, on: true })).msg).toBe(MSG.reasonRequired);
    expect(body(await ops('POST', `/users/${user.account}/restrictions`, { restriction, on: true, reason: '  ' })).msg).toBe(MSG.reasonRequired);
    expect(await auditCount()).toBe(before);
    expect(body(await ops('POST', `/users/${user.account}/restrictions`, { restriction, on: true, reason: 'fraud report #12' })).status).toBe(1);
    expect(body(await ops('POST', `/users/${user.account}/restrictions`, { restriction, on: false, reason: 'cleared' })).status).toBe(1);
    const records = await t.db.select().from(auditLog).where(eq(auditLog.targetUserId, user.id));
    expect(records.map((r) => [r.action, r.reason, r.details.restriction])).toEqual([
      ['restriction.set', 'fraud report #12', restriction],
      ['restriction.lift', 'cleared', restriction],
    ]);
    expect(records.every((r) => r.operator === 'ops' && r.at.getTime() === t.clock.now().getTime())).toBe(true);
  });

  it('unlock, role, vip — each audited; agents get an invitation code', async () => {
    const user = await createUser(t.db, { lockedUntil: new Date(t.clock.now().getTime() + 60_000), failedLoginCount: 0 });
    expect(body(await ops('POST', `/users/${user.account}/unlock`, { reason: 'called in, identity confirmed' })).data).toEqual({
      account: user.account,
      locked: false,
    });
    await login(t.app, user.account);

    expect(body(await ops('POST', `/users/${user.account}/role`, { role: 'agent', reason: 'partner' })).msg).toBe(MSG.rebateRatioRequired);
    const agent = body(await ops('POST', `/users/${user.account}/role`, { role: 'agent', rebateRatio: 0.1, reason: 'partner' })).data;
    expect(agent).toMatchObject({ role: 'agent', rebateRatio: 0.1, inviteCode: expect.stringMatching(/^[A-Z2-9]{8}$/) });
    const [code] = await t.db.select().from(inviteCodes).where(eq(inviteCodes.code, agent.inviteCode));
    expect(code?.issuerUserId).toBe(user.id);
    const session = await login(t.app, user.account);
    expect(body(await post(t.app, 'info', {}, session)).data).toMatchObject({ role: 'agent', rebateRatio: 0.1 });
    expect(body(await post(t.app, 'inviteCodes', {}, session)).data.codes).toEqual([
      expect.objectContaining({ code: agent.inviteCode, active: true, registrations: 0 }),
    ]);

    expect(body(await ops('POST', `/users/${user.account}/vip`, { level: 3, reason: 'volume' })).data).toEqual({ account: user.account, vipLevel: 3 });
    expect(body(await ops('POST', `/users/${user.account}/vip`, { level: 11, reason: 'volume' })).msg).toBe(MSG.invalidParams);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ vipLevel: 3, role: 'agent', rebateRatioBp: 1000 });
    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.targetUserId, user.id))).map((r) => r.action);
    expect(actions).toEqual(['user.unlock', 'user.role', 'user.vip']);
  });

  it('kyc approve and reject are audited with the reviewer', async () => {
    const user = await createUser(t.db);
    await insertUpload(t.db, { owner: user.id, purpose: 'kyc-front', now: t.clock.now(), key: 'imgs/BBBBBBBBBBBBBB1.png' });
    await insertUpload(t.db, { owner: user.id, purpose: 'kyc-back', now: t.clock.now(), key: 'imgs/BBBBBBBBBBBBBB2.png' });
    const session = await login(t.app, user.account);
    const form = {
      realName: 'Sato Hanako',
      nameKana: 'サトウ ハナコ',
      idNumber: 'X12345',
      docType: 'passport',
      frontKey: 'imgs/BBBBBBBBBBBBBB1.png',
      backKey: 'imgs/BBBBBBBBBBBBBB2.png',
    };
    await post(t.app, 'realNameSubmit', form, session);
    const queue = body(await ops('GET', '/kyc')).data;
    expect(queue.map((v: { account: string }) => v.account)).toContain(user.account);
    await ops('POST', `/kyc/${user.account}/reject`, { reason: 'expired passport' });
    // A resubmission comes with new photos (a photo is used once).
    const now = t.clock.now();
    const photos = {
      frontKey: await insertUpload(t.db, { owner: user.id, purpose: 'kyc-front', now }),
      backKey: await insertUpload(t.db, { owner: user.id, purpose: 'kyc-back', now }),
    };
    await post(t.app, 'realNameSubmit', { ...form, ...photos }, session);
    await ops('POST', `/kyc/${user.account}/approve`, {});
    const rows = await t.db.select().from(identityVerifications).where(eq(identityVerifications.userId, user.id));
    expect(rows.map((r) => [r.state, r.reviewedBy])).toEqual([
      ['rejected', 'ops'],
      ['verified', 'ops'],
    ]);
    const records = await t.db.select().from(auditLog).where(eq(auditLog.targetUserId, user.id));
    expect(records.map((r) => [r.action, r.reason])).toEqual([
      ['kyc.reject', 'expired passport'],
      ['kyc.approve', null],
    ]);
    expect(body(await ops('GET', `/audit?account=${user.account}`)).data).toHaveLength(2);
  });

  it('an unknown account is refused without an audit record', async () => {
    const before = await auditCount();
    expect(body(await ops('POST', '/users/9099999999/unlock', { reason: 'x' })).msg).toBe(MSG.accountNotFound);
    expect(body(await ops('POST', '/users/abc/unlock', { reason: 'x' })).msg).toBe(MSG.accountNotFound);
    expect(await auditCount()).toBe(before);
  });

  it('reads the outbox', async () => {
    const user = await createUser(t.db);
    await post(t.app, 'forgotCode', { account: user.account });
    const rows = body(await ops('GET', `/outbox?to=${user.account}`)).data;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ channel: 'sms', recipient: user.account, body: expect.stringMatching(/\d{6}/) });
  });
});
