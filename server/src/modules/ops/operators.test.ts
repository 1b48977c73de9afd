// Operator management through the API: the bootstrap add (the second operator's credential
// left on the server host), adds and role changes as proposals another independent admin
// approves, roles checked on every ops call, retiring — and four-eyes that one person cannot
// satisfy alone: the sequence that would get around it (propose an adjustment, add an operator,
// approve with the new credential) is refused at every step, and the audit log says who tried.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
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
import { RESERVED_OPERATOR_NAMES, type OperatorProposalView, type OperatorView } from './operators';
import { ROUTE_ROLES, type OperatorRole } from './roles';

const OPS_TOKEN = 'operator-token-for-operator-tests-0123456789';

let t: FundsTestContext;
let dataDir: string;
/** hana: the bootstrap add, an admin and a root of her own; ken: proposed by hana, approved by ops. */
let hana: string;
let ken: string;

type Added = OperatorView & { credential: string | null; credentialFile: string | null; proposal: OperatorProposalView | null };

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

async function propose(name: string, role: OperatorRole, by: string): Promise<Added> {
  const { answer } = await opsCall<Added>('POST', '/operators', { name, role, reason: `${name} joins the desk` }, by);
  expect(answer.status).toBe(1);
  expect(answer.data.proposal).not.toBeNull();
  return answer.data;
}

/** An operator proposed by `by` and approved by `approver`: the credential works. */
async function addApproved(name: string, role: OperatorRole, by = hana, approver = OPS_TOKEN): Promise<string> {
  const added = await propose(name, role, by);
  const approved = await opsCall<OperatorProposalView>('POST', `/operators/proposals/${added.proposal?.id}/approve`, {}, approver);
  expect(approved.answer).toMatchObject({ status: 1, data: { state: 'approved' } });
  if (!added.credential) throw new Error('a proposed add returns the credential');
  return added.credential;
}

async function auditOf(action: string) {
  return t.db.select().from(auditLog).where(eq(auditLog.action, action));
}

