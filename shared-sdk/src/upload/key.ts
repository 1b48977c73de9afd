// Object keys of uploaded images (spec §7): 'imgs/' + 15 random letters/digits + extension.
import { UPLOAD_NAME_LENGTH } from '../constants';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
// Bytes at or above this are redrawn, so each of the 62 characters is equally likely.
const UNBIASED_LIMIT = 256 - (256 % ALPHABET.length);

/** `length` random characters of [A-Za-z0-9] from the platform's CSPRNG. */
export function randomName(length: number = UPLOAD_NAME_LENGTH): string {
  let out = '';
  const bytes = new Uint8Array(length * 2);
  while (out.length < length) {
    crypto.getRandomValues(bytes);
    for (const byte of bytes) {
      if (byte < UNBIASED_LIMIT && out.length < length) out += ALPHABET[byte % ALPHABET.length];
    }
  }
  return out;
}

/** makeUploadKey('jpg') or makeUploadKey('.JPG') → 'imgs/aB3…(15)….jpg'. */
export function makeUploadKey(ext: string): string {
  const clean = ext.replace(/^\./, '').toLowerCase();
  return `imgs/${randomName()}${clean ? `.${clean}` : ''}`;
}

// The key at the end of an uploaded image's URL (baseUrl + key).
const KEY_AT_END = /imgs\/[A-Za-z0-9]{15}\.[A-Za-z0-9]{1,5}$/;

/** The upload key inside an uploaded image's URL, or null: the server is given the key, never a URL it would have to trust. */
export function uploadKeyOf(url: string): string | null {
  return KEY_AT_END.exec(url)?.[0] ?? null;
}
