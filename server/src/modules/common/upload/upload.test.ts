import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import { uploads } from '../schema';
import { jpegHeader, tinyPng, webpLosslessHeader } from '../../../testing/images';
import { multipartBody, type MultipartPart } from '../../../testing/multipart';
import { startTestApp, TEST_SECRET, type TestContext } from '../../../testing/test-app';
import { createSession } from '../../identity';
import { createUser } from '../../identity/testing/identity-test-kit';
import { POLICY_TTL_MS, signPolicy, UPLOAD_MAX_BYTES, type UploadPolicyGrant, type UploadPurpose } from './policy';

interface Envelope<T> {
  status: number;
  msg: string;
  data: T;
}

/** 15 random-looking characters, unique per call, as the client's key generator makes. */
let keyCounter = 0;
function freshName(): string {
  keyCounter += 1;
  return `Tk${String(keyCounter).padStart(13, '0')}`;
}

describe('uploads (POST policy)', () => {
  let ctx: TestContext;
  let owner: { id: number; headers: Record<string, string> };
  beforeAll(async () => {
    ctx = await startTestApp();
    const user = await createUser(ctx.database.db);
    const session = await createSession(ctx.database.db, ctx.clock, { userId: user.id, userAgent: 'jest', deviceId: null });
    owner = { id: user.id, headers: { token: session.token, account: user.account } };
  });
  afterAll(() => ctx.close());

  /** A policy for `key` (a fresh .png key unless given), as the logged-in owner asks for it. */
  async function getGrant(key = `imgs/${freshName()}.png`, purpose: UploadPurpose = 'kyc-front'): Promise<UploadPolicyGrant> {
    const query = new URLSearchParams({ purpose, key }).toString();
    const res = await ctx.app.inject({ method: 'GET', url: `/api/common/upload?${query}`, headers: { host: 'kabuto.test', ...owner.headers } });
    expect(res.statusCode).toBe(200);
    const body = res.json<Envelope<UploadPolicyGrant>>();
    expect(body.status).toBe(1);
    return body.data;
  }

  /** Fetches an object through the signed GET URL its policy came with. */
  function fetchSigned(grant: UploadPolicyGrant) {
    return ctx.app.inject({ method: 'GET', url: new URL(grant.url).pathname });
  }

  function formFor(
    grant: UploadPolicyGrant,
    key: string,
    file: { content: Buffer; filename?: string; contentType?: string },
    overrides: Record<string, string> = {},
  ): MultipartPart[] {
    const fields: Record<string, string> = {
      name: key.slice('imgs/'.length),
      key,
      policy: grant.policy,
      OSSAccessKeyId: grant.accessid,
      success_action_status: '200',
      signature: grant.signature,
      ...overrides,
    };
    return [
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      { name: 'file', filename: file.filename ?? 'photo', contentType: file.contentType ?? 'image/png', content: file.content },
    ];
  }

  async function post(parts: MultipartPart[]) {
    const { payload, headers } = multipartBody(parts);
    return ctx.app.inject({ method: 'POST', url: '/uploads/', payload, headers });
  }

  async function rowCount(key: string): Promise<number> {
    return (await ctx.database.db.select().from(uploads).where(eq(uploads.key, key))).length;
  }

  it('hands out a policy for one key, owner and purpose, up to 5 MiB, valid 15 minutes, signed with the secret', async () => {
    const key = `imgs/${freshName()}.png`;
    const grant = await getGrant(key, 'deposit-proof');
    expect(grant.baseUrl).toBe('http://kabuto.test/uploads/');
    expect(grant.accessid).toBe('kabuto-uploads');
    expect(grant).toMatchObject({ key, purpose: 'deposit-proof' });
    expect(grant.url).toMatch(new RegExp(`^http://kabuto\\.test/uploads/signed/\\d+/[A-Za-z0-9_-]+/${key}$`));
    expect(grant.signature).toBe(signPolicy(TEST_SECRET, grant.policy));
    const policy = JSON.parse(Buffer.from(grant.policy, 'base64').toString('utf8'));
    expect(policy).toEqual({
      expiration: new Date(ctx.clock.now().getTime() + POLICY_TTL_MS).toISOString(),
      conditions: [
        ['starts-with', '$key', 'imgs/'],
        ['eq', '$key', key],
        ['content-length-range', 1, UPLOAD_MAX_BYTES],
        { 'x-kabuto-owner': String(owner.id) },
        { 'x-kabuto-purpose': 'deposit-proof' },
      ],
    });
  });

  it('issues no policy without a session, nor for a malformed key or an unknown purpose', async () => {
    const key = `imgs/${freshName()}.png`;
    const anonymous = await ctx.app.inject({ method: 'GET', url: `/api/common/upload?purpose=kyc-front&key=${key}` });
    expect(anonymous.statusCode).toBe(401);
    for (const query of [`purpose=kyc-front&key=imgs/short.png`, `purpose=selfie&key=${key}`, `key=${key}`, '']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/common/upload?${query}`, headers: owner.headers });
      expect(res.json()).toEqual({ status: 0, msg: MSG.invalidParams, data: null });
    }
  });

  it('records the owner and purpose, and one policy stores one object only', async () => {
    const key = `imgs/${freshName()}.png`;
    const grant = await getGrant(key, 'kyc-back');
    expect((await post(formFor(grant, key, { content: tinyPng() }))).statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(uploads).where(eq(uploads.key, key));
    expect(row).toMatchObject({ ownerUserId: owner.id, purpose: 'kyc-back', usedAt: null });
    // The attacker's replay: the same policy for a second object, then for the same key again.
    await expectRefused(formFor(grant, `imgs/${freshName()}.png`, { content: tinyPng() }), 403, 'AccessDenied');
    await expectRefused(formFor(grant, key, { content: tinyPng() }), 409, 'FileAlreadyExists');
    // Nor is a policy handed out for a key already stored.
    const again = await ctx.app.inject({ method: 'GET', url: `/api/common/upload?purpose=kyc-back&key=${key}`, headers: owner.headers });
    expect(again.json()).toEqual({ status: 0, msg: MSG.invalidParams, data: null });
  });

  it('stores a real PNG and serves back the identical bytes, privately, on the signed URL only', async () => {
    const key = `imgs/${freshName()}.png`;
    const grant = await getGrant(key);
    const png = tinyPng(3, 2);
    const res = await post(formFor(grant, key, { content: png }));
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
    expect(await rowCount(key)).toBe(1);

    const served = await fetchSigned(grant);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('private, no-store');
    expect(served.rawPayload.equals(png)).toBe(true);
    // Only the final file is left behind, no temporary parts.
    expect(readdirSync(join(ctx.dataDir, 'uploads', 'imgs'))).toContain(key.slice(5));
    expect(readdirSync(join(ctx.dataDir, 'uploads', 'imgs')).filter((name) => name.endsWith('.part'))).toEqual([]);
  });

  it('accepts JPEG and WebP whose bytes match the extension', async () => {
    for (const [extension, content, type] of [
      ['jpg', jpegHeader(), 'image/jpeg'],
      ['jpeg', jpegHeader(8, 8), 'image/jpeg'],
      ['webp', webpLosslessHeader(), 'image/webp'],
    ] as const) {
      const key = `imgs/${freshName()}.${extension}`;
      const grant = await getGrant(key);
      const res = await post(formFor(grant, key, { content, contentType: type }));
      expect(res.statusCode).toBe(200);
      const served = await fetchSigned(grant);
      expect(served.headers['content-type']).toBe(type);
    }
  });

  it('answers 204 when the form does not ask for 200, as OSS does', async () => {
    const key = `imgs/${freshName()}.png`;
    const grant = await getGrant(key);
    const parts = formFor(grant, key, { content: tinyPng() }).filter((part) => part.name !== 'success_action_status');
    expect((await post(parts)).statusCode).toBe(204);
  });

  async function expectRefused(parts: MultipartPart[], status: number, code: string, key?: string) {
    const res = await post(parts);
    expect({ status: res.statusCode, code: res.json<{ code: string }>().code }).toEqual({ status, code });
    expect(typeof res.json<{ message: string }>().message).toBe('string');
    if (key) {
      expect(await rowCount(key)).toBe(0);
      expect(existsSync(join(ctx.dataDir, 'uploads', key))).toBe(false);
    }
  }

  it('refuses a text file renamed .png', async () => {
    const key = `imgs/${freshName()}.png`;
    const grant = await getGrant(key);
    await expectRefused(formFor(grant, key, { content: Buffer.from('just some text, not a picture'), filename: 'notes.png' }), 400, 'InvalidImage', key);
  });

  it('refuses a PNG posted under a .jpg key (extension and content disagree)', async () => {
    const key = `imgs/${freshName()}.jpg`;
    const grant = await getGrant(key);
    await expectRefused(formFor(grant, key, { content: tinyPng() }), 400, 'InvalidImage', key);
  });

  it('refuses an image whose header claims a gigantic bitmap', async () => {
    const key = `imgs/${freshName()}.png`;
    const grant = await getGrant(key);
    await expectRefused(formFor(grant, key, { content: tinyPng(1, 1).fill(0xff, 16, 24) }), 400, 'InvalidImage', key);
  });

  it('refuses an expired policy', async () => {
    const key = `imgs/${freshName()}.png`;
    const grant = await getGrant(key);
    ctx.clock.advance(POLICY_TTL_MS);
    try {
      await expectRefused(formFor(grant, key, { content: tinyPng() }), 403, 'AccessDenied', key);
    } finally {
      ctx.clock.advance(-POLICY_TTL_MS);
    }
    // One millisecond earlier the same policy is still good.
    ctx.clock.advance(POLICY_TTL_MS - 1);
    try {
      expect((await post(formFor(grant, key, { content: tinyPng() }))).statusCode).toBe(200);
    } finally {
      ctx.clock.advance(-(POLICY_TTL_MS - 1));
    }
  });

  it('refuses a tampered signature', async () => {
    const key = `imgs/${freshName()}.png`;
    const grant = await getGrant(key);
    const flipped = (grant.signature[0] === 'A' ? 'B' : 'A') + grant.signature.slice(1);
    await expectRefused(formFor(grant, key, { content: tinyPng() }, { signature: flipped }), 403, 'SignatureDoesNotMatch', key);
    await expectRefused(formFor(grant, key, { content: tinyPng() }, { signature: 'short' }), 403, 'SignatureDoesNotMatch', key);
  });

  it('refuses a policy rewritten by the client (a bigger size range, another owner or purpose)', async () => {
    const key = `imgs/${freshName()}.png`;
    const grant = await getGrant(key);
    const document = JSON.parse(Buffer.from(grant.policy, 'base64').toString('utf8'));
    for (const [index, condition] of [
      [2, ['content-length-range', 1, 500 * 1024 * 1024]],
      [3, { 'x-kabuto-owner': String(owner.id + 1) }],
      [4, { 'x-kabuto-purpose': 'deposit-proof' }],
    ] as const) {
      const forged = Buffer.from(
        JSON.stringify({ ...document, conditions: document.conditions.map((c: unknown, i: number) => (i === index ? condition : c)) }),
      ).toString('base64');
      await expectRefused(formFor(grant, key, { content: tinyPng() }, { policy: forged }), 403, 'SignatureDoesNotMatch', key);
    }
  });

  it('refuses an unknown access id', async () => {
    const key = `imgs/${freshName()}.png`;
    const grant = await getGrant(key);
    await expectRefused(formFor(grant, key, { content: tinyPng() }, { OSSAccessKeyId: 'someone-else' }), 403, 'InvalidAccessKeyId', key);
  });

  it('refuses keys outside imgs/ or of the wrong shape', async () => {
    const grant = await getGrant();
    await expectRefused(formFor(grant, `imgs/${freshName()}.png`, { content: tinyPng() }), 403, 'AccessDenied');
    await expectRefused(formFor(grant, `docs/${freshName()}.png`, { content: tinyPng() }), 403, 'AccessDenied');
    await expectRefused(formFor(grant, `imgs/../${freshName()}.png`, { content: tinyPng() }), 400, 'InvalidObjectName');
    await expectRefused(formFor(grant, 'imgs/short.png', { content: tinyPng() }), 400, 'InvalidObjectName');
    await expectRefused(formFor(grant, `imgs/${freshName()}.svg`, { content: tinyPng() }), 400, 'InvalidObjectName');
    await expectRefused(formFor(grant, `imgs/sub/${freshName()}.png`, { content: tinyPng() }), 400, 'InvalidObjectName');
  });

  it('refuses a file over 5 MiB', async () => {
    const key = `imgs/${freshName()}.png`;
    const grant = await getGrant(key);
    const oversize = Buffer.concat([tinyPng(), Buffer.alloc(UPLOAD_MAX_BYTES)]);
    await expectRefused(formFor(grant, key, { content: oversize }), 400, 'EntityTooLarge', key);
  });

  it('refuses an empty file', async () => {
    const key = `imgs/${freshName()}.png`;
    const grant = await getGrant(key);
    await expectRefused(formFor(grant, key, { content: Buffer.alloc(0) }), 400, 'EntityTooSmall', key);
  });

  it('never overwrites a stored key', async () => {
    const key = `imgs/${freshName()}.png`;
    const grant = await getGrant(key);
    const first = tinyPng(1, 1, [255, 0, 0]);
    expect((await post(formFor(grant, key, { content: first }))).statusCode).toBe(200);
    await expectRefused(formFor(grant, key, { content: tinyPng(1, 1, [0, 0, 255]) }), 409, 'FileAlreadyExists');
    const served = await fetchSigned(grant);
    expect(served.rawPayload.equals(first)).toBe(true);
  });

  it('refuses forms missing fields, fields after the file, or no file at all', async () => {
    const key = `imgs/${freshName()}.png`;
    const grant = await getGrant(key);
    const parts = formFor(grant, key, { content: tinyPng() });
    // signature sent after the file is ignored, so it is missing when the file arrives
    const signature = parts.find((part) => part.name === 'signature');
    const reordered = [...parts.filter((part) => part.name !== 'signature'), ...(signature ? [signature] : [])];
    await expectRefused(reordered, 400, 'InvalidArgument', key);
    await expectRefused(
      parts.filter((part) => part.name !== 'file'),
      400,
      'InvalidArgument',
      key,
    );
    const plain = await ctx.app.inject({
      method: 'POST',
      url: '/uploads/',
      payload: 'key=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(plain.statusCode).toBe(400);
  });

  it('serves no object on its plain path, nor on a signed URL that is forged, for another key, or expired', async () => {
    const key = `imgs/${freshName()}.png`;
    const grant = await getGrant(key);
    expect((await post(formFor(grant, key, { content: tinyPng() }))).statusCode).toBe(200);
    const plain = await ctx.app.inject({ method: 'GET', url: `/uploads/${key}` });
    expect({ status: plain.statusCode, code: plain.json<{ code: string }>().code, cache: plain.headers['cache-control'] }).toEqual({
      status: 403,
      code: 'AccessDenied',
      cache: 'private, no-store',
    });
    const path = new URL(grant.url).pathname;
    const [, , , expires, signature] = path.split('/');
    const refusedPaths = [
      path.replace(signature!, `${signature!.slice(0, -1)}${signature!.endsWith('A') ? 'B' : 'A'}`),
      path.replace(`/${expires}/`, `/${Number(expires) + 3600}/`),
      path.replace(key, `imgs/${freshName()}.png`),
    ];
    for (const url of refusedPaths) expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(403);
    ctx.clock.advance(15 * 60 * 1000);
    try {
      expect((await ctx.app.inject({ method: 'GET', url: path })).statusCode).toBe(403);
    } finally {
      ctx.clock.advance(-15 * 60 * 1000);
    }
    expect((await ctx.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
  });

  it('issues a signed URL to the owner only; another session and no session are refused', async () => {
    const key = `imgs/${freshName()}.png`;
    const grant = await getGrant(key);
    expect((await post(formFor(grant, key, { content: tinyPng() }))).statusCode).toBe(200);
    const stranger = await createUser(ctx.database.db);
    const strangerSession = await createSession(ctx.database.db, ctx.clock, { userId: stranger.id, userAgent: 'jest', deviceId: null });
    const ask = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: `/api/common/upload/url?key=${key}`, headers });
    expect((await ask({})).statusCode).toBe(401);
    expect((await ask({ token: strangerSession.token, account: stranger.account })).json()).toEqual({ status: 0, msg: MSG.uploadNotFound, data: null });
    const mine = (await ask(owner.headers)).json<Envelope<{ key: string; url: string }>>();
    expect(mine).toMatchObject({ status: 1, data: { key } });
    const served = await ctx.app.inject({ method: 'GET', url: new URL(mine.data.url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('private, no-store');
  });

  it('answers 404 for an unknown object and 403 for a malformed name', async () => {
    const unknown = `imgs/${freshName()}.png`;
    const grant = await getGrant(unknown);
    expect((await fetchSigned(grant)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/uploads/imgs/..%2F..%2Fkabuto-secret' })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: new URL(grant.url).pathname.replace(unknown, 'imgs/..%2F..%2Fkabuto-secret') })).statusCode).toBe(403);
  });

  it('treats POST on the GET-only policy endpoint as an action that is not open', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/common/upload' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 0, msg: MSG.notOpen, data: null });
  });

  // Last: it uses up this client's allowance (earlier tests already spent part of it).
  it('rate-limits the upload target per client and the policy endpoint per user', async () => {
    const badForm = { method: 'POST', url: '/uploads/', payload: 'x=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } } as const;
    const statuses: number[] = [];
    for (let i = 0; i <= 60 && !statuses.includes(429); i += 1) statuses.push((await ctx.app.inject(badForm)).statusCode);
    expect(statuses.at(-1)).toBe(429);
    expect(new Set(statuses.slice(0, -1))).toEqual(new Set([400]));
    const limited = await ctx.app.inject(badForm);
    expect({ status: limited.statusCode, code: limited.json<{ code: string }>().code }).toEqual({ status: 429, code: 'TooManyRequests' });

    const answers: Array<Envelope<unknown>> = [];
    for (let i = 0; i <= 120 && answers.at(-1)?.status !== 0; i += 1) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/common/upload?purpose=avatar&key=imgs/${freshName()}.png`, headers: owner.headers });
      expect(res.statusCode).toBe(200);
      answers.push(res.json<Envelope<unknown>>());
    }
    expect(answers.at(-1)).toEqual({ status: 0, msg: MSG.tooFrequent, data: null });
    expect(answers.slice(0, -1).every((answer) => answer.status === 1)).toBe(true);
  });
});
