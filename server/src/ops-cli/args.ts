// Parsing of `npm run ops -- <command> [args]` into the operator API call it makes.
import { normaliseAccount } from '@kabuto/shared-sdk/schemas';
import { FUNDS_USAGE, parseFundsCommand } from './funds-commands';
import { CREDIT_USAGE, CREDIT_VALUE_FLAGS, parseCreditCommand } from './credit-commands';
import { parseRewardsCommand, REWARDS_USAGE, REWARDS_VALUE_FLAGS } from './rewards-commands';
import { DIVIDEND_USAGE, DIVIDEND_VALUE_FLAGS, parseDividendCommand } from './dividend-commands';
import { TRUST_USAGE, TRUST_VALUE_FLAGS, parseTrustCommand } from './trust-commands';
import { IPO_USAGE, IPO_VALUE_FLAGS, parseIpoCommand } from './ipo-commands';
import { CLOCK_USAGE, CLOCK_VALUE_FLAGS, parseClockCommand } from './clock-commands';
import { BLOCK_USAGE, BLOCK_VALUE_FLAGS, parseBlockCommand } from './block-commands';
import { NEWS_BOOLEAN_FLAGS, NEWS_USAGE, NEWS_VALUE_FLAGS, parseNewsCommand } from './news-commands';
import type { ParseResult } from './call';
import { OPERATOR_USAGE, OPERATOR_VALUE_FLAGS, parseOperatorCommand } from './operator-commands';

export type { HttpMethod, OpsCall, ParseResult } from './call';

export const USAGE = `Usage: npm run ops -- <command> [args]

  invite [--count N] [--reason text]        issue operator invitation codes
  users [--q text]                          list users (account contains text)
  user <account>                            one user's role, restrictions, lock, verification
  freeze <account> --reason note [--customer-reason text]   freeze (ends every session; text: told at sign-in)
  unfreeze <account> --reason text          lift a freeze (next login needs a one-time code)
  ban-login <account> --reason note [--customer-reason text]   bar logging in (ends every session; same)
  disable <account> --reason note [--customer-reason text]     disable the account (ends every session; same)
  ban-trade <account> --reason note [--customer-reason text]      bar trading (note: internal; text: told to the customer)
  ban-withdraw <account> --reason note [--customer-reason text]   bar withdrawals (same)
  lift <restriction> <account> --reason text   lift frozen|login_banned|disabled|trade_banned|withdraw_banned
  unlock <account> --reason text            clear a lockout after wrong passwords
  kyc-queue                                 identity verifications waiting for review
  kyc-approve <account> [--reason text]     approve the pending verification
  kyc-reject <account> --reason text        reject it (the reason is shown to the customer)
  set-role <account> member|institution|agent [--rebate 0.1] --reason text
  set-vip <account> <level> --reason text   VIP level 0–10
  outbox [--to account] [--limit N]         notifications sent (codes, alerts)
  audit [--account account] [--limit N]     operator actions, newest first

Environment: KABUTO_URL (default http://localhost:8080), KABUTO_OPERATOR_TOKEN or
<KABUTO_DATA_DIR or ./data>/operator-token. Exit codes: 0 done, 1 refused or failed, 2 usage.
${OPERATOR_USAGE}${FUNDS_USAGE}${CREDIT_USAGE}${DIVIDEND_USAGE}${REWARDS_USAGE}${NEWS_USAGE}${IPO_USAGE}${BLOCK_USAGE}${CLOCK_USAGE}${TRUST_USAGE}`;

