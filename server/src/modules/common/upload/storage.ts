// Files of accepted uploads, under ${dataDir}/uploads/<key>. The uploads table is the
// authority on which keys exist; a file only becomes visible under its final name by an
// atomic rename, so a reader never sees half an image.
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';

export class UploadStorage {
  readonly root: string;

  constructor(dataDir: string) {
    this.root = join(dataDir, 'uploads');
  }

  /** Path of an object key; refuses anything that would land outside the uploads folder. */
  pathOf(key: string): string {
    const path = join(this.root, key);
    const inside = relative(this.root, path);
    if (inside === '' || inside.startsWith('..') || inside.split(sep).includes('..')) {
      throw new Error(`object key escapes the uploads folder: ${key}`);
    }
    return path;
  }

  /** Writes the bytes beside their final place; commit() or discard() the result. */
  async stage(key: string, bytes: Buffer): Promise<StagedFile> {
    const finalPath = this.pathOf(key);
    await mkdir(dirname(finalPath), { recursive: true });
    const tempPath = `${finalPath}.${randomBytes(6).toString('hex')}.part`;
    await writeFile(tempPath, bytes, { flag: 'wx', mode: 0o644 });
    return {
      commit: () => rename(tempPath, finalPath),
      discard: () => rm(tempPath, { force: true }),
    };
  }
}

export interface StagedFile {
  commit(): Promise<void>;
  discard(): Promise<void>;
}
