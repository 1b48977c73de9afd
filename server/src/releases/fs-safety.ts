// File-system helpers that keep the releases folder consistent when a process dies
// half-way or two operators act at once.
import { randomBytes } from 'node:crypto';
import { open, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { ReleaseError } from './errors';

/**
 * Replaces `file` with `content` so readers see either the old or the new bytes,
 * never a torn file: write a temp file beside it, fsync, rename over, fsync the folder.
 */
export async function writeFileAtomic(file: string, content: string): Promise<void> {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const handle = await open(temp, 'wx', 0o644);
  try {
    await handle.writeFile(content, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncDir(dirname(file));
}

/** Appends one line and fsyncs; a single small append is not interleaved with others. */
export async function appendLineDurably(file: string, line: string): Promise<void> {
  const handle = await open(file, 'a', 0o644);
  try {
    await handle.appendFile(`${line}\n`, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The rename above is only durable once the folder entry is on disk too. */
async function syncDir(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // Some platforms (Windows) cannot open or fsync a directory; the rename still happened.
  } finally {
    await handle?.close();
  }
}

const LOCK_FILE = '.lock';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Runs `work` while holding `<dir>/.lock`, so two releases or rollbacks never
 * read-modify-write registry.json at the same time. A lock left by a dead process is taken over.
 */
export async function withReleasesLock<T>(dir: string, work: () => Promise<T>): Promise<T> {
  const lockFile = join(dir, LOCK_FILE);
  for (let attempt = 0; ; attempt += 1) {
    try {
      const handle = await open(lockFile, 'wx', 0o644);
      await handle.writeFile(String(process.pid));
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw lockError(lockFile, error);
      const holder = Number((await readFile(lockFile, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) throw lockError(lockFile, error, holder);
      await rm(lockFile, { force: true });
    }
  }
  try {
    return await work();
  } finally {
    await rm(lockFile, { force: true });
  }
}

function lockError(lockFile: string, cause: unknown, holder?: number): Error {
  if ((cause as NodeJS.ErrnoException).code !== 'EEXIST') return cause as Error;
  const who = holder ? `process ${holder}` : 'another process';
  return new ReleaseError('LOCKED', `Another release or rollback is in progress (${who} holds ${lockFile}).`);
}
