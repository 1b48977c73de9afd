// Operators' passkeys through the API with a software authenticator: the credential alone no
// longer opens a console session; the first passkey is registered once at sign-in (bootstrap),
// later sign-ins assert it; passkeys are added and removed only from a console session, never
// down to none; every step is audited.
import { and, eq } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import { SoftAuthenticator } from '../../crypto/testing/soft-authenticator';
import { createOperator, startFundsTestApp, type FundsTestContext } from '../funds/testing/funds-test-kit';
import { auditLog, operatorPasskeys } from './schema';
import { opsCall as call, signInWithPasskey } from './testing/console-sign-in';

let t: FundsTestContext;
const opsCall = (method: 'GET' | 'POST', path: string, bearer: string, body?: Record<string, unknown>) => call(t.app, method, path, bearer, body);

beforeAll(async () => {
  t = await startFundsTestApp();
});
afterAll(async () => t.close());

async function auditOf(operator: string, action: string) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.operator, operator), eq(auditLog.action, action)));
}

interface Step {
  step: 'passkey' | 'register';
  ticket: string;
  options: { challenge: string; rp?: { id: string }; allowCredentials?: { id: string }[] };
}

async function credentialStep(credential: string): Promise<Step> {
  const { answer } = await opsCall('POST', '/session', credential);
  expect(answer.status).toBe(1);
  expect(answer.data.token).toBeUndefined();
  return answer.data as unknown as Step;
}

describe('console sign-in: credential plus passkey', () => {
  it('an operator without a passkey registers one at sign-in (once, audited), and asserts it from then on', async () => {
    const op = await createOperator(t.db, 'pk-first');
    const key = new SoftAuthenticator();
    const first = await credentialStep(op.token);
    expect(first).toMatchObject({ step: 'register', options: { rp: { id: 'localhost', name: 'Kabuto' }, user: { name: 'pk-first' }, attestation: 'none' } });
    // A second ticket taken before the first registration: the bootstrap must still happen once.
    const stale = await credentialStep(op.token);

    const registered = await opsCall('POST', '/session/register', op.token, {
      ticket: first.ticket,
      credential: key.register(first.options),
      name: 'Desk key',
    });
    expect(registered.answer).toMatchObject({
      status: 1,
      msg: MSG.passkeyAdded,
      data: { operator: { name: 'pk-first', role: 'admin' }, passkey: { id: key.id, name: 'Desk key' } },
    });
    const token = String(registered.answer.data.token);
    expect((await opsCall('GET', '/session', token)).answer).toMatchObject({ status: 1, data: { name: 'pk-first' } });
    expect(await auditOf('pk-first', 'operator.passkey.add')).toMatchObject([{ details: { passkey: key.id, bootstrap: true } }]);
    expect(await auditOf('pk-first', 'operator.session.start')).toMatchObject([{ details: { passkey: key.id } }]);

    const other = new SoftAuthenticator();
    expect((await opsCall('POST', '/session/register', op.token, { ticket: stale.ticket, credential: other.register(stale.options) })).answer.msg).toBe(
      MSG.operatorPasskeyHeld,
    );
    expect(await t.db.select().from(operatorPasskeys).where(eq(operatorPasskeys.operatorId, op.id))).toHaveLength(1);

    const next = await credentialStep(op.token);
    expect(next.step).toBe('passkey');
    expect(next.options.allowCredentials?.map((c) => c.id)).toEqual([key.id]);
    const signedIn = await opsCall('POST', '/session/passkey', op.token, { ticket: next.ticket, credential: key.assert(next.options) });
    expect(signedIn.answer).toMatchObject({ status: 1, data: { operator: { name: 'pk-first' } } });
    // The ticket is single-use.
    expect((await opsCall('POST', '/session/passkey', op.token, { ticket: next.ticket, credential: key.assert(next.options) })).answer.msg).toBe(
      MSG.loginTicketExpired,
    );
  });

  it('refuses another authenticator (audited), a foreign origin, another operator’s ticket, an expired ticket, and a session token', async () => {
    const op = await createOperator(t.db, 'pk-refusals');
    const key = new SoftAuthenticator();
    const token = String((await signInWithPasskey(t.app, op.token, key)).token);

    const s1 = await credentialStep(op.token);
    expect(
      (await opsCall('POST', '/session/passkey', op.token, { ticket: s1.ticket, credential: new SoftAuthenticator().assert(s1.options) })).answer.msg,
    ).toBe(MSG.passkeyFailed);
    expect(await auditOf('pk-refusals', 'operator.passkey.refused')).toMatchObject([{ details: { step: 'sign-in' } }]);

    const s2 = await credentialStep(op.token);
    const phished = key.assert(s2.options, { origin: 'https://evil.example' });
    expect((await opsCall('POST', '/session/passkey', op.token, { ticket: s2.ticket, credential: phished })).answer.msg).toBe(MSG.passkeyFailed);

    const someoneElse = await createOperator(t.db, 'pk-someone');
    const s3 = await credentialStep(op.token);
    expect((await opsCall('POST', '/session/passkey', someoneElse.token, { ticket: s3.ticket, credential: key.assert(s3.options) })).answer.msg).toBe(
      MSG.loginTicketExpired,
    );

    const s4 = await credentialStep(op.token);
    t.clock.advance(5 * 60_000);
    expect((await opsCall('POST', '/session/passkey', op.token, { ticket: s4.ticket, credential: key.assert(s4.options) })).answer.msg).toBe(
      MSG.loginTicketExpired,
    );

    // A session cannot start another one, whichever step it tries.
    expect((await opsCall('POST', '/session', token)).answer.msg).toBe(MSG.operatorCredentialRequired);
    expect((await opsCall('POST', '/session/passkey', token, { ticket: s4.ticket, credential: '{}' })).answer.msg).toBe(MSG.operatorCredentialRequired);
  });
});

