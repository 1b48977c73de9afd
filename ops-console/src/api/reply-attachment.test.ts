import { MSG } from '@kabuto/shared-sdk/messages';
import { answer, fakeFetch } from '../testing/fake-fetch';
import { createOpsClient } from './ops-client';
import { REPLY_IMAGE_MAX_BYTES, replyImageKey, uploadReplyImage } from './reply-attachment';

const GRANT = { baseUrl: 'http://localhost/uploads/', policy: 'cG9saWN5', accessid: 'kabuto-uploads', signature: 'sig', key: 'imgs/AAAAAAAAAAAAAAA.png' };

function setUp(targetStatus = 200) {
  const { fetch, sent } = fakeFetch(answer(200, { status: 1, msg: '', data: GRANT }));
  const posts: { url: string; body: FormData }[] = [];
  const deps = {
    client: createOpsClient({ fetch, token: () => 'session' }),
    post: async (url: string, body: FormData) => {
      posts.push({ url, body });
      return { ok: targetStatus === 200, status: targetStatus };
    },
  };
  return { deps, sent, posts };
}

const png = (size = 10) => new File([new Uint8Array(size)], 'screen.png', { type: 'image/png' });

describe('an image for a support reply', () => {
  it('keys look like the customer app’s: imgs/ + 15 letters or digits + the type’s extension', () => {
    expect(replyImageKey('image/jpeg')).toMatch(/^imgs\/[A-Za-z0-9]{15}\.jpg$/);
    expect(replyImageKey('image/webp')).toMatch(/\.webp$/);
  });

  it('asks the conversation for a policy, then posts the policy’s fields and the file to the target', async () => {
    const { deps, sent, posts } = setUp();
    await expect(uploadReplyImage(deps, 42, png())).resolves.toBe(GRANT.key);
    expect(sent[0]).toMatchObject({
      method: 'POST',
      url: '/api/ops/support/conversations/42/attachments/policy',
      headers: { authorization: 'Bearer session' },
    });
    expect((sent[0]?.body as { key: string }).key).toMatch(/^imgs\/[A-Za-z0-9]{15}\.png$/);
    expect(posts[0]?.url).toBe(GRANT.baseUrl);
    const form = posts[0]?.body;
    expect([form?.get('key'), form?.get('policy'), form?.get('OSSAccessKeyId'), form?.get('signature'), form?.get('success_action_status')]).toEqual([
      GRANT.key,
      GRANT.policy,
      GRANT.accessid,
      GRANT.signature,
      '200',
    ]);
    expect(form?.get('file')).toBeInstanceOf(File);
  });

  it('refuses another type and an image over 5 MiB before asking anything; a refused upload says so', async () => {
    const { deps, sent } = setUp();
    await expect(uploadReplyImage(deps, 1, new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }))).rejects.toMatchObject({ msg: MSG.imageTypeNotAllowed });
    await expect(uploadReplyImage(deps, 1, png(REPLY_IMAGE_MAX_BYTES + 1))).rejects.toMatchObject({ msg: MSG.imageTooLarge });
    expect(sent).toHaveLength(0);
    const refused = setUp(400);
    await expect(uploadReplyImage(refused.deps, 1, png())).rejects.toMatchObject({ msg: MSG.networkErrorCode, httpStatus: 400 });
  });
});
