import { eq } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import { insertUpload } from '../common/testing/uploads';
import { identityVerifications, siteMessages } from './schema';
import { createUser, login, post, type Session, body, opsPost, useIdentityTestApp } from './testing/identity-test-kit';

const OPERATOR_TOKEN = 'operator-token-for-kyc-tests-0123456789';
const FRONT = 'imgs/AAAAAAAAAAAAAA1.png';
const BACK = 'imgs/AAAAAAAAAAAAAA2.jpg';

const t = useIdentityTestApp({ operatorToken: OPERATOR_TOKEN });

const ops = (url: string, payload: object) => opsPost(t.app, OPERATOR_TOKEN, url, payload);

const kycForm = { realName: '山田 太郎', nameKana: 'やまだ たろう', idNumber: 'AB1234567', docType: 'driving_licence', frontKey: FRONT, backKey: BACK };

describe('identity verification', () => {
  let session: Session;
  let account: string;
  let userId: number;
  beforeAll(async () => {
    const user = await createUser(t.db);
    userId = user.id;
    account = user.account;
    session = await login(t.app, account);
    await insertUpload(t.db, { owner: user.id, purpose: 'kyc-front', now: t.clock.now(), key: FRONT });
    await insertUpload(t.db, { owner: user.id, purpose: 'kyc-back', now: t.clock.now(), key: BACK });
  });

  it('starts unverified', async () => {
    expect(body(await post(t.app, 'realNameStatus', {}, session)).data).toEqual({
      state: 'unverified',
      rejectReason: null,
      realName: null,
      nameKana: null,
      idNumberMasked: null,
      docType: null,
      submittedAt: null,
      reviewedAt: null,
    });
  });

  it.each([
    [{ realName: ' ' }, MSG.realNameRequired],
    [{ nameKana: '' }, MSG.nameKanaRequired],
    [{ nameKana: '山田 太郎' }, MSG.nameKanaKatakana],
    [{ idNumber: '' }, MSG.idNumberRequired],
    [{ idNumber: 'AB 12' }, MSG.idNumberInvalid],
    [{ docType: 'library_card' }, MSG.docTypeInvalid],
    [{ frontKey: '' }, MSG.idPhotosRequired],
    [{ backKey: 'imgs/../../etc/passwd' }, MSG.uploadNotFound],
    [{ backKey: FRONT }, MSG.idPhotosRequired],
    [{ backKey: '' }, MSG.idPhotosRequired],
    [{ docType: 'my_number_card', backKey: undefined }, MSG.idPhotosRequired],
    [{ backKey: 'imgs/ZZZZZZZZZZZZZZZ.png' }, MSG.uploadNotFound],
  ])('refuses %p and stores nothing', async (override, msg) => {
    expect(body(await post(t.app, 'realNameSubmit', { ...kycForm, ...override }, session))).toEqual({ status: 0, msg, data: null });
    expect(await t.db.select().from(identityVerifications)).toEqual([]);
  });

  it('moves unverified → under review → rejected → (resubmit) → verified', async () => {
    const submitted = body(await post(t.app, 'realNameSubmit', kycForm, session));
    // The reading is stored as full-width katakana, whatever kana it was typed in.
    expect(submitted).toMatchObject({
      status: 1,
      msg: MSG.realNameSubmitted,
      data: { state: 'under_review', nameKana: 'ヤマダ\u3000タロウ', idNumberMasked: 'AB*****67', docType: 'driving_licence' },
    });
    expect(body(await post(t.app, 'realNameSubmit', kycForm, session))).toEqual({ status: 0, msg: MSG.realNameAlreadySubmitted, data: null });

    expect(body(await ops(`/kyc/${account}/reject`, {})).msg).toBe(MSG.reasonRequired);
    expect(body(await ops(`/kyc/${account}/reject`, { reason: 'photo is blurred' })).status).toBe(1);
    expect(body(await post(t.app, 'realNameStatus', {}, session)).data).toMatchObject({ state: 'rejected', rejectReason: 'photo is blurred' });
    expect(body(await post(t.app, 'info', {}, session)).data.verification).toEqual({ state: 'rejected', rejectReason: 'photo is blurred' });
    expect(body(await ops(`/kyc/${account}/approve`, {})).msg).toBe(MSG.kycNotUnderReview);

    // The rejected submission used its photos: a resubmission needs new ones.
    expect(body(await post(t.app, 'realNameSubmit', { ...kycForm, docType: 'passport' }, session)).msg).toBe(MSG.uploadNotFound);
    const now = t.clock.now();
    // A passport is one-sided: its front is enough, and a back sent with it is not claimed.
    const photos = {
      frontKey: await insertUpload(t.db, { owner: userId, purpose: 'kyc-front', now }),
      backKey: await insertUpload(t.db, { owner: userId, purpose: 'kyc-back', now }),
    };
    expect(body(await post(t.app, 'realNameSubmit', { ...kycForm, ...photos, docType: 'passport' }, session)).data.state).toBe('under_review');
    const [stored] = await t.db.select().from(identityVerifications).where(eq(identityVerifications.frontKey, photos.frontKey));
    expect(stored).toMatchObject({ docType: 'passport', backKey: null });
    expect(body(await ops(`/kyc/${account}/approve`, {})).status).toBe(1);
    const info = body(await post(t.app, 'info', {}, session)).data;
    expect(info.verification).toEqual({ state: 'verified', rejectReason: null });
    expect(info.realName).toBe('山田 太郎');
    expect(body(await post(t.app, 'realNameSubmit', kycForm, session)).msg).toBe(MSG.realNameAlreadySubmitted);
    const kinds = (await t.db.select().from(siteMessages).where(eq(siteMessages.userId, info.id))).map((m) => m.kind);
    expect(kinds).toEqual(expect.arrayContaining(['kyc_rejected', 'kyc_verified']));
  });
});

