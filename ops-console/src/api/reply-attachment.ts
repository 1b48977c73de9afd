// An image for a support reply: a key made here, an upload policy from the conversation (owner:
// its customer, purpose support-attachment), then the multipart POST to the upload target the
// policy names. The target checks type and size again; these checks only spare a useless upload.
import { MSG } from '@kabuto/shared-sdk/messages';
import { OpsRefusal, type OpsClient } from './ops-client';
import { OPS_ROUTES } from './route-table';

/** The customers' rules (server/src/modules/common/upload/policy.ts UPLOAD_MAX_BYTES; image-sniff.ts). */
export const REPLY_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const EXTENSIONS: Readonly<Record<string, string>> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };
export const REPLY_IMAGE_TYPES = Object.keys(EXTENSIONS);

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** imgs/ + 15 random letters or digits + the type's extension, as the customer app makes keys. */
export function replyImageKey(type: string, random: (bytes: Uint8Array) => void = (b) => crypto.getRandomValues(b)): string {
  let name = '';
  const bytes = new Uint8Array(32);
  // Bytes at or above the largest multiple of 62 are skipped, so every character is equally likely.
  const limit = 256 - (256 % ALPHABET.length);
  while (name.length < 15) {
    random(bytes);
    for (const byte of bytes) if (byte < limit && name.length < 15) name += ALPHABET[byte % ALPHABET.length];
  }
  return `imgs/${name}.${EXTENSIONS[type] ?? 'png'}`;
}

interface PolicyGrant {
  baseUrl: string;
  policy: string;
  accessid: string;
  signature: string;
  key: string;
}

/** What the upload needs of the page: the session's client and a fetch for the multipart POST. */
export interface ReplyUploadDeps {
  client: OpsClient;
  post: (url: string, body: FormData) => Promise<{ ok: boolean; status: number }>;
}

/** Uploads `file` for conversation `conversationId`; resolves with its key for the reply, or throws OpsRefusal. */
export async function uploadReplyImage(deps: ReplyUploadDeps, conversationId: number, file: File): Promise<string> {
  if (!REPLY_IMAGE_TYPES.includes(file.type)) throw new OpsRefusal(MSG.imageTypeNotAllowed, 0, null);
  if (file.size > REPLY_IMAGE_MAX_BYTES) throw new OpsRefusal(MSG.imageTooLarge, 0, null);
  const key = replyImageKey(file.type);
  const grant = await deps.client.call<PolicyGrant>(OPS_ROUTES.supportAttachments.policy, { params: { id: conversationId }, body: { key } });
  const form = new FormData();
  form.append('key', grant.key);
  form.append('policy', grant.policy);
  form.append('OSSAccessKeyId', grant.accessid);
  form.append('success_action_status', '200');
  form.append('signature', grant.signature);
  form.append('file', file, file.name);
  const sent = await deps.post(grant.baseUrl, form);
  // The target answers in S3's shape ({code, message}), not the envelope: its status is what we show.
  if (!sent.ok) throw new OpsRefusal(MSG.networkErrorCode, sent.status, null);
  return grant.key;
}
