import { TOAST_MS, UPLOAD_NAME_LENGTH } from '../constants';
import { MSG } from '../messages/catalogue';
import { resetHost } from '../protocol/host';
import { unauthorizedRedirectDone } from '../protocol/unauthorized';
import { installFakeFetch, installRecordingHost, json } from '../test-utils/protocol';
import { compressImage, scaledSize } from './compress';
import { makeUploadKey, randomName } from './key';
import { getUploadPolicy } from './policy';
import { imageUrl, uploadImage } from './upload';
import { ROUTES } from '../routes/route-table';

const REQUEST = { purpose: 'kyc-front', key: 'imgs/AAAAAAAAAAAAAAA.png' } as const;
const POLICY = { baseUrl: 'https://bucket.example.com/', policy: 'cG9s', accessid: 'AKID', signature: 'c2ln' };

beforeEach(() => {
  localStorage.clear();
  unauthorizedRedirectDone();
});
afterEach(() => resetHost());

describe('makeUploadKey', () => {
  it("is 'imgs/' + 15 random letters or digits + the extension", () => {
    expect(makeUploadKey('jpg')).toMatch(/^imgs\/[A-Za-z0-9]{15}\.jpg$/);
    expect(makeUploadKey('.PNG')).toMatch(/^imgs\/[A-Za-z0-9]{15}\.png$/);
    expect(makeUploadKey('')).toMatch(/^imgs\/[A-Za-z0-9]{15}$/);
  });

  it('differs between calls and uses the whole alphabet', () => {
    const names = Array.from({ length: 200 }, () => randomName());
    expect(new Set(names).size).toBe(200);
    expect(names.every((n) => n.length === UPLOAD_NAME_LENGTH)).toBe(true);
    const chars = new Set(names.join(''));
    expect(chars.size).toBe(62);
  });
});

describe('scaledSize', () => {
  it('fits the long side into 1600 px and never scales up', () => {
    expect(scaledSize(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(scaledSize(1000, 5000)).toEqual({ width: 320, height: 1600 });
    expect(scaledSize(1600, 900)).toEqual({ width: 1600, height: 900 });
    expect(scaledSize(800, 600)).toEqual({ width: 800, height: 600 });
  });
});

describe('compressImage', () => {
  afterEach(() => {
    delete (globalThis as { createImageBitmap?: unknown }).createImageBitmap;
  });

  it('returns the file unchanged where the browser cannot draw it', async () => {
    const file = new Blob(['x'], { type: 'image/png' });
    await expect(compressImage(file)).resolves.toBe(file);
  });

  it('redraws a large picture as JPEG within 1600 px', async () => {
    const close = jest.fn();
    (globalThis as { createImageBitmap?: unknown }).createImageBitmap = jest.fn(async () => ({ width: 3200, height: 2400, close }));
    const drawImage = jest.fn();
    jest
      .spyOn(HTMLCanvasElement.prototype, 'getContext')
      .mockReturnValue({ drawImage, fillRect: jest.fn(), fillStyle: '' } as unknown as CanvasRenderingContext2D);
    const jpeg = new Blob(['small'], { type: 'image/jpeg' });
    const toBlob = jest.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (this: HTMLCanvasElement, cb: BlobCallback, type?: string) {
      expect([this.width, this.height, type]).toEqual([1600, 1200, 'image/jpeg']);
      cb(jpeg);
    });
    await expect(compressImage(new Blob(['x'.repeat(100)], { type: 'image/png' }))).resolves.toBe(jpeg);
    expect(drawImage).toHaveBeenCalledWith(expect.anything(), 0, 0, 1600, 1200);
    expect(toBlob).toHaveBeenCalledTimes(1);
    expect(close).toHaveBeenCalled();
  });

  it('keeps a small original that re-encoding would only make bigger', async () => {
    (globalThis as { createImageBitmap?: unknown }).createImageBitmap = jest.fn(async () => ({ width: 100, height: 100, close: jest.fn() }));
    jest
      .spyOn(HTMLCanvasElement.prototype, 'getContext')
      .mockReturnValue({ drawImage: jest.fn(), fillRect: jest.fn(), fillStyle: '' } as unknown as CanvasRenderingContext2D);
    jest.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((cb: BlobCallback) => cb(new Blob(['x'.repeat(50)])));
    const original = new Blob(['tiny'], { type: 'image/jpeg' });
    await expect(compressImage(original)).resolves.toBe(original);
  });
});

describe('getUploadPolicy', () => {
  it('GETs {base}/common/upload with the session headers', async () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('account', '9012345678');
    const calls = installFakeFetch(json(200, POLICY));
    await expect(getUploadPolicy(REQUEST)).resolves.toEqual(POLICY);
    expect(calls[0]).toMatchObject({
      url: `${location.origin}/api/common/upload?purpose=kyc-front&key=imgs%2FAAAAAAAAAAAAAAA.png`,
      method: 'GET',
      headers: { token: 'tok' },
    });
  });

  it('accepts the policy inside an envelope and rejects a failure with its message', async () => {
    installFakeFetch(json(200, { status: 1, data: POLICY }), json(200, { status: 0, msg: MSG.notOpen }), json(200, { status: 1, data: {} }));
    await expect(getUploadPolicy(REQUEST)).resolves.toEqual(POLICY);
    await expect(getUploadPolicy(REQUEST)).rejects.toThrow(MSG.notOpen);
    await expect(getUploadPolicy(REQUEST)).rejects.toThrow(MSG.systemBusy);
  });

  it('sends an ended session to logon', async () => {
    const host = installRecordingHost();
    installFakeFetch(json(401, {}));
    await expect(getUploadPolicy(REQUEST)).rejects.toThrow(MSG.loginRequired);
    expect(host.navigations).toEqual([`${ROUTES.sessionEnded}?v=2`]);
  });
});

