import { eq } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import { passkeys, siteMessages } from './schema';
import { MINUTE_MS } from './constants';
import { SoftAuthenticator } from '../../crypto/testing/soft-authenticator';
import { createUser, login, PASSWORD, post, type Session, body, useIdentityTestApp } from './testing/identity-test-kit';

const t = useIdentityTestApp();

async function enrol(session: Session, authenticator: SoftAuthenticator, name?: string) {
  const options = body(await post(t.app, 'passkeyRegisterOptions', {}, session)).data.options;
  return body(await post(t.app, 'passkeyRegister', { credential: authenticator.register(options), name }, session));
}

async function passwordStep(account: string) {
  return body(await post(t.app, 'login', { account, password: PASSWORD, agreePrivacy: 'true' }));
}

describe('passkey enrolment', () => {
  it('registers a passkey (rpID = request host) and lists it', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.account);
    const optionsAnswer = body(await post(t.app, 'passkeyRegisterOptions', {}, session));
    expect(optionsAnswer.data.options).toMatchObject({ rp: { id: 'localhost', name: 'Kabuto' }, user: { name: user.account }, attestation: 'none' });
    const key = new SoftAuthenticator();
    const added = body(await post(t.app, 'passkeyRegister', { credential: key.register(optionsAnswer.data.options), name: 'My phone' }, session));
    expect(added).toMatchObject({ status: 1, msg: MSG.passkeyAdded, data: { id: key.id, name: 'My phone', transports: ['internal'] } });
    const list = body(await post(t.app, 'passkeys', {}, session));
    expect(list.data.map((p: { id: string }) => p.id)).toEqual([key.id]);
    expect(body(await post(t.app, 'info', {}, session)).data.passkeyCount).toBe(1);
    const kinds = (await t.db.select().from(siteMessages).where(eq(siteMessages.userId, user.id))).map((m) => m.kind);
    expect(kinds).toContain('passkey_added');
  });

  it('an unnamed passkey is stored without a name, for each reader to name in their language', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.account);
    const key = new SoftAuthenticator();
    const added = await enrol(session, key);
    expect(added).toMatchObject({ status: 1, data: { id: key.id, name: '' } });
    expect(body(await post(t.app, 'passkeys', {}, session)).data[0].name).toBe('');
  });

  it('refuses a reused challenge, a foreign origin, another rpID, garbage, and a duplicate credential', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.account);
    const key = new SoftAuthenticator();
    const options = body(await post(t.app, 'passkeyRegisterOptions', {}, session)).data.options;
    expect(body(await post(t.app, 'passkeyRegister', { credential: key.register(options, { origin: 'https://evil.example' }) }, session)).msg).toBe(
      MSG.passkeyFailed,
    );
    // That attempt spent the challenge.
    expect(body(await post(t.app, 'passkeyRegister', { credential: key.register(options) }, session)).msg).toBe(MSG.passkeyFailed);
    const phishing = new SoftAuthenticator({ rpID: 'evil.example' });
    const options2 = body(await post(t.app, 'passkeyRegisterOptions', {}, session)).data.options;
    expect(body(await post(t.app, 'passkeyRegister', { credential: phishing.register(options2) }, session)).msg).toBe(MSG.passkeyFailed);
    expect(body(await post(t.app, 'passkeyRegister', { credential: '{"nope":1}' }, session)).msg).toBe(MSG.passkeyFailed);
    expect(body(await post(t.app, 'passkeyRegister', { credential: key.register({ challenge: 'bWFkZS11cA' }) }, session)).msg).toBe(MSG.passkeyFailed);
    expect((await enrol(session, key)).status).toBe(1);
    expect((await enrol(session, key)).msg).toBe(MSG.passkeyExists);
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, user.id))).toHaveLength(1);
  });

  it('expires registration challenges after 5 minutes', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.account);
    const options = body(await post(t.app, 'passkeyRegisterOptions', {}, session)).data.options;
    t.clock.advance(5 * MINUTE_MS);
    expect(body(await post(t.app, 'passkeyRegister', { credential: new SoftAuthenticator().register(options) }, session)).msg).toBe(MSG.passkeyFailed);
  });
});

