// The upload target's checks, in the order an OSS-style target applies them: who signed
// it, what it allows, whether it is still valid, then what is being stored.
import { UPLOAD_NAME_LENGTH } from '@kabuto/shared-sdk/constants';
import type { Clock } from '../../../clock';
import { decodePolicy, signatureMatches, UPLOAD_ACCESS_ID, UPLOAD_KEY_PREFIX, type UploadPolicyRules } from './policy';
import { EXTENSION_KINDS, hasAcceptableDimensions, type ImageKind, type SniffedImage, sniffImage } from './image-sniff';

export interface UploadRefusal {
  httpStatus: 400 | 403 | 409;
  code: string;
  message: string;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; refusal: UploadRefusal };

const refuse = (httpStatus: UploadRefusal['httpStatus'], code: string, message: string): { ok: false; refusal: UploadRefusal } => ({
  ok: false,
  refusal: { httpStatus, code, message },
});

/** imgs/ + 15 letters or digits + an image extension. Nothing else can be stored. */
const KEY_SHAPE = new RegExp(`^${UPLOAD_KEY_PREFIX}[A-Za-z0-9]{${UPLOAD_NAME_LENGTH}}\\.([A-Za-z]+)$`);

export interface UploadFormFields {
  key?: string;
  policy?: string;
  OSSAccessKeyId?: string;
  signature?: string;
  success_action_status?: string;
}

export interface AuthorisedUpload {
  key: string;
  rules: UploadPolicyRules;
  /** What the key's extension promises the content is. */
  expectedKind: ImageKind;
}

/** The extension-to-content promise of a well-formed key, or null. */
export function kindOfKey(key: string): ImageKind | null {
  if (key.includes('..')) return null;
  const extension = KEY_SHAPE.exec(key)?.[1]?.toLowerCase();
  return extension === undefined ? null : (EXTENSION_KINDS[extension] ?? null);
}

/** Everything that can be checked before reading the file. */
export function authoriseUpload(fields: UploadFormFields, opts: { secret: string; clock: Clock }): Checked<AuthorisedUpload> {
  const { key, policy, OSSAccessKeyId: accessId, signature } = fields;
  if (!key || !policy || !accessId || !signature) {
    return refuse(400, 'InvalidArgument', 'key, policy, OSSAccessKeyId and signature are required, before the file');
  }
  if (!signatureMatches(opts.secret, policy, signature)) {
    return refuse(403, 'SignatureDoesNotMatch', 'The signature does not match the policy');
  }
  const rules = decodePolicy(policy);
  if (!rules) return refuse(400, 'InvalidPolicyDocument', 'The policy document cannot be read');
  if (opts.clock.now().getTime() >= rules.expiration.getTime()) {
    return refuse(403, 'AccessDenied', 'Invalid according to Policy: Policy expired');
  }
  if (accessId !== UPLOAD_ACCESS_ID) return refuse(403, 'InvalidAccessKeyId', 'The access id is unknown');
  if (!key.startsWith(rules.keyPrefix) || !key.startsWith(UPLOAD_KEY_PREFIX)) {
    return refuse(403, 'AccessDenied', `Invalid according to Policy: the key must start with ${UPLOAD_KEY_PREFIX}`);
  }
  const expectedKind = kindOfKey(key);
  if (!expectedKind) {
    return refuse(
      400,
      'InvalidObjectName',
      `The key must be ${UPLOAD_KEY_PREFIX} followed by ${UPLOAD_NAME_LENGTH} letters or digits and .png, .jpg, .jpeg or .webp`,
    );
  }
  // The policy names one key: it cannot be spent on another object (S3's ["eq", "$key", …]).
  if (key !== rules.key) return refuse(403, 'AccessDenied', 'Invalid according to Policy: the key is not the one the policy was issued for');
  return { ok: true, value: { key, rules, expectedKind } };
}

/** Checks of the file itself: size within the policy, real image bytes matching the key. */
export function checkImage(bytes: Buffer, upload: AuthorisedUpload): Checked<SniffedImage> {
  if (bytes.length < upload.rules.minBytes) {
    return refuse(400, 'EntityTooSmall', `The file must be at least ${upload.rules.minBytes} bytes`);
  }
  if (bytes.length > upload.rules.maxBytes) {
    return refuse(400, 'EntityTooLarge', `The file must be at most ${upload.rules.maxBytes} bytes`);
  }
  const image = sniffImage(bytes);
  if (!image) return refuse(400, 'InvalidImage', 'The file is not a PNG, JPEG or WebP image');
  if (image.kind !== upload.expectedKind) {
    return refuse(400, 'InvalidImage', `The file is a ${image.kind} image but the key promises ${upload.expectedKind}`);
  }
  if (!hasAcceptableDimensions(image)) {
    return refuse(400, 'InvalidImage', `The image size ${image.width}x${image.height} is not accepted`);
  }
  return { ok: true, value: image };
}
