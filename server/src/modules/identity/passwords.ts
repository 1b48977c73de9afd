// Password hashing with scrypt (node:crypto): per-password random salt, constant-time
// comparison, parameters stored with the hash so they can be raised later.
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** N = 2^15, r = 8, p = 1: about 32 MiB and tens of milliseconds per hash. */
const PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;

/**
 * Derivations running at once. node's scrypt runs on the libuv thread pool (4 threads by
 * default), which file reads and answer compression share: a burst of password checks (50
 * orders at once, each checking the fund password) took every thread for seconds and the
 * server's other answers waited behind them. Two at a time leaves the rest to them; the
 * others wait in order (FIFO), off the event loop. Nothing here calls scryptSync.
 */
export const MAX_CONCURRENT_DERIVATIONS = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  if (running >= MAX_CONCURRENT_DERIVATIONS) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await new Promise<Buffer>((resolve, reject) => {
      scryptCallback(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key)));
    });
  } finally {
    // The slot passes to the next waiter as it is (running stays counted), or is freed.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** Derivations running and waiting now (tests, the bench). */
export function derivationLoad(): { running: number; waiting: number } {
  return { running, waiting: waiting.length };
}

function maxmem(N: number, r: number): number {
  return 128 * N * r * 2;
}

/** 'scrypt$N$r$p$<salt b64url>$<hash b64url>' */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const { N, r, p } = PARAMS;
  const key = await scrypt(password, salt, KEY_LENGTH, { N, r, p, maxmem: maxmem(N, r) });
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((n) => Number.isSafeInteger(n) && n > 0)) return false;
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  if (expected.length === 0) return false;
  const key = await scrypt(password, salt, expected.length, { N, r, p, maxmem: maxmem(N, r) });
  return timingSafeEqual(key, expected);
}

/**
 * A hash nobody's password matches. Verifying against it when an account does not exist
 * takes as long as a real check, so response time does not reveal which accounts exist.
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  return decoy;
}