describe('uploadImage', () => {
  it('posts the policy form with the file last and resolves with baseUrl + key', async () => {
    const host = installRecordingHost('en');
    const calls = installFakeFetch(json(200, POLICY), { status: 200, body: '' });
    const url = await uploadImage(new Blob(['img'], { type: 'image/png' }), 'front.png', { purpose: 'kyc-front' });

    expect(url).toMatch(/^https:\/\/bucket\.example\.com\/imgs\/[A-Za-z0-9]{15}\.png$/);
    const post = calls[1]!;
    expect(post.url).toBe(POLICY.baseUrl);
    expect(post.method).toBe('POST');
    const form = post.body as FormData;
    expect(Array.from(form.keys())).toEqual(['name', 'key', 'policy', 'OSSAccessKeyId', 'success_action_status', 'signature', 'file']);
    expect(form.get('name')).toBe('front.png');
    expect(form.get('OSSAccessKeyId')).toBe('AKID');
    expect(form.get('success_action_status')).toBe('200');
    expect(form.get('signature')).toBe('c2ln');
    expect(url).toBe(imageUrl(POLICY.baseUrl, String(form.get('key'))));
    expect(host.toasts).toEqual([
      { text: 'image uploading', durationMs: TOAST_MS },
      { text: 'upload success', durationMs: TOAST_MS },
    ]);
  });

  it('asks the policy for the key it then posts, and resolves with the signed URL the policy came with', async () => {
    installRecordingHost('en');
    const signed = 'https://kabuto.example/uploads/signed/1767225600/c2ln/imgs/AAAAAAAAAAAAAAA.jpg';
    const calls = installFakeFetch(json(200, { ...POLICY, url: signed }), { status: 200, body: '' });
    const url = await uploadImage(new Blob(['img'], { type: 'image/jpeg' }), 'proof.jpg', { purpose: 'deposit-proof', onSuccess: () => undefined });
    const asked = new URL(calls[0]!.url);
    const posted = (calls[1]!.body as FormData).get('key');
    expect(asked.searchParams.get('purpose')).toBe('deposit-proof');
    expect(asked.searchParams.get('key')).toBe(posted);
    expect(url).toBe(signed);
  });

  it('reports progress and success through the callbacks instead of toasts', async () => {
    const host = installRecordingHost('jp');
    installFakeFetch(json(200, POLICY), { status: 200, body: '' });
    const onProgress = jest.fn();
    const onSuccess = jest.fn();
    const url = await uploadImage(new Blob(['img'], { type: 'image/jpeg' }), 'a.jpg', { purpose: 'deposit-proof', onProgress, onSuccess });
    expect(onProgress).toHaveBeenCalledWith('画像をアップロード中');
    expect(onSuccess).toHaveBeenCalledWith(url);
    expect(host.toasts).toEqual([]);
  });

  it("toasts 'network error code=' + status on a non-200 answer and rejects", async () => {
    const host = installRecordingHost('en');
    installFakeFetch(json(200, POLICY), { status: 403, body: '<Error/>' });
    await expect(uploadImage(new Blob(['img'], { type: 'image/webp' }), 'a.webp', { purpose: 'kyc-back' })).rejects.toThrow('network error code=403');
    expect(host.toasts.at(-1)).toEqual({ text: 'network error code=403', durationMs: TOAST_MS });
  });

  it('accepts only jpeg, png and webp images', async () => {
    const host = installRecordingHost('en');
    const calls = installFakeFetch(json(200, POLICY));
    await expect(uploadImage(new Blob(['gif'], { type: 'image/gif' }), 'a.gif', { purpose: 'avatar' })).rejects.toThrow(MSG.imageTypeNotAllowed);
    await expect(uploadImage(new Blob(['pdf'], { type: 'application/pdf' }), 'a.pdf', { purpose: 'avatar' })).rejects.toThrow(MSG.imageTypeNotAllowed);
    expect(calls).toHaveLength(0);
    expect(host.toasts[0]?.text).toBe('Only JPG, PNG or WEBP images are allowed');
  });

  it('joins baseUrl and key with one slash', () => {
    expect(imageUrl('https://b.example.com', 'imgs/a.jpg')).toBe('https://b.example.com/imgs/a.jpg');
    expect(imageUrl('https://b.example.com/', 'imgs/a.jpg')).toBe('https://b.example.com/imgs/a.jpg');
  });
});