beforeAll(async () => {
  t = await startFundsTestApp();
  dataDir = mkdtempSync(join(tmpdir(), 'kabuto-operators-test-'));
  await ensureBootstrapOperator(t.db, t.clock, dataDir, OPS_TOKEN);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('bootstrap: the lone operator adds the second one', () => {
  it('takes effect at once, puts the credential in an owner-only file on the host (not in the answer), and audits it', async () => {
    const { answer } = await opsCall<Added>('POST', '/operators', { name: 'hana', role: 'admin', reason: 'second admin' });
    expect(answer.data).toMatchObject({
      name: 'hana',
      role: 'admin',
      state: 'active',
      root: 'hana',
      createdBy: 'ops',
      approvedBy: null,
      active: true,
      credential: null,
      proposal: null,
    });
    const file = answer.data.credentialFile ?? '';
    expect(statSync(file).mode & 0o777).toBe(0o600);
    hana = readFileSync(file, 'utf8').trim();
    expect(JSON.stringify(answer)).not.toContain(hana);
    const [row] = await t.db.select().from(operators).where(eq(operators.name, 'hana'));
    expect(row?.credentialHash).toBe(sha256Hex(hana));
    const [record] = await auditOf('operator.add');
    expect(record).toMatchObject({ operator: 'ops', reason: 'second admin', details: { operator: 'hana', role: 'admin', bootstrap: true } });
    expect((await opsCall('GET', '/operators', undefined, hana)).http).toBe(200);
  });

  it('the bootstrap helper never approves its creator: the next add is a proposal, and hana cannot approve ops’s', async () => {
    const added = await propose('ken', 'admin', OPS_TOKEN);
    const refused = await opsCall('POST', `/operators/proposals/${added.proposal?.id}/approve`, {}, hana);
    expect(refused.answer.msg).toBe(MSG.noPermission);
    // ops withdraws it; hana proposes ken instead, and ops approves.
    expect((await opsCall('POST', `/operators/proposals/${added.proposal?.id}/reject`, { reason: 'hana proposes' })).answer.status).toBe(1);
    expect((await opsCall('POST', '/operators', { name: 'ken', role: 'admin', reason: 'again' }, hana)).answer.msg).toBe(MSG.accountExists);
    ken = await addApproved('kenji', 'admin');
    const listed = await opsCall<OperatorView[]>('GET', '/operators', undefined, ken);
    expect(listed.answer.data.find((o) => o.name === 'kenji')).toMatchObject({
      role: 'admin',
      root: 'hana',
      createdBy: 'hana',
      approvedBy: 'ops',
      active: true,
    });
    expect(listed.answer.data.find((o) => o.name === 'ken')).toMatchObject({ state: 'pending', active: false, retiredBy: 'ops' });
  });
});

describe('adding operators', () => {
  it('is a proposal: the credential is refused until another admin approves; proposer and the operator concerned cannot approve', async () => {
    const added = await propose('bob-2', 'viewer', hana);
    expect(added).toMatchObject({ name: 'bob-2', state: 'pending', active: false, root: 'hana', createdBy: 'hana', role: 'viewer' });
    expect(added.credential).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await t.db.select().from(operators).where(eq(operators.name, 'bob-2'));
    expect(row?.credentialHash).toBe(sha256Hex(added.credential ?? ''));
    expect((await opsCall('GET', '/operators', undefined, added.credential ?? '')).http).toBe(401);

    const id = added.proposal?.id;
    expect((await opsCall('POST', `/operators/proposals/${id}/approve`, {}, hana)).answer.msg).toBe(MSG.noPermission);
    // kenji shares hana's root (hana saw his credential): no second pair of eyes either.
    expect((await opsCall('POST', `/operators/proposals/${id}/approve`, {}, ken)).answer.msg).toBe(MSG.noPermission);
    const refusals = (await auditOf('operator.add.approve.refused')).filter((r) => r.details.proposalId === id);
    expect(refusals.map((r) => [r.operator, r.details.attemptedBy, r.details.proposedBy, r.details.refusedBecause])).toEqual([
      ['hana', 'hana', 'hana', 'own-proposal'],
      ['kenji', 'kenji', 'hana', 'same-root'],
    ]);

    const approved = await opsCall<OperatorProposalView>('POST', `/operators/proposals/${id}/approve`, { reason: 'met bob' });
    expect(approved.answer.data).toMatchObject({ state: 'approved', proposedBy: 'hana', decidedBy: 'ops', kind: 'add', operator: 'bob-2' });
    expect((await opsCall('POST', `/operators/proposals/${id}/approve`, {})).answer.msg).toBe(MSG.reviewNotPending);
    const listed = await opsCall<OperatorView[]>('GET', '/operators', undefined, added.credential ?? '');
    expect(listed.http).toBe(200);
    expect(JSON.stringify(listed.answer)).not.toContain(added.credential);
    expect(JSON.stringify(listed.answer)).not.toContain(row?.credentialHash);
    const [record] = (await auditOf('operator.add.approve')).filter((r) => r.details.proposalId === id);
    expect(record).toMatchObject({ operator: 'ops', reason: 'met bob', details: { operator: 'bob-2', proposedBy: 'hana', decidedBy: 'ops' } });
  });

  it.each([
    [{ name: 'Al', role: 'viewer', reason: 'x' }, MSG.invalidParams],
    [{ name: 'ab', role: 'viewer', reason: 'x' }, MSG.invalidParams],
    [{ name: 'a'.repeat(33), role: 'viewer', reason: 'x' }, MSG.invalidParams],
    [{ name: '9lives', role: 'viewer', reason: 'x' }, MSG.invalidParams],
    [{ name: 'bad_name', role: 'viewer', reason: 'x' }, MSG.invalidParams],
    [{ name: 'carol', reason: 'x' }, MSG.invalidParams],
    [{ name: 'carol', role: 'root', reason: 'x' }, MSG.invalidParams],
    [{ name: 'carol', role: 'viewer' }, MSG.reasonRequired],
    [{ name: 'carol', role: 'viewer', reason: '   ' }, MSG.reasonRequired],
    [{ name: 'ops', role: 'viewer', reason: 'x' }, MSG.accountExists],
    [{ name: 'demo-auto-approve', role: 'viewer', reason: 'x' }, MSG.accountExists],
  ])('refuses %p without an audit record', async (body, msg) => {
    const before = (await t.db.select().from(auditLog)).length;
    expect((await opsCall('POST', '/operators', body)).answer).toEqual({ status: 0, msg, data: null });
    expect((await t.db.select().from(auditLog)).length).toBe(before);
  });

  it('keeps the audit log unambiguous: system names are reserved, retired names stay taken', async () => {
    expect(RESERVED_OPERATOR_NAMES.has(DEMO_APPROVER.name)).toBe(true);
    await addApproved('dave', 'viewer');
    expect((await opsCall('POST', '/operators/dave/retire', { reason: 'left' })).answer.status).toBe(1);
    expect((await opsCall('POST', '/operators', { name: 'dave', role: 'viewer', reason: 'back' }, hana)).answer.msg).toBe(MSG.accountExists);
  });

  it('normalises the name to lower case', async () => {
    expect((await propose('Erin-Ops', 'viewer', hana)).name).toBe('erin-ops');
  });
});

describe('the probe: one operator alone cannot move money', () => {
  it('propose +¥777, add an operator, approve with the new credential: refused at every step, and the audit log says who tried', async () => {
    const customer = await createCustomer(t);
    const balance = async () => (await call<Wallet>(t.app, 'wallet', {}, customer)).data.balance.minor;
    const proposed = await fundsOps<{ id: number; state: string }>(t.app, OPS_TOKEN, 'POST', '/adjustments', {
      account: customer.user.account,
      currency: 'JPY',
      amount: '777',
      reason: 'probe',
    });
    expect(proposed.data.state).toBe('proposed');

    // The proposer cannot approve.
    expect((await fundsOps(t.app, OPS_TOKEN, 'POST', `/adjustments/${proposed.data.id}/approve`, {})).msg).toBe(MSG.adjustmentSameOperator);
    // Adding an operator is a proposal: the new credential does nothing yet.
    const mallory = await propose('mallory', 'approver', OPS_TOKEN);
    const early = await t.app.inject({
      method: 'POST',
      url: `/api/ops/funds/adjustments/${proposed.data.id}/approve`,
      headers: { authorization: `Bearer ${mallory.credential}` },
      payload: {},
    });
    expect(early.statusCode).toBe(401);
    // ops cannot approve its own proposal of mallory.
    expect((await opsCall('POST', `/operators/proposals/${mallory.proposal?.id}/approve`, {})).answer.msg).toBe(MSG.noPermission);
    // Even once an independent admin approves her, mallory shares ops's root: ops saw her credential.
    expect((await opsCall('POST', `/operators/proposals/${mallory.proposal?.id}/approve`, {}, ken)).answer.status).toBe(1);
    expect((await fundsOps(t.app, mallory.credential ?? '', 'POST', `/adjustments/${proposed.data.id}/approve`, {})).msg).toBe(MSG.adjustmentSameOperator);
    // hana, whom ops added at the bootstrap, is not a second pair of eyes for ops either.
    expect((await fundsOps(t.app, hana, 'POST', `/adjustments/${proposed.data.id}/approve`, {})).msg).toBe(MSG.adjustmentSameOperator);
    expect(await balance()).toBe('0');

    const refusals = (await auditOf('funds.adjustment.approve.refused')).filter((r) => r.details.adjustmentId === proposed.data.id);
    expect(refusals.map((r) => [r.operator, r.details.attemptedBy, r.details.proposedBy, r.details.refusedBecause, r.targetUserId])).toEqual([
      ['ops', 'ops', 'ops', 'own-proposal', customer.user.id],
      ['mallory', 'mallory', 'ops', 'same-root', customer.user.id],
      ['hana', 'hana', 'ops', 'added-by-proposer', customer.user.id],
    ]);

    // kenji (hana's root, added by hana) is independent of ops: his approval counts.
    const approved = await fundsOps(t.app, ken, 'POST', `/adjustments/${proposed.data.id}/approve`, { reason: 'checked' });
    expect(approved.data).toMatchObject({ state: 'approved', proposedBy: 'ops', decidedBy: 'kenji' });
    expect(await balance()).toBe('777');
    const [record] = (await auditOf('funds.adjustment.approve')).filter((r) => r.details.adjustmentId === proposed.data.id);
    expect(record).toMatchObject({ operator: 'kenji', details: { proposedBy: 'ops', decidedBy: 'kenji' } });
  });

  it('hana’s proposals are approved by ops (ops did not see her credential); a helper chain of one root never approves its root', async () => {
    const customer = await createCustomer(t);
    const proposed = await fundsOps<{ id: number }>(t.app, hana, 'POST', '/adjustments', {
      account: customer.user.account,
      currency: 'JPY',
      amount: '5',
      reason: 'r',
    });
    // A helper of a helper of hana is still hana's root.
    const helper = await addApproved('hana-helper', 'admin');
    const helper2 = await addApproved('hana-helper-2', 'approver', helper);
    expect((await fundsOps(t.app, helper2, 'POST', `/adjustments/${proposed.data.id}/approve`, {})).msg).toBe(MSG.adjustmentSameOperator);
    expect((await fundsOps(t.app, OPS_TOKEN, 'POST', `/adjustments/${proposed.data.id}/approve`, {})).data).toMatchObject({
      state: 'approved',
      decidedBy: 'ops',
    });
  });
});

describe('roles', () => {
  let viewer: string;
  let reviewer: string;
  let approver: string;
  beforeAll(async () => {
    viewer = await addApproved('vera', 'viewer');
    // rei is of ops's root, so aki (hana's) is a second pair of eyes for her proposals.
    reviewer = await addApproved('rei', 'reviewer', OPS_TOKEN, ken);
    approver = await addApproved('aki', 'approver');
  });

  it('every ops route has a role of its own, decided in roles.ts', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const opsRoutes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/ops/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`));
    expect(opsRoutes.length).toBeGreaterThan(40);
    expect(opsRoutes.filter((route) => !ROUTE_ROLES.has(route))).toEqual([]);
    expect([...ROUTE_ROLES.keys()].filter((route) => !opsRoutes.includes(route))).toEqual([]);
  });

  it('a viewer reads but changes nothing; a reviewer decides cases but not money; an approver moves money but manages no operators', async () => {
    const customer = await createCustomer(t);
    expect((await opsCall('GET', '/operators', undefined, viewer)).http).toBe(200);
    expect((await opsCall('GET', '/audit', undefined, viewer)).http).toBe(200);
    const denied = await opsCall('POST', `/users/${customer.user.account}/unlock`, { reason: 'x' }, viewer);
    expect(denied).toEqual({ http: 403, answer: { status: 0, msg: MSG.noPermission, data: null } });
    expect((await opsCall('GET', '/outbox', undefined, viewer)).http).toBe(403);
    expect((await opsCall('POST', `/users/${customer.user.account}/unlock`, { reason: 'support call' }, reviewer)).answer.status).toBe(1);

    const proposed = await fundsOps<{ id: number }>(t.app, reviewer, 'POST', '/adjustments', {
      account: customer.user.account,
      currency: 'JPY',
      amount: '3',
      reason: 'r',
    });
    expect(proposed.status).toBe(1);
    expect((await fundsOps(t.app, reviewer, 'POST', `/adjustments/${proposed.data.id}/approve`, {})).msg).toBe(MSG.noPermission);
    expect((await fundsOps(t.app, approver, 'POST', `/adjustments/${proposed.data.id}/approve`, {})).data).toMatchObject({
      state: 'approved',
      decidedBy: 'aki',
    });
    expect((await opsCall('POST', '/operators', { name: 'aki-friend', role: 'admin', reason: 'x' }, approver)).http).toBe(403);
    expect((await fundsOps(t.app, approver, 'POST', '/config', { key: 'x', value: 'y' })).msg).toBe(MSG.noPermission);

    const refused = (await auditOf('ops.refused')).map((r) => [r.operator, r.details.call, r.details.role, r.details.needed]);
    expect(refused).toEqual(
      expect.arrayContaining([
        ['vera', 'POST /api/ops/users/:account/unlock', 'viewer', 'reviewer'],
        ['vera', 'GET /api/ops/outbox', 'viewer', 'reviewer'],
        ['rei', 'POST /api/ops/funds/adjustments/:id/approve', 'reviewer', 'approver'],
        ['aki', 'POST /api/ops/operators', 'approver', 'admin'],
        ['aki', 'POST /api/ops/funds/config', 'approver', 'admin'],
      ]),
    );
  });

  it('a role change is a proposal another independent admin approves; nobody approves their own promotion', async () => {
    const proposal = await opsCall<OperatorProposalView>('POST', '/operators/aki/role', { role: 'admin', reason: 'runs the desk' }, hana);
    expect(proposal.answer.data).toMatchObject({ kind: 'role', operator: 'aki', role: 'admin', state: 'proposed', proposedBy: 'hana' });
    const id = proposal.answer.data.id;
    expect((await opsCall('POST', `/operators/proposals/${id}/approve`, {}, hana)).answer.msg).toBe(MSG.noPermission);
    expect((await opsCall('POST', '/operators/aki/role', { role: 'admin', reason: 'x' }, approver)).http).toBe(403);
    const pending = await opsCall<OperatorProposalView[]>('GET', '/operators/proposals', undefined, viewer);
    expect(pending.answer.data.map((p) => p.id)).toContain(id);
    expect((await opsCall('POST', `/operators/proposals/${id}/approve`, { reason: 'agreed' })).answer.data).toMatchObject({
      state: 'approved',
      decidedBy: 'ops',
    });
    expect((await opsCall('GET', '/operators', undefined, approver)).answer.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'aki', role: 'admin' })]),
    );
    // kenji may approve ops's proposals, but not one about himself.
    const aboutKen = await opsCall<OperatorProposalView>('POST', '/operators/kenji/role', { role: 'approver', reason: 'fewer admins' }, OPS_TOKEN);
    expect((await opsCall('POST', `/operators/proposals/${aboutKen.answer.data.id}/approve`, {}, ken)).answer.msg).toBe(MSG.noPermission);
    const [concerns] = (await auditOf('operator.role.approve.refused')).filter((r) => r.details.proposalId === aboutKen.answer.data.id);
    expect(concerns).toMatchObject({ operator: 'kenji', details: { attemptedBy: 'kenji', proposedBy: 'ops', refusedBecause: 'concerns-approver' } });
    expect((await opsCall('POST', `/operators/proposals/${aboutKen.answer.data.id}/reject`, { reason: 'withdrawn' })).answer.data).toMatchObject({
      state: 'rejected',
    });
    const own = await opsCall<OperatorProposalView>('POST', '/operators/vera/role', { role: 'admin', reason: 'x' }, OPS_TOKEN);
    expect((await opsCall('POST', `/operators/proposals/${own.answer.data.id}/approve`, {}, viewer)).http).toBe(403);
    const [record] = (await auditOf('operator.role.approve')).filter((r) => r.details.proposalId === id);
    expect(record).toMatchObject({ operator: 'ops', details: { operator: 'aki', role: 'admin', proposedBy: 'hana', decidedBy: 'ops' } });
  });
});

describe('retiring operators', () => {
  it('refuses a missing reason, an unknown or retired name, and retiring oneself', async () => {
    const frank = await addApproved('frank', 'admin');
    expect((await opsCall('POST', '/operators/frank/retire', {})).answer.msg).toBe(MSG.reasonRequired);
    expect((await opsCall('POST', '/operators/nobody-here/retire', { reason: 'x' })).answer.msg).toBe(MSG.accountNotFound);
    expect((await opsCall('POST', '/operators/X/retire', { reason: 'x' })).answer.msg).toBe(MSG.accountNotFound);
    expect((await opsCall('POST', '/operators/frank/retire', { reason: 'self' }, frank)).answer.msg).toBe(MSG.noPermission);
    expect((await opsCall('POST', '/operators/ops/retire', { reason: 'self' })).answer.msg).toBe(MSG.noPermission);
    expect((await opsCall('POST', '/operators/frank/retire', { reason: 'done' })).answer.status).toBe(1);
    expect((await opsCall('POST', '/operators/frank/retire', { reason: 'again' })).answer.msg).toBe(MSG.accountNotFound);
    expect((await opsCall('GET', '/operators', undefined, frank)).http).toBe(401);
    const [record] = (await auditOf('operator.retire')).filter((r) => r.details.operator === 'frank');
    expect(record).toMatchObject({ operator: 'ops', reason: 'done' });
  });

  it('two operators retiring each other at once: exactly one wins, one operator stays active', async () => {
    const gina = await addApproved('gina', 'admin');
    const hank = await addApproved('hank', 'admin');
    const results = await Promise.all([
      opsCall('POST', '/operators/hank/retire', { reason: 'race' }, gina),
      opsCall('POST', '/operators/gina/retire', { reason: 'race' }, hank),
    ]);
    expect(results.filter((r) => r.answer.status === 1)).toHaveLength(1);
    const rows = await t.db.select().from(operators);
    expect(rows.filter((o) => (o.name === 'gina' || o.name === 'hank') && o.retiredAt === null)).toHaveLength(1);
  });

  it("refuses at start a configured credential that is another operator's", async () => {
    await expect(ensureBootstrapOperator(t.db, t.clock, dataDir, ken)).rejects.toThrow(/operator 'kenji'/);
    expect((await opsCall('GET', '/operators', undefined, ken)).http).toBe(200);
    expect((await opsCall('GET', '/operators')).http).toBe(200);
  });

  it("the bootstrap operator 'ops' is retired by another operator, stays retired on restart, and is never the last", async () => {
    const ivy = await addApproved('ivy', 'admin');
    expect((await opsCall('POST', '/operators/ops/retire', { reason: 'personal credentials only' }, ivy)).answer.data).toMatchObject({
      name: 'ops',
      active: false,
      retiredBy: 'ivy',
    });
    expect((await opsCall('GET', '/operators')).http).toBe(401);
    // A restart re-applies the configured credential but does not revive 'ops'.
    expect(await ensureBootstrapOperator(t.db, t.clock, dataDir, OPS_TOKEN)).toMatchObject({ retired: true });
    expect((await opsCall('GET', '/operators')).http).toBe(401);
    for (const o of (await opsCall<OperatorView[]>('GET', '/operators', undefined, ivy)).answer.data) {
      if (o.active && o.name !== 'ivy') expect((await opsCall('POST', `/operators/${o.name}/retire`, { reason: 'cleanup' }, ivy)).answer.status).toBe(1);
    }
    expect((await opsCall('POST', '/operators/ivy/retire', { reason: 'last one' }, ivy)).answer.msg).toBe(MSG.noPermission);
    const active = (await t.db.select().from(operators)).filter((o) => o.retiredAt === null && o.state === 'active');
    expect(active.map((o) => o.name)).toEqual(['ivy']);
  });
});