const RESTRICTION_COMMANDS: Record<string, { restriction: string; on: boolean }> = {
  freeze: { restriction: 'frozen', on: true },
  unfreeze: { restriction: 'frozen', on: false },
  'ban-login': { restriction: 'login_banned', on: true },
  disable: { restriction: 'disabled', on: true },
  'ban-trade': { restriction: 'trade_banned', on: true },
  'ban-withdraw': { restriction: 'withdraw_banned', on: true },
};
const RESTRICTIONS = ['frozen', 'login_banned', 'disabled', 'trade_banned', 'withdraw_banned'];
const VALUE_FLAGS = new Set([
  'customer-reason',
  'count',
  'reason',
  'q',
  'rebate',
  'to',
  'limit',
  'account',
  'state',
  ...NEWS_VALUE_FLAGS,
  ...CREDIT_VALUE_FLAGS,
  ...REWARDS_VALUE_FLAGS,
  ...DIVIDEND_VALUE_FLAGS,
  ...IPO_VALUE_FLAGS,
  ...BLOCK_VALUE_FLAGS,
  ...OPERATOR_VALUE_FLAGS,
  ...CLOCK_VALUE_FLAGS,
  ...TRUST_VALUE_FLAGS,
]);
const BOOLEAN_FLAGS: ReadonlySet<string> = new Set(NEWS_BOOLEAN_FLAGS);

interface Split {
  positional: string[];
  flags: Record<string, string>;
}

function split(args: string[]): Split | string {
  const positional: string[] = [];
  const flags: Record<string, string> = {};
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    if (BOOLEAN_FLAGS.has(name) && eq === -1) {
      flags[name] = 'true';
      continue;
    }
    if (!VALUE_FLAGS.has(name)) return `unknown option --${name}`;
    const value = eq === -1 ? args[++i] : arg.slice(eq + 1);
    if (value === undefined || value === '') return `--${name} needs a value`;
    flags[name] = value;
  }
  return { positional, flags };
}

function account(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  const normalised = normaliseAccount(raw);
  return /^\d{10}$/.test(normalised) ? normalised : null;
}