describe('an operator’s own passkeys', () => {
  it('are listed with the credential or a session, and added or removed only from a session, never down to none', async () => {
    const op = await createOperator(t.db, 'pk-owner');
    const first = new SoftAuthenticator();
    const session = String((await signInWithPasskey(t.app, op.token, first)).token);

    // The credential alone may not add one: that would make the passkey no second factor.
    expect((await opsCall('POST', '/passkeys/options', op.token)).answer.msg).toBe(MSG.operatorSessionRequired);
    expect((await opsCall('POST', `/passkeys/${first.id}/remove`, op.token)).answer.msg).toBe(MSG.operatorSessionRequired);

    const second = new SoftAuthenticator();
    const { options } = (await opsCall('POST', '/passkeys/options', session)).answer.data as {
      options: { challenge: string; excludeCredentials: { id: string }[] };
    };
    expect(options.excludeCredentials.map((c) => c.id)).toEqual([first.id]);
    // Only a challenge this session was given fits.
    expect((await opsCall('POST', '/passkeys', session, { credential: second.register({ challenge: 'bWFkZS11cA' }) })).answer.msg).toBe(MSG.passkeyFailed);
    const added = await opsCall('POST', '/passkeys', session, { credential: second.register(options), name: 'Spare key' });
    expect(added.answer).toMatchObject({ status: 1, msg: MSG.passkeyAdded, data: { id: second.id, name: 'Spare key' } });
    expect(await auditOf('pk-owner', 'operator.passkey.add')).toHaveLength(2);

    const listed = (await opsCall('GET', '/passkeys', op.token)).answer.data as unknown as { id: string }[];
    expect(listed.map((p) => p.id).sort()).toEqual([first.id, second.id].sort());

    expect((await opsCall('POST', '/passkeys/unknown-id/remove', session)).answer.msg).toBe(MSG.passkeyNotFound);
    expect((await opsCall('POST', `/passkeys/${first.id}/remove`, session)).answer).toMatchObject({ status: 1, msg: MSG.deleteSuccess });
    expect((await opsCall('POST', `/passkeys/${second.id}/remove`, session)).answer.msg).toBe(MSG.operatorPasskeyLast);
    expect(await auditOf('pk-owner', 'operator.passkey.remove')).toMatchObject([{ details: { passkey: first.id } }]);

    // The removed key no longer signs in; the remaining one does.
    const step = await credentialStep(op.token);
    expect((await opsCall('POST', '/session/passkey', op.token, { ticket: step.ticket, credential: first.assert(step.options) })).answer.msg).toBe(
      MSG.passkeyFailed,
    );
    await expect(signInWithPasskey(t.app, op.token, second)).resolves.toMatchObject({ operator: { name: 'pk-owner' } });
  });

  it('another operator’s passkey cannot be removed', async () => {
    const a = await createOperator(t.db, 'pk-a');
    const b = await createOperator(t.db, 'pk-b');
    const aKey = new SoftAuthenticator();
    await signInWithPasskey(t.app, a.token, aKey);
    const bSession = String((await signInWithPasskey(t.app, b.token, new SoftAuthenticator())).token);
    expect((await opsCall('POST', `/passkeys/${aKey.id}/remove`, bSession)).answer.msg).toBe(MSG.passkeyNotFound);
  });
});
