// Image upload (spec §7, §8): a multipart POST-policy upload straight to the storage
// target the policy names; the image URL is baseUrl + key.
import { TOAST_MS } from '../constants';
import { MSG } from '../messages/catalogue';
import { messageText, translateMessage } from '../messages/translate';
import { getHost } from '../protocol/host';
import { fetchWithTimeout } from '../protocol/transport';
import { compressImage } from './compress';
import { makeUploadKey } from './key';
import { getUploadPolicy, type UploadPurpose } from './policy';

export const ALLOWED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

const EXTENSIONS: Readonly<Record<string, string>> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

export interface UploadOptions {
  /** What the image is for; the policy is bound to it (and to the user and the key). */
  purpose: UploadPurpose;
  /** Receives the translated 'image uploading' text instead of a toast. */
  onProgress?(text: string): void;
  /** Receives the image URL; without it a toast says 'upload success'. */
  onSuccess?(url: string): void;
  signal?: AbortSignal;
}

export function isAllowedImageType(type: string): boolean {
  return (ALLOWED_IMAGE_TYPES as readonly string[]).includes(type);
}

/** baseUrl + key with exactly one slash between them. */
export function imageUrl(baseUrl: string, key: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/${key.replace(/^\/+/, '')}`;
}

function toast(text: string): void {
  getHost().toast(text, TOAST_MS);
}

/**
 * Compresses the picture (see compressImage), fetches a policy, and posts the form
 * fields name, key, policy, OSSAccessKeyId, success_action_status, signature, then the
 * file (storage targets require the file last). Resolves with the image URL; rejects
 * with an Error after toasting the reason.
 */
export async function uploadImage(file: Blob, fileName: string, opts: UploadOptions): Promise<string> {
  const lang = getHost().getLang();
  if (!isAllowedImageType(file.type)) {
    toast(translateMessage(MSG.imageTypeNotAllowed, lang));
    throw new Error(MSG.imageTypeNotAllowed);
  }
  const uploading = messageText('imageUploading', lang);
  if (opts.onProgress) opts.onProgress(uploading);
  else toast(uploading);

  const image = await compressImage(file);
  // The key is made first: the policy is issued for exactly this key.
  const key = makeUploadKey(EXTENSIONS[image.type] ?? EXTENSIONS[file.type] ?? '');
  let policy;
  try {
    policy = await getUploadPolicy({ purpose: opts.purpose, key }, opts.signal);
  } catch (error) {
    const key = error instanceof Error ? error.message : MSG.systemBusy;
    if (key !== MSG.loginRequired) toast(translateMessage(key, lang));
    throw error;
  }
  const form = new FormData();
  form.append('name', fileName);
  form.append('key', key);
  form.append('policy', policy.policy);
  form.append('OSSAccessKeyId', policy.accessid);
  form.append('success_action_status', '200');
  form.append('signature', policy.signature);
  form.append('file', image, fileName);

  const sent = await fetchWithTimeout(policy.baseUrl, { method: 'POST', body: form }, opts.signal);
  if (sent.kind !== 'answer') {
    toast(translateMessage(MSG.systemBusy, lang));
    throw new Error(MSG.systemBusy);
  }
  if (sent.httpStatus !== 200) {
    const text = `${messageText('networkErrorCode', lang)}${sent.httpStatus}`;
    toast(text);
    throw new Error(`network error code=${sent.httpStatus}`);
  }
  // Private objects are shown through the owner's signed GET URL (it ends with the key too).
  const url = policy.url ?? imageUrl(policy.baseUrl, key);
  if (opts.onSuccess) opts.onSuccess(url);
  else toast(messageText('uploadSuccess', lang));
  return url;
}
