// The SHA-256 the IPO draw and its verifier share, against the NIST examples (FIPS 180-4,
// "SHA256.pdf" and the long-message vector), in jsdom: the browser's side, where the bytes
// can come from another realm's TextEncoder (jsdom-platform) or Buffer.
import '../ui/test-utils/jsdom-platform';
import { sha256Hex } from './sha256';

const VECTORS: Array<[name: string, input: string, digest: string]> = [
  ['empty string', '', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
  ['"abc"', 'abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
  ['448-bit message', 'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq', '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1'],
  [
    '896-bit message',
    'abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu',
    'cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1',
  ],
  ['one million "a"', 'a'.repeat(1_000_000), 'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0'],
];

describe('sha256Hex', () => {
  it.each(VECTORS)('hashes the %s to the NIST digest', (_name, input, digest) => {
    expect(sha256Hex(input)).toBe(digest);
    expect(sha256Hex(new TextEncoder().encode(input))).toBe(digest);
  });

  it('hashes bytes as bytes and strings as their UTF-8', () => {
    expect(sha256Hex(Buffer.from('abc'))).toBe(VECTORS[1]![2]);
    expect(sha256Hex(new Uint8Array([0xe6, 0xa0, 0xaa]))).toBe(sha256Hex('株'));
    expect(sha256Hex('abd')).not.toBe(VECTORS[1]![2]);
  });
});
