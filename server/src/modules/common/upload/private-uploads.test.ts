// Private uploads, written as the attacker's requests against the real upload flow (policy → POST
// → use): uploads are bound to their owner and purpose, used once, and private.
import { eq } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { DepositRecord } from '@kabuto/shared-sdk/schemas';
import { identityVerifications } from '../../identity';
import { auditLog } from '../../ops';
import { deposits } from '../../funds';
import { call, createCustomer, createOperator, idemKey, startFundsTestApp, type FundsTestContext, type TestCustomer } from '../../funds/testing/funds-test-kit';
import { tinyPng } from '../../../testing/images';
import { multipartBody } from '../../../testing/multipart';
import type { UploadPolicyGrant, UploadPurpose } from './policy';

let t: FundsTestContext;
beforeAll(async () => {
  t = await startFundsTestApp();
});
afterAll(() => t.close());

let counter = 0;
function freshKey(): string {
  counter += 1;
  return `imgs/Pu${String(counter).padStart(13, '0')}.png`;
}

const sessionHeaders = (who: TestCustomer) => ({ token: who.session.token, account: who.session.account });

/** The whole client flow: a policy for a fresh key and purpose, then the multipart POST. */
async function upload(who: TestCustomer, purpose: UploadPurpose): Promise<UploadPolicyGrant> {
  const key = freshKey();
  const res = await t.app.inject({ method: 'GET', url: `/api/common/upload?purpose=${purpose}&key=${key}`, headers: sessionHeaders(who) });
  const grant = (res.json() as { status: number; data: UploadPolicyGrant }).data;
  const fields = { key, policy: grant.policy, OSSAccessKeyId: grant.accessid, success_action_status: '200', signature: grant.signature };
  const { payload, headers } = multipartBody([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: 'file', filename: 'photo.png', contentType: 'image/png', content: tinyPng() },
  ]);
  const posted = await t.app.inject({ method: 'POST', url: '/uploads/', payload, headers });
  expect(posted.statusCode).toBe(200);
  return grant;
}

function userCall(action: string, form: Record<string, string>, who: TestCustomer) {
  return t.app.inject({
    method: 'POST',
    url: `/api/vue/user/${action}`,
    payload: new URLSearchParams(form).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...sessionHeaders(who) },
  });
}

const kyc = (frontKey: string, backKey: string) => ({
  realName: '佐藤 花子',
  nameKana: 'サトウ ハナコ',
  idNumber: 'AB1234567',
  docType: 'passport',
  frontKey,
  backKey,
});

