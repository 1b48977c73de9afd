import { MSG } from '@kabuto/shared-sdk/messages';
import { createOpsClient } from '../api/ops-client';
import { answer, fakeFetch } from '../testing/fake-fetch';
import { createAuthProvider } from './auth-provider';
import { createSessionStore } from './session-store';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const map = new Map<string, string>();
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

function setUp(...answers: ReturnType<typeof answer>[]) {
  const { fetch, sent } = fakeFetch(...answers);
  const store = createSessionStore(memoryStorage());
  const auth = createAuthProvider({
    store,
    clientWith: (bearer) => createOpsClient({ fetch, token: bearer }),
    texts: () => ({ refused: 'Refused', refusal: (msg, status) => `${msg}/${status}` }),
  });
  return { auth, store, sent };
}

describe('operator sign-in through a console session', () => {
  it('exchanges the credential once for a session token, keeps only the token, and uses it afterwards', async () => {
    const { auth, store, sent } = setUp(
      answer(200, { status: 1, msg: '', data: { token: 'short-lived', expiresAt: 'x', operator: { name: 'hana', role: 'reviewer' } } }),
      answer(200, { status: 1, msg: '', data: { ended: true } }),
    );
    expect(await auth.login({ credential: '  the-credential ' })).toEqual({ success: true, redirectTo: '/' });
    expect(sent[0]).toMatchObject({ method: 'POST', url: '/api/ops/session', headers: { authorization: 'Bearer the-credential' } });
    expect(store.get()).toEqual({ token: 'short-lived', name: 'hana', role: 'reviewer' });
    expect(JSON.stringify(store.get())).not.toContain('the-credential');
    expect(await auth.getPermissions?.()).toBe('reviewer');
    expect(await auth.check()).toEqual({ authenticated: true });

    expect(await auth.logout({ why: 'locked' })).toEqual({ success: true, redirectTo: '/login?why=locked' });
    expect(sent[1]).toMatchObject({ method: 'POST', url: '/api/ops/session/end', headers: { authorization: 'Bearer short-lived' } });
    expect(store.get()).toBeNull();
    expect(await auth.check()).toMatchObject({ authenticated: false, redirectTo: '/login' });
  });

  it('shows the server’s refusal of a wrong credential as it comes', async () => {
    const { auth, store } = setUp(answer(401, { status: 0, msg: MSG.operatorCredentialRequired, data: null }));
    expect(await auth.login({ credential: 'wrong' })).toEqual({ success: false, error: { name: 'Refused', message: `${MSG.operatorCredentialRequired}/401` } });
    expect(store.get()).toBeNull();
  });

  it('signs out on a 401 from any call (session expired or ended), not on a 403', async () => {
    const { auth, store } = setUp(answer(200, { status: 1, msg: '', data: { token: 'tok', expiresAt: 'x', operator: { name: 'ops', role: 'admin' } } }));
    await auth.login({ credential: 'c' });
    expect(await auth.onError({ statusCode: 403 })).toEqual({});
    expect(store.get()).not.toBeNull();
    expect(await auth.onError({ statusCode: 401 })).toEqual({ logout: true, redirectTo: '/login?why=expired' });
    expect(store.get()).toBeNull();
  });
});