describe('login with a passkey', () => {
  it('after enrolment, the password alone no longer logs in; the passkey completes it', async () => {
    const user = await createUser(t.db);
    const key = new SoftAuthenticator();
    const first = await login(t.app, user.account);
    expect((await enrol(first, key)).status).toBe(1);

    const step = await passwordStep(user.account);
    expect(step).toMatchObject({ status: 1, data: { step: 'passkey', passkeyRequired: true, reverificationRequired: false } });
    expect(step.data.token).toBeUndefined();
    expect(step.data.options.allowCredentials).toEqual([{ id: key.id, type: 'public-key', transports: ['internal'] }]);
    const done = body(await post(t.app, 'loginPasskey', { loginTicket: step.data.loginTicket, credential: key.assert(step.data.options) }));
    expect(done).toMatchObject({ status: 1, msg: MSG.loginSuccess, data: { step: 'done', offerPasskeyEnrolment: false, account: user.account } });
    expect(body(await post(t.app, 'info', {}, { token: done.data.token, account: user.account })).status).toBe(1);
    // Ticket is single-use.
    expect(body(await post(t.app, 'loginPasskey', { loginTicket: step.data.loginTicket, credential: key.assert(step.data.options) })).msg).toBe(
      MSG.loginTicketExpired,
    );
  });

  it('refuses another authenticator, a wrong challenge, an expired ticket', async () => {
    const user = await createUser(t.db);
    const key = new SoftAuthenticator();
    await enrol(await login(t.app, user.account), key);

    const s1 = await passwordStep(user.account);
    expect(body(await post(t.app, 'loginPasskey', { loginTicket: s1.data.loginTicket, credential: new SoftAuthenticator().assert(s1.data.options) })).msg).toBe(
      MSG.passkeyFailed,
    );
    const s2 = await passwordStep(user.account);
    expect(
      body(await post(t.app, 'loginPasskey', { loginTicket: s2.data.loginTicket, credential: key.assert(s2.data.options, { challenge: 'b3RoZXI' }) })).msg,
    ).toBe(MSG.passkeyFailed);
    const s3 = await passwordStep(user.account);
    t.clock.advance(5 * MINUTE_MS);
    expect(body(await post(t.app, 'loginPasskey', { loginTicket: s3.data.loginTicket, credential: key.assert(s3.data.options) })).msg).toBe(
      MSG.loginTicketExpired,
    );
    expect(body(await post(t.app, 'loginPasskey', { loginTicket: 'not-a-ticket', credential: '{}' })).msg).toBe(MSG.loginTicketExpired);
  });
});

describe('step-up with a passkey', () => {
  it('removing a passkey needs a passkey step-up; a code is refused once a passkey exists', async () => {
    const user = await createUser(t.db);
    const key = new SoftAuthenticator();
    const first = await login(t.app, user.account);
    await enrol(first, key, 'Laptop');
    const step = await passwordStep(user.account);
    const session: Session = {
      token: body(await post(t.app, 'loginPasskey', { loginTicket: step.data.loginTicket, credential: key.assert(step.data.options) })).data.token,
      account: user.account,
    };
    expect(body(await post(t.app, 'passkeyRemove', { id: key.id }, session))).toEqual({
      status: 0,
      msg: MSG.stepUpRequired,
      data: { stepUp: 'passkey-remove' },
    });
    expect(body(await post(t.app, 'passkeyRename', { id: key.id, name: 'Work laptop' }, session)).data.name).toBe('Work laptop');
    expect(body(await post(t.app, 'passkeyRename', { id: key.id, name: '' }, session)).msg).toBe(MSG.passkeyNameInvalid);

    const options = body(await post(t.app, 'stepUpOptions', { purpose: 'passkey-remove' }, session)).data;
    expect(options.method).toBe('passkey');
    expect(body(await post(t.app, 'stepUpVerify', { purpose: 'passkey-remove', code: '123456' }, session)).msg).toBe(MSG.passkeyRequiredForStepUp);
    // An assertion for another purpose's challenge does not fit.
    expect(body(await post(t.app, 'stepUpVerify', { purpose: 'withdraw', credential: key.assert(options.options) }, session)).msg).toBe(MSG.passkeyFailed);
    const options2 = body(await post(t.app, 'stepUpOptions', { purpose: 'passkey-remove' }, session)).data;
    expect(body(await post(t.app, 'stepUpVerify', { purpose: 'passkey-remove', credential: key.assert(options2.options) }, session)).status).toBe(1);
    expect(body(await post(t.app, 'passkeyRemove', { id: 'unknown' }, session)).msg).toBe(MSG.passkeyNotFound);
    expect(body(await post(t.app, 'passkeyRemove', { id: key.id }, session))).toEqual({ status: 1, msg: MSG.deleteSuccess, data: null });
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, user.id))).toEqual([]);
    // Without a passkey the password logs in again.
    expect((await passwordStep(user.account)).data.step).toBe('done');
  });
});
