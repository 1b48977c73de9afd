// The operators' CLI (`npm run ops -- …`, server/dist/ops-cli/cli.js) against the
// suite's server, with the suite's operator credential: tests act as the operator the
// way a real one does, through the same command line.
import { spawnSync } from 'child_process';
import path from 'path';
import { serverUrl } from './browser';

const CLI = path.resolve(__dirname, '..', '..', '..', 'server', 'dist', 'ops-cli', 'cli.js');

export function ops(...args: string[]): string {
  const token = process.env.KABUTO_E2E_OPERATOR_TOKEN;
  if (!token) throw new Error('KABUTO_E2E_OPERATOR_TOKEN is not set: run through e2e/jest.config.js (global setup)');
  const result = spawnSync('node', [CLI, ...args], {
    env: { ...process.env, KABUTO_URL: serverUrl(), KABUTO_OPERATOR_TOKEN: token },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`ops ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** A fresh operator-issued invitation code. */
export function issueInviteCode(): string {
  const lines = ops('invite', '--count', '1').trim().split('\n');
  const code = lines[lines.length - 1]?.trim();
  if (!code || !/^[A-Za-z0-9]{4,16}$/.test(code)) throw new Error(`no invitation code in:\n${lines.join('\n')}`);
  return code;
}

/** The newest 6-digit code the notification outbox holds for this account. */
export function latestOutboxCode(account: string): string {
  const text = ops('outbox', '--to', account, '--limit', '5');
  const code = /\b(\d{6})\b/.exec(text.replace(/\d{4}-\d{2}-\d{2}T[\d:.]+Z?/g, ''))?.[1];
  if (!code) throw new Error(`no code in the outbox for ${account}:\n${text}`);
  return code;
}

let accountCounter = 0;

/** A ten-digit mobile account no other test of this run uses. */
export function freshAccount(): string {
  accountCounter += 1;
  const tail = `${Date.now() % 1_000_000}`.padStart(6, '0');
  return `90${tail}${String(accountCounter).padStart(2, '0')}`;
}

/** The suite's server runs at any time of day: opens these funds windows round the clock (audited). */
export function openFundsWindowsAllDay(kinds: readonly ('deposit' | 'withdraw')[]): void {
  for (const kind of kinds) {
    ops('funds-config', `${kind}_time`, '00:00-24:00', '--reason', 'e2e: the browser suite runs around the clock');
    ops('funds-config', `${kind}_days`, 'mon-sun', '--reason', 'e2e: the browser suite runs around the clock');
  }
}
