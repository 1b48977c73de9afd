// SHA-256 from @noble/hashes (audited, synchronous, the same in the browser, Node and jest), so
// the IPO draw and its verifier share one code path: node:crypto is absent in the browser, and
// SubtleCrypto is async and missing on plain-http pages.
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

/** SHA-256 of bytes (or of a string's UTF-8 bytes) as 64 lower-case hex digits. */
export function sha256Hex(input: string | Uint8Array): string {
  if (typeof input === 'string') return bytesToHex(sha256(utf8ToBytes(input)));
  // noble refuses bytes that are not this realm's Uint8Array (a Node Buffer inside jest's
  // jsdom is one); a copy makes them so.
  return bytesToHex(sha256(input instanceof Uint8Array ? input : Uint8Array.from(input)));
}