describe('identity documents', () => {
  it("refuses another user's KYC photos, as a submission and as an image", async () => {
    const victim = await createCustomer(t, { verified: false });
    const attacker = await createCustomer(t, { verified: false });
    const front = await upload(victim, 'kyc-front');
    const back = await upload(victim, 'kyc-back');

    const stolen = (await userCall('realNameSubmit', kyc(front.key, back.key), attacker)).json();
    expect(stolen).toEqual({ status: 0, msg: MSG.uploadNotFound, data: null });
    expect(await t.db.select().from(identityVerifications).where(eq(identityVerifications.userId, attacker.user.id))).toEqual([]);
    // Nor can the attacker get a URL to look at them.
    const url = await t.app.inject({ method: 'GET', url: `/api/common/upload/url?key=${front.key}`, headers: sessionHeaders(attacker) });
    expect(url.json()).toEqual({ status: 0, msg: MSG.uploadNotFound, data: null });
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${front.key}` })).statusCode).toBe(403);

    // The refused attempt spent nothing: the owner submits them.
    const own = (await userCall('realNameSubmit', kyc(front.key, back.key), victim)).json() as { status: number };
    expect(own.status).toBe(1);
  });

  it('refuses a used key, and a photo uploaded for the other side', async () => {
    const user = await createCustomer(t, { verified: false });
    const front = await upload(user, 'kyc-front');
    const back = await upload(user, 'kyc-back');
    expect((await userCall('realNameSubmit', kyc(back.key, front.key), user)).json()).toEqual({ status: 0, msg: MSG.uploadNotFound, data: null });
    expect(((await userCall('realNameSubmit', kyc(front.key, back.key), user)).json() as { status: number }).status).toBe(1);

    const operator = await createOperator(t.db, 'reviewer');
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/ops/kyc/${user.user.account}/reject`,
      payload: { reason: 'blurred' },
      headers: { authorization: `Bearer ${operator.token}` },
    });
    expect((rejected.json() as { status: number }).status).toBe(1);
    // Resubmitting the used photos is refused; new ones are accepted.
    expect((await userCall('realNameSubmit', kyc(front.key, back.key), user)).json()).toEqual({ status: 0, msg: MSG.uploadNotFound, data: null });
    const front2 = await upload(user, 'kyc-front');
    const back2 = await upload(user, 'kyc-back');
    expect(((await userCall('realNameSubmit', kyc(front2.key, back2.key), user)).json() as { status: number }).status).toBe(1);
  });

  it('shows a private photo to its owner (signed URL) and to an operator (audited), to nobody else', async () => {
    const owner = await createCustomer(t, { verified: false });
    const front = await upload(owner, 'kyc-front');
    const signed = await t.app.inject({ method: 'GET', url: new URL(front.url).pathname });
    expect(signed.statusCode).toBe(200);
    expect(signed.headers['cache-control']).toBe('private, no-store');
    expect(signed.rawPayload.equals(tinyPng())).toBe(true);

    const name = front.key.slice('imgs/'.length);
    expect((await t.app.inject({ method: 'GET', url: `/api/ops/uploads/imgs/${name}` })).statusCode).toBe(401);
    const operator = await createOperator(t.db, 'kyc-desk');
    const seen = await t.app.inject({ method: 'GET', url: `/api/ops/uploads/imgs/${name}`, headers: { authorization: `Bearer ${operator.token}` } });
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['cache-control']).toBe('private, no-store');
    expect(seen.rawPayload.equals(tinyPng())).toBe(true);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'upload.view'));
    expect(audit.map((row) => [row.operator, row.targetUserId, row.details])).toContainEqual([
      'kyc-desk',
      owner.user.id,
      { key: front.key, purpose: 'kyc-front' },
    ]);
  });
});

describe('deposit proofs', () => {
  const deposit = (who: TestCustomer, proofKey: string) =>
    call<DepositRecord>(t.app, 'deposit', { channelId: 'bank-jpy', amount: '10000', proofKey, idempotencyKey: idemKey() }, who);

  it('refuses a proof used by another deposit, of another user, or uploaded as a KYC photo', async () => {
    const alice = await createCustomer(t);
    const bob = await createCustomer(t);
    const proof = await upload(alice, 'deposit-proof');
    expect((await deposit(alice, proof.key)).status).toBe(1);
    // The same image again: by its owner, and by another user.
    expect(await deposit(alice, proof.key)).toEqual({ status: 0, msg: MSG.uploadNotFound, data: null });
    expect(await deposit(bob, proof.key)).toEqual({ status: 0, msg: MSG.uploadNotFound, data: null });
    // Bob's own fresh proof, sent by Alice.
    const bobs = await upload(bob, 'deposit-proof');
    expect(await deposit(alice, bobs.key)).toEqual({ status: 0, msg: MSG.uploadNotFound, data: null });
    // A KYC photo is no deposit proof.
    const photo = await upload(alice, 'kyc-front');
    expect(await deposit(alice, photo.key)).toEqual({ status: 0, msg: MSG.uploadNotFound, data: null });

    const rows = await t.db.select().from(deposits).where(eq(deposits.proofKey, proof.key));
    expect(rows).toHaveLength(1);
    expect((await deposit(bob, bobs.key)).status).toBe(1);
  });

  it('replays an idempotent retry of the same deposit instead of refusing its used proof', async () => {
    const alice = await createCustomer(t);
    const proof = await upload(alice, 'deposit-proof');
    const form = { channelId: 'bank-jpy', amount: '10000', proofKey: proof.key, idempotencyKey: idemKey() };
    const first = await call<DepositRecord>(t.app, 'deposit', form, alice);
    const retry = await call<DepositRecord>(t.app, 'deposit', form, alice);
    expect(first.status).toBe(1);
    expect(retry).toMatchObject({ status: 1, data: { id: first.data.id, proofKey: proof.key, replayed: true } });
  });
});
