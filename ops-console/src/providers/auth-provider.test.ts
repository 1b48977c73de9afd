import { MSG } from '@kabuto/shared-sdk/messages';
import { createOpsClient } from '../api/ops-client';
import type { PasskeyCeremonies } from '../api/webauthn';
import { answer, fakeFetch } from '../testing/fake-fetch';
import { createAuthProvider } from './auth-provider';
import { createPasskeySignIn, type PasskeyStep } from './passkey-sign-in';
import { createSessionStore } from './session-store';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const map = new Map<string, string>();
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

/** A browser whose passkey prompt answers fixed JSON, or is closed (NotAllowedError). */
function ceremonies(closed = false): PasskeyCeremonies {
  const closedError = Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' });
  return {
    assert: async () => (closed ? Promise.reject(closedError) : '{"assertion":1}'),
    register: async () => (closed ? Promise.reject(closedError) : '{"attestation":1}'),
  };
}

function setUp(opts: { closed?: boolean }, ...answers: ReturnType<typeof answer>[]) {
  const { fetch, sent } = fakeFetch(...answers);
  const store = createSessionStore(memoryStorage());
  const clientWith = (bearer: () => string | null) => createOpsClient({ fetch, token: bearer });
  const signIn = createPasskeySignIn({ clientWith, ceremonies: ceremonies(opts.closed) });
  const auth = createAuthProvider({
    store,
    clientWith,
    signIn,
    texts: () => ({ refused: 'Refused', refusal: (msg, status) => `${msg}/${status}`, cancelled: 'Closed' }),
  });
  return { auth, signIn, store, sent };
}

const started = (token: string, name: string, role: string) => answer(200, { status: 1, msg: '', data: { token, expiresAt: 'x', operator: { name, role } } });
const passkeyStep: PasskeyStep = { step: 'passkey', ticket: 't-1', options: { challenge: 'c' } };

describe('operator sign-in: credential, then passkey, for a console session', () => {
  it('the credential opens the passkey step; the assertion buys the session token, the only thing kept', async () => {
    const { auth, signIn, store, sent } = setUp(
      {},
      answer(200, { status: 1, msg: '', data: passkeyStep }),
      started('short-lived', 'hana', 'reviewer'),
      answer(200, { status: 1, msg: '', data: { ended: true } }),
    );
    const step = await signIn.begin('  the-credential ');
    expect(step).toEqual(passkeyStep);
    expect(sent[0]).toMatchObject({ method: 'POST', url: '/api/ops/session', headers: { authorization: 'Bearer the-credential' } });
    expect(store.get()).toBeNull();

    expect(await auth.login({ credential: 'the-credential', step })).toEqual({ success: true, redirectTo: '/' });
    expect(sent[1]).toMatchObject({
      method: 'POST',
      url: '/api/ops/session/passkey',
      headers: { authorization: 'Bearer the-credential' },
      body: { ticket: 't-1', credential: '{"assertion":1}' },
    });
    expect(store.get()).toEqual({ token: 'short-lived', name: 'hana', role: 'reviewer' });
    expect(JSON.stringify(store.get())).not.toContain('the-credential');
    expect(await auth.getPermissions?.()).toBe('reviewer');
    expect(await auth.check()).toEqual({ authenticated: true });

    expect(await auth.logout({ why: 'locked' })).toEqual({ success: true, redirectTo: '/login?why=locked' });
    expect(sent[2]).toMatchObject({ method: 'POST', url: '/api/ops/session/end', headers: { authorization: 'Bearer short-lived' } });
    expect(store.get()).toBeNull();
    expect(await auth.check()).toMatchObject({ authenticated: false, redirectTo: '/login' });
  });

  it('an operator without a passkey registers the first one, named, and gets the session', async () => {
    const { auth, sent, store } = setUp({}, started('tok', 'ops', 'admin'));
    const step: PasskeyStep = { step: 'register', ticket: 't-2', options: { challenge: 'c2' } };
    expect(await auth.login({ credential: 'c', step, name: 'Desk key' })).toEqual({ success: true, redirectTo: '/' });
    expect(sent[0]).toMatchObject({ url: '/api/ops/session/register', body: { ticket: 't-2', credential: '{"attestation":1}', name: 'Desk key' } });
    expect(store.get()?.token).toBe('tok');
  });

  it('shows the server’s refusal as it comes, and a closed passkey prompt as such, keeping no session', async () => {
    const refused = setUp({}, answer(200, { status: 0, msg: MSG.passkeyFailed, data: null }));
    expect(await refused.auth.login({ credential: 'c', step: passkeyStep })).toEqual({
      success: false,
      error: { name: 'Refused', message: `${MSG.passkeyFailed}/200` },
    });
    expect(refused.store.get()).toBeNull();
    await expect(setUp({}, answer(401, { status: 0, msg: MSG.operatorCredentialRequired, data: null })).signIn.begin('wrong')).rejects.toMatchObject({
      msg: MSG.operatorCredentialRequired,
      httpStatus: 401,
    });

    const closed = setUp({ closed: true });
    expect(await closed.auth.login({ credential: 'c', step: passkeyStep })).toEqual({ success: false, error: { name: 'Refused', message: 'Closed' } });
    expect(closed.sent).toHaveLength(0);
  });

  it('signs out on a 401 from any call (session expired or ended), not on a 403', async () => {
    const { auth, store } = setUp({}, started('tok', 'ops', 'admin'));
    await auth.login({ credential: 'c', step: passkeyStep });
    expect(await auth.onError({ statusCode: 403 })).toEqual({});
    expect(store.get()).not.toBeNull();
    expect(await auth.onError({ statusCode: 401 })).toEqual({ logout: true, redirectTo: '/login?why=expired' });
    expect(store.get()).toBeNull();
  });
});
