// Console sessions through the API: the credential plus a passkey buy a short-lived token the
// same guard accepts with the operator's role; it slides on use, expires when idle, ends on sign-out,
// dies with a retired operator, cannot renew itself, and every start and end is audited.
import { desc, eq } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import { createOperator, startFundsTestApp, type FundsTestContext } from '../funds/testing/funds-test-kit';
import { SoftAuthenticator } from '../../crypto/testing/soft-authenticator';
import { CONSOLE_SESSION_TTL_MS } from './console-sessions';
import { addressMatcher } from './networks';
import { auditLog, operators } from './schema';
import { opsCall as call, signInWithPasskey } from './testing/console-sign-in';

let t: FundsTestContext;
let admin: { name: string; token: string; id: number };
let viewer: { name: string; token: string; id: number };

const opsCall = (method: 'GET' | 'POST', path: string, bearer: string, body?: Record<string, unknown>) => call(t.app, method, path, bearer, body);
const keys = new Map<string, SoftAuthenticator>();

/** Each operator signs in with their own software passkey (registered at their first sign-in). */
async function startSession(credential: string): Promise<string> {
  const key = keys.get(credential) ?? new SoftAuthenticator();
  keys.set(credential, key);
  return String((await signInWithPasskey(t.app, credential, key)).token);
}

beforeAll(async () => {
  t = await startFundsTestApp();
  admin = await createOperator(t.db, 'console-admin');
  viewer = await createOperator(t.db, 'console-viewer');
  await t.db.update(operators).set({ role: 'viewer' }).where(eq(operators.id, viewer.id));
});
afterAll(async () => t.close());

describe('console sessions', () => {
  it('exchanges the credential for a token that the guard accepts with the operator’s role, audited', async () => {
    const key = new SoftAuthenticator();
    keys.set(viewer.token, key);
    const answer = { data: await signInWithPasskey(t.app, viewer.token, key) };
    expect(answer.data).toMatchObject({ operator: { name: 'console-viewer', role: 'viewer' } });
    expect(new Date(String(answer.data.expiresAt)).getTime()).toBe(t.clock.now().getTime() + CONSOLE_SESSION_TTL_MS);
    const token = String(answer.data.token);
    expect(token).not.toBe(viewer.token);

    expect((await opsCall('GET', '/session', token)).answer).toMatchObject({ status: 1, data: { name: 'console-viewer', role: 'viewer' } });
    expect((await opsCall('GET', '/funds/deposits', token)).answer.status).toBe(1);
    // The role still decides: a viewer's session cannot propose an adjustment.
    const refused = await opsCall('POST', '/funds/adjustments', token, { account: '0000000001', currency: 'JPY', amount: '1', reason: 'x' });
    expect(refused).toMatchObject({ http: 403, answer: { status: 0, msg: MSG.noPermission } });

    const starts = await t.db.select().from(auditLog).where(eq(auditLog.action, 'operator.session.start'));
    expect(starts.some((row) => row.operator === 'console-viewer')).toBe(true);
  });

  it('slides on every call and expires after the idle time', async () => {
    const token = await startSession(admin.token);
    t.clock.advance(CONSOLE_SESSION_TTL_MS - 1000);
    expect((await opsCall('GET', '/session', token)).answer.status).toBe(1);
    // Still alive: the call above moved the expiry.
    t.clock.advance(CONSOLE_SESSION_TTL_MS - 1000);
    expect((await opsCall('GET', '/session', token)).answer.status).toBe(1);
    t.clock.advance(CONSOLE_SESSION_TTL_MS + 1);
    expect(await opsCall('GET', '/session', token)).toMatchObject({ http: 401, answer: { msg: MSG.operatorCredentialRequired } });
  });

  it('cannot start another session, ends on sign-out (audited), and the credential itself keeps working', async () => {
    const token = await startSession(admin.token);
    expect((await opsCall('POST', '/session', token)).answer).toMatchObject({ status: 0, msg: MSG.operatorCredentialRequired });
    expect((await opsCall('POST', '/session/end', token)).answer).toMatchObject({ status: 1, data: { ended: true } });
    expect((await opsCall('GET', '/session', token)).http).toBe(401);
    expect((await opsCall('GET', '/session', admin.token)).answer).toMatchObject({ status: 1, data: { name: 'console-admin', expiresAt: null } });
    // The credential is not a session: there is nothing to end.
    expect((await opsCall('POST', '/session/end', admin.token)).answer).toMatchObject({ status: 0, msg: MSG.operatorCredentialRequired });
    const ends = await t.db.select().from(auditLog).where(eq(auditLog.action, 'operator.session.end'));
    expect(ends.map((row) => row.operator)).toContain('console-admin');
  });

  it('stops working when the operator is retired', async () => {
    const retiring = await createOperator(t.db, 'console-leaver');
    const token = await startSession(retiring.token);
    await t.db.update(operators).set({ retiredAt: t.clock.now(), retiredBy: 'console-admin' }).where(eq(operators.id, retiring.id));
    expect((await opsCall('GET', '/session', token)).http).toBe(401);
  });
});

describe('the credential alone, off the operator networks', () => {
  const from = async (remoteAddress: string, method: 'GET' | 'POST', path: string, bearer: string, body?: Record<string, unknown>) => {
    const res = await t.app.inject({
      method,
      url: `/api/ops${path}`,
      remoteAddress,
      headers: { authorization: `Bearer ${bearer}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      payload: body ? JSON.stringify(body) : undefined,
    });
    return { http: res.statusCode, answer: res.json<{ status: number; msg: string; data: Record<string, unknown> }>() };
  };

  it('matches addresses and CIDR blocks, IPv4-mapped IPv6 included, and refuses a malformed entry', () => {
    const match = addressMatcher(['127.0.0.0/8', '::1', '10.20.0.0/16']);
    expect(['127.0.0.1', '::ffff:127.0.0.1', '::1', '10.20.3.4'].map(match)).toEqual([true, true, true, true]);
    expect(['203.0.113.7', '10.21.0.1', '::2', 'not-an-address'].map(match)).toEqual([false, false, false, false]);
    expect(() => addressMatcher(['10.0.0.0/33'])).toThrow('not an address or CIDR block');
    expect(() => addressMatcher(['example.com'])).toThrow('not an address or CIDR block');
  });

  it('is refused from outside (naming the rule, audited) but still starts a console sign-in, whose session works anywhere', async () => {
    const outside = '203.0.113.7';
    const refused = await from(outside, 'GET', '/funds/deposits', admin.token);
    expect(refused).toMatchObject({ http: 401, answer: { status: 0, msg: MSG.operatorCredentialOffNetwork } });
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'ops.refused')).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ operator: 'console-admin', details: { call: 'GET /api/ops/funds/deposits', address: outside } });

    // The sign-in steps take the credential from anywhere; the passkey is what the outside needs.
    const key = keys.get(admin.token) ?? new SoftAuthenticator();
    keys.set(admin.token, key);
    const first = await from(outside, 'POST', '/session', admin.token);
    expect(first.answer.status).toBe(1);
    const { ticket, options } = first.answer.data as { ticket: string; options: { challenge: string } };
    const second = await from(outside, 'POST', '/session/passkey', admin.token, { ticket, credential: key.assert(options) });
    expect(second.answer.status).toBe(1);
    expect((await from(outside, 'GET', '/funds/deposits', String(second.answer.data.token))).answer.status).toBe(1);
    // On the server host the CLI's credential keeps working.
    expect((await from('127.0.0.1', 'GET', '/funds/deposits', admin.token)).answer.status).toBe(1);
  });
});