describe('site messages', () => {
  it('lists newest first with paging and unread count; detail marks read; read all', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.account);
    for (let i = 1; i <= 3; i += 1) {
      t.clock.advance(1000);
      await t.db.insert(siteMessages).values({
        userId: user.id,
        kind: 'test',
        title: { tw: `標題${i}`, jp: `タイトル${i}`, en: `Title ${i}` },
        body: { tw: `內容${i}`, jp: `本文${i}`, en: `Body ${i} ${'x'.repeat(80)}` },
        createdAt: t.clock.now(),
      });
    }
    const page1 = body(await post(t.app, 'messages', { page: 1, pageSize: 2, lang: 'en' }, session)).data;
    expect(page1).toMatchObject({ total: 3, page: 1, pageSize: 2, unread: 3 });
    expect(page1.list.map((m: { title: string }) => m.title)).toEqual(['Title 3', 'Title 2']);
    expect(page1.list[0].summary.endsWith('…')).toBe(true);
    const page2 = body(await post(t.app, 'messages', { page: 2, pageSize: 2, lang: 'jp' }, session)).data;
    expect(page2.list.map((m: { title: string }) => m.title)).toEqual(['タイトル1']);
    const id = page2.list[0].id;

    const detail = body(await post(t.app, 'messageDetail', { id, lang: 'hi' }, session)).data;
    expect(detail).toMatchObject({ id, title: 'Title 1', body: expect.stringContaining('Body 1') });
    expect(detail.readAt).not.toBeNull();
    expect(body(await post(t.app, 'messageUnread', {}, session)).data).toEqual({ unread: 2 });
    expect(body(await post(t.app, 'info', {}, session)).data.unreadMessages).toBe(2);

    const stranger = await login(t.app, (await createUser(t.db)).account);
    expect(body(await post(t.app, 'messageDetail', { id }, stranger)).msg).toBe(MSG.messageNotFound);
    expect(body(await post(t.app, 'messageRead', { id }, stranger)).msg).toBe(MSG.messageNotFound);
    expect(body(await post(t.app, 'messageRead', { all: '1' }, session)).data).toEqual({ unread: 0 });
  });
});
