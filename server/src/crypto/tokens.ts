// Opaque random secrets (session tokens, operator credentials, one-time codes) and their stored form.
// Infrastructure: identity and ops both use it, so it belongs to neither.
import { createHash, randomBytes, randomInt } from 'node:crypto';

/** 256 random bits, base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What we store instead of a token: its sha256 (the token has 256 bits, no salt needed). */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Six decimal digits, uniformly drawn. */
export function newSixDigitCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** '9012345678' → '90****5678', for telling users where a code went. */
export function maskAccount(account: string): string {
  if (account.length < 6) return '*'.repeat(account.length);
  return `${account.slice(0, 2)}${'*'.repeat(account.length - 6)}${account.slice(-4)}`;
}
