// Operator management through the API: add (credential returned once, stored as its
// hash), list, retire (credential refused at once), with the audit trail — and the
// four-eyes proof: an operator added here approves another operator's adjustment.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { Wallet } from '@kabuto/shared-sdk/schemas';
import { auditLog, operators } from './schema';
import { sha256Hex } from '../../crypto/tokens';
import { DEMO_APPROVER } from '../funds';
import { call, createCustomer, ops as fundsOps, startFundsTestApp, type Answer, type FundsTestContext } from '../funds/testing/funds-test-kit';
import { ensureBootstrapOperator } from './bootstrap';
import { RESERVED_OPERATOR_NAMES, type OperatorView } from './operators';

const OPS_TOKEN = 'operator-token-for-operator-tests-0123456789';

let t: FundsTestContext;
let dataDir: string;

beforeAll(async () => {
  t = await startFundsTestApp();
  dataDir = mkdtempSync(join(tmpdir(), 'kabuto-operators-test-'));
  await ensureBootstrapOperator(t.db, t.clock, dataDir, OPS_TOKEN);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Added = OperatorView & { credential: string };

async function opsCall<T = unknown>(
  method: 'GET' | 'POST',
  path: string,
  body?: Record<string, unknown>,
  token = OPS_TOKEN,
): Promise<{ http: number; answer: Answer<T> }> {
  const res = await t.app.inject({
    method,
    url: `/api/ops${path}`,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    payload: body ? JSON.stringify(body) : undefined,
  });
  return { http: res.statusCode, answer: res.json() as Answer<T> };
}

async function addOperator(name: string, by = OPS_TOKEN): Promise<Added> {
  const { answer } = await opsCall<Added>('POST', '/operators', { name, reason: `${name} joins the desk` }, by);
  expect(answer.status).toBe(1);
  return answer.data;
}

async function auditOf(action: string) {
  return t.db.select().from(auditLog).where(eq(auditLog.action, action));
}

describe('adding operators', () => {
  it('returns the new credential once, stores only its hash, and audits who/why', async () => {
    const added = await addOperator('bob-2');
    expect(added).toEqual({
      name: 'bob-2',
      createdAt: t.clock.now().toISOString(),
      createdBy: 'ops',
      retiredAt: null,
      retiredBy: null,
      active: true,
      credential: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    const [row] = await t.db.select().from(operators).where(eq(operators.name, 'bob-2'));
    expect(row?.credentialHash).toBe(sha256Hex(added.credential));
    expect(JSON.stringify(row)).not.toContain(added.credential);
    // The credential works at once, and is never shown again.
    const listed = await opsCall<OperatorView[]>('GET', '/operators', undefined, added.credential);
    expect(listed.http).toBe(200);
    expect(JSON.stringify(listed.answer)).not.toContain(added.credential);
    expect(JSON.stringify(listed.answer)).not.toContain(row?.credentialHash);
    expect(listed.answer.data.find((o) => o.name === 'ops')).toMatchObject({ createdBy: null, active: true });
    expect(listed.answer.data.find((o) => o.name === 'bob-2')).toMatchObject({ createdBy: 'ops', active: true });
    const records = await auditOf('operator.add');
    expect(records.find((r) => r.details.operator === 'bob-2')).toMatchObject({ operator: 'ops', reason: 'bob-2 joins the desk', at: t.clock.now() });
  });

  it.each([
    [{ name: 'Al', reason: 'x' }, MSG.invalidParams],
    [{ name: 'ab', reason: 'x' }, MSG.invalidParams],
    [{ name: 'a'.repeat(33), reason: 'x' }, MSG.invalidParams],
    [{ name: '9lives', reason: 'x' }, MSG.invalidParams],
    [{ name: 'bad_name', reason: 'x' }, MSG.invalidParams],
    [{ name: 'carol' }, MSG.reasonRequired],
    [{ name: 'carol', reason: '   ' }, MSG.reasonRequired],
    [{ name: 'ops', reason: 'x' }, MSG.accountExists],
    [{ name: 'demo-auto-approve', reason: 'x' }, MSG.accountExists],
  ])('refuses %p without an audit record', async (body, msg) => {
    const before = (await t.db.select().from(auditLog)).length;
    expect((await opsCall('POST', '/operators', body)).answer).toEqual({ status: 0, msg, data: null });
    expect((await t.db.select().from(auditLog)).length).toBe(before);
  });

  it('keeps the audit log unambiguous: system names are reserved, retired names stay taken', async () => {
    expect(RESERVED_OPERATOR_NAMES.has(DEMO_APPROVER.name)).toBe(true);
    await addOperator('dave');
    expect((await opsCall('POST', '/operators/dave/retire', { reason: 'left' })).answer.status).toBe(1);
    expect((await opsCall('POST', '/operators', { name: 'dave', reason: 'back' })).answer.msg).toBe(MSG.accountExists);
  });

  it('normalises the name to lower case', async () => {
    expect((await addOperator('Erin-Ops')).name).toBe('erin-ops');
  });
});

describe('four-eyes in practice', () => {
  it("ops adds alice; alice approves ops's adjustment, ops cannot approve its own; retired alice gets 401", async () => {
    const alice = await addOperator('alice');
    const customer = await createCustomer(t);

    const proposed = await fundsOps<{ id: number; state: string }>(t.app, OPS_TOKEN, 'POST', '/adjustments', {
      account: customer.user.account,
      currency: 'JPY',
      amount: '2500',
      reason: 'missed credit',
    });
    expect(proposed.data.state).toBe('proposed');
    expect((await fundsOps(t.app, OPS_TOKEN, 'POST', `/adjustments/${proposed.data.id}/approve`, {})).msg).toBe(MSG.adjustmentSameOperator);
    expect((await call<Wallet>(t.app, 'wallet', {}, customer)).data.balance.minor).toBe('0');

    const approved = await fundsOps(t.app, alice.credential, 'POST', `/adjustments/${proposed.data.id}/approve`, { reason: 'checked the bank statement' });
    expect(approved.data).toMatchObject({ state: 'approved', proposedBy: 'ops', decidedBy: 'alice' });
    expect((await call<Wallet>(t.app, 'wallet', {}, customer)).data.balance.minor).toBe('2500');

    const retired = await opsCall<OperatorView>('POST', '/operators/alice/retire', { reason: 'moved to another team' });
    expect(retired.answer.data).toMatchObject({ name: 'alice', active: false, retiredAt: t.clock.now().toISOString(), retiredBy: 'ops' });
    const refused = await opsCall('GET', '/operators', undefined, alice.credential);
    expect(refused.http).toBe(401);
    expect(refused.answer.msg).toBe(MSG.operatorCredentialRequired);
    const next = await fundsOps<{ id: number }>(t.app, OPS_TOKEN, 'POST', '/adjustments', {
      account: customer.user.account,
      currency: 'JPY',
      amount: '1',
      reason: 'rounding',
    });
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/ops/funds/adjustments/${next.data.id}/approve`,
      headers: { authorization: `Bearer ${alice.credential}` },
      payload: {},
    });
    expect(late.statusCode).toBe(401);

    const [record] = (await auditOf('operator.retire')).filter((r) => r.details.operator === 'alice');
    expect(record).toMatchObject({ operator: 'ops', reason: 'moved to another team' });
  });
});

describe('retiring operators', () => {
  it('refuses a missing reason, an unknown or retired name, and retiring oneself', async () => {
    const frank = await addOperator('frank');
    expect((await opsCall('POST', '/operators/frank/retire', {})).answer.msg).toBe(MSG.reasonRequired);
    expect((await opsCall('POST', '/operators/nobody-here/retire', { reason: 'x' })).answer.msg).toBe(MSG.accountNotFound);
    expect((await opsCall('POST', '/operators/X/retire', { reason: 'x' })).answer.msg).toBe(MSG.accountNotFound);
    expect((await opsCall('POST', '/operators/frank/retire', { reason: 'self' }, frank.credential)).answer.msg).toBe(MSG.noPermission);
    expect((await opsCall('POST', '/operators/ops/retire', { reason: 'self' })).answer.msg).toBe(MSG.noPermission);
    expect((await opsCall('POST', '/operators/frank/retire', { reason: 'done' })).answer.status).toBe(1);
    expect((await opsCall('POST', '/operators/frank/retire', { reason: 'again' })).answer.msg).toBe(MSG.accountNotFound);
  });

  it('two operators retiring each other at once: exactly one wins, one operator stays active', async () => {
    const gina = await addOperator('gina');
    const hank = await addOperator('hank');
    const results = await Promise.all([
      opsCall('POST', '/operators/hank/retire', { reason: 'race' }, gina.credential),
      opsCall('POST', '/operators/gina/retire', { reason: 'race' }, hank.credential),
    ]);
    const succeeded = results.filter((r) => r.answer.status === 1);
    expect(succeeded).toHaveLength(1);
    const rows = await t.db.select().from(operators);
    expect(rows.filter((o) => (o.name === 'gina' || o.name === 'hank') && o.retiredAt === null)).toHaveLength(1);
  });

  it("refuses at start a configured credential that is another operator's", async () => {
    const jack = await addOperator('jack');
    await expect(ensureBootstrapOperator(t.db, t.clock, dataDir, jack.credential)).rejects.toThrow(/operator 'jack'/);
    expect((await opsCall('GET', '/operators', undefined, jack.credential)).http).toBe(200);
    expect((await opsCall('GET', '/operators')).http).toBe(200);
  });

  it("the bootstrap operator 'ops' is retired by another operator, stays retired on restart, and is never the last", async () => {
    const ivy = await addOperator('ivy');
    expect((await opsCall('POST', '/operators/ops/retire', { reason: 'personal credentials only' }, ivy.credential)).answer.data).toMatchObject({
      name: 'ops',
      active: false,
      retiredBy: 'ivy',
    });
    expect((await opsCall('GET', '/operators')).http).toBe(401);
    // A restart re-applies the configured credential but does not revive 'ops'.
    expect(await ensureBootstrapOperator(t.db, t.clock, dataDir, OPS_TOKEN)).toMatchObject({ retired: true });
    expect((await opsCall('GET', '/operators')).http).toBe(401);
    // ivy cannot retire herself: she may be the only active one left.
    for (const o of (await opsCall<OperatorView[]>('GET', '/operators', undefined, ivy.credential)).answer.data) {
      if (o.active && o.name !== 'ivy')
        expect((await opsCall('POST', `/operators/${o.name}/retire`, { reason: 'cleanup' }, ivy.credential)).answer.status).toBe(1);
    }
    expect((await opsCall('POST', '/operators/ivy/retire', { reason: 'last one' }, ivy.credential)).answer.msg).toBe(MSG.noPermission);
    const active = (await t.db.select().from(operators)).filter((o) => o.retiredAt === null);
    expect(active.map((o) => o.name)).toEqual(['ivy']);
  });
});