function query(params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) search.set(k, v);
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function parseOpsArgs(argv: string[]): ParseResult {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help') return { ok: false, error: USAGE };
  const parts = split(rest);
  if (typeof parts === 'string') return { ok: false, error: parts };
  const { positional, flags } = parts;
  const needAccount = (index = 0): string | { error: string } => account(positional[index]) ?? { error: `${command}: give a ten-digit account` };
  const needReason = (): string | { error: string } => flags.reason ?? { error: `${command}: --reason is required (it goes into the audit log)` };
  const fail = (error: string): ParseResult => ({ ok: false, error });

  switch (command) {
    case 'invite': {
      const count = flags.count ?? '1';
      if (!/^\d+$/.test(count) || Number(count) < 1 || Number(count) > 50) return fail('invite: --count must be 1–50');
      return { ok: true, call: { command, method: 'POST', path: '/api/ops/invites', body: { count: Number(count), reason: flags.reason } } };
    }
    case 'users':
      return { ok: true, call: { command, method: 'GET', path: `/api/ops/users${query({ q: flags.q })}` } };
    case 'user': {
      const a = needAccount();
      if (typeof a !== 'string') return fail(a.error);
      return { ok: true, call: { command, method: 'GET', path: `/api/ops/users/${a}` } };
    }
    case 'lift': {
      const restriction = positional[0];
      if (!restriction || !RESTRICTIONS.includes(restriction)) return fail(`lift: restriction must be one of ${RESTRICTIONS.join(', ')}`);
      const a = needAccount(1);
      if (typeof a !== 'string') return fail(a.error);
      const reason = needReason();
      if (typeof reason !== 'string') return fail(reason.error);
      return { ok: true, call: { command, method: 'POST', path: `/api/ops/users/${a}/restrictions`, body: { restriction, on: false, reason } } };
    }
    case 'unlock':
    case 'kyc-reject': {
      const a = needAccount();
      if (typeof a !== 'string') return fail(a.error);
      const reason = needReason();
      if (typeof reason !== 'string') return fail(reason.error);
      const path = command === 'unlock' ? `/api/ops/users/${a}/unlock` : `/api/ops/kyc/${a}/reject`;
      return { ok: true, call: { command, method: 'POST', path, body: { reason } } };
    }
    case 'kyc-queue':
      return { ok: true, call: { command, method: 'GET', path: '/api/ops/kyc?state=under_review' } };
    case 'kyc-approve': {
      const a = needAccount();
      if (typeof a !== 'string') return fail(a.error);
      return { ok: true, call: { command, method: 'POST', path: `/api/ops/kyc/${a}/approve`, body: { reason: flags.reason } } };
    }
    case 'set-role': {
      const a = needAccount();
      if (typeof a !== 'string') return fail(a.error);
      const role = positional[1];
      if (role !== 'member' && role !== 'institution' && role !== 'agent') return fail('set-role: role must be member, institution or agent');
      let rebateRatio: number | undefined;
      if (flags.rebate !== undefined) {
        rebateRatio = Number(flags.rebate);
        if (!Number.isFinite(rebateRatio) || rebateRatio < 0 || rebateRatio > 1) return fail('set-role: --rebate must be between 0 and 1');
      }
      if (role === 'agent' && rebateRatio === undefined) return fail('set-role: an agent needs --rebate (e.g. 0.1 for 10 %)');
      const reason = needReason();
      if (typeof reason !== 'string') return fail(reason.error);
      return { ok: true, call: { command, method: 'POST', path: `/api/ops/users/${a}/role`, body: { role, rebateRatio, reason } } };
    }
    case 'set-vip': {
      const a = needAccount();
      if (typeof a !== 'string') return fail(a.error);
      const level = positional[1];
      if (level === undefined || !/^\d+$/.test(level) || Number(level) > 10) return fail('set-vip: level must be 0–10');
      const reason = needReason();
      if (typeof reason !== 'string') return fail(reason.error);
      return { ok: true, call: { command, method: 'POST', path: `/api/ops/users/${a}/vip`, body: { level: Number(level), reason } } };
    }
    case 'outbox':
      return {
        ok: true,
        call: {
          command,
          method: 'GET',
          path: `/api/ops/outbox${query({ to: flags.to === undefined ? undefined : (account(flags.to) ?? flags.to), limit: flags.limit })}`,
        },
      };
    case 'audit':
      return {
        ok: true,
        call: {
          command,
          method: 'GET',
          path: `/api/ops/audit${query({ account: flags.account === undefined ? undefined : (account(flags.account) ?? flags.account), limit: flags.limit })}`,
        },
      };
    default: {
      const funds = parseFundsCommand(command, positional, flags);
      if (funds) return funds;
      const creditCall = parseCreditCommand(command, positional, flags);
      if (creditCall) return creditCall;
      const rewardsCall = parseRewardsCommand(command, positional, flags);
      if (rewardsCall) return rewardsCall;
      const dividendCall = parseDividendCommand(command, positional, flags);
      if (dividendCall) return dividendCall;
      const trustCall = parseTrustCommand(command, positional, flags);
      if (trustCall) return trustCall;
      const news = parseNewsCommand(command, positional, flags);
      if (news) return news;
      const ipo = parseIpoCommand(command, positional, flags);
      if (ipo) return ipo;
      const block = parseBlockCommand(command, positional, flags);
      if (block) return block;
      const operator = parseOperatorCommand(command, positional, flags);
      if (operator) return operator;
      const clock = parseClockCommand(command, flags);
      if (clock) return clock;
      const restriction = RESTRICTION_COMMANDS[command];
      if (!restriction) return fail(`unknown command "${command}"\n\n${USAGE}`);
      const a = needAccount();
      if (typeof a !== 'string') return fail(a.error);
      const reason = needReason();
      if (typeof reason !== 'string') return fail(reason.error);
      // --reason is the internal note; --customer-reason is what the customer is told.
      const customerReason = flags['customer-reason'];
      return {
        ok: true,
        call: {
          command,
          method: 'POST',
          path: `/api/ops/users/${a}/restrictions`,
          body: { ...restriction, reason, ...(customerReason ? { customerReason } : {}) },
        },
      };
    }
  }
}
