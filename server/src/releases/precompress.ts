// Brotli and gzip copies of a release's text files, written once when the release is
// stored: a phone on slow 4G gets a quarter of the bytes, and the server does
// not compress the same immutable file on every request. The copies sit next to the
// originals (<file>.br, <file>.gz) and are not listed in release.json: the release is
// still exactly its build; a release stored before this existed is served uncompressed.
import { createReadStream } from 'node:fs';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { acceptedEncodings, type ContentEncoding } from '../http/compress';

const COMPRESSIBLE = new Set(['.js', '.mjs', '.json', '.css', '.svg', '.map', '.txt', '.html']);
/** Below this, compression does not pay for its headers. */
const MIN_BYTES = 1024;

const SUFFIX: Readonly<Record<ContentEncoding, string>> = { br: '.br', gzip: '.gz' };

/** Writes <file>.br and <file>.gz when the file is worth compressing. */
export async function precompressFile(file: string): Promise<void> {
  if (!COMPRESSIBLE.has(extname(file).toLowerCase())) return;
  const bytes = await readFile(file);
  if (bytes.length < MIN_BYTES) return;
  await writeFile(
    `${file}.br`,
    brotliCompressSync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
  );
  await writeFile(`${file}.gz`, gzipSync(bytes, { level: 9 }));
}

/** A precompressed copy of `file` the client accepts: its stream, encoding and size. */
export async function compressedVariant(file: string, acceptEncoding: string | string[] | undefined) {
  for (const encoding of acceptedEncodings(acceptEncoding)) {
    const variant = `${file}${SUFFIX[encoding]}`;
    const size = await stat(variant).then(
      (s) => (s.isFile() ? s.size : undefined),
      () => undefined,
    );
    if (size !== undefined) return { encoding, size, stream: () => createReadStream(variant) };
  }
  return undefined;
}
