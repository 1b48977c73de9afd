// The funds commands of `npm run ops` (docs/api/funds.md §9): review queues, payments,
// four-eyes adjustments, settings, ledger check. args.ts and format.ts delegate here.
import { normaliseAccount } from '@kabuto/shared-sdk/schemas';
import type { ParseResult } from './call';
import { cell as s, type Json } from './cells';

export const FUNDS_USAGE = `
Funds:
  deposits [--state pending|approved|rejected]       deposit review queue
  deposit-approve <id> [--reason text]               credit a pending deposit
  deposit-reject <id> --reason text                  reject it (the reason is shown to the customer)
  withdrawals [--state pending|paid|rejected]        withdrawal review queue
  withdraw-pay <id> [--reason text]                  mark paid (after the bank transfer)
  withdraw-reject <id> --reason text                 reject and unfreeze
  adjust <account> <currency> <amount> --reason text propose a cash adjustment (signed, e.g. -500)
  adjustments [--state proposed|approved|rejected]   adjustments
  adjust-approve <id> [--reason text]                approve (must be another operator)
  adjust-reject <id> --reason text
  wallet <account>                                   a customer's wallet
  ledger-check                                       per-currency sums and cache check
  funds-config [<name> <value> --reason text]        show or change a funds setting`;

const ID_COMMANDS: Record<string, { path: (id: string) => string; reasonRequired: boolean }> = {
  'deposit-approve': { path: (id) => `/api/ops/funds/deposits/${id}/approve`, reasonRequired: false },
  'deposit-reject': { path: (id) => `/api/ops/funds/deposits/${id}/reject`, reasonRequired: true },
  'withdraw-pay': { path: (id) => `/api/ops/funds/withdrawals/${id}/pay`, reasonRequired: false },
  'withdraw-reject': { path: (id) => `/api/ops/funds/withdrawals/${id}/reject`, reasonRequired: true },
  'adjust-approve': { path: (id) => `/api/ops/funds/adjustments/${id}/approve`, reasonRequired: false },
  'adjust-reject': { path: (id) => `/api/ops/funds/adjustments/${id}/reject`, reasonRequired: true },
};

const QUEUES: Record<string, string> = {
  deposits: '/api/ops/funds/deposits',
  withdrawals: '/api/ops/funds/withdrawals',
  adjustments: '/api/ops/funds/adjustments',
};

function tenDigits(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  const n = normaliseAccount(raw);
  return /^\d{10}$/.test(n) ? n : null;
}

/** The call of a funds command, or null when `command` is not one. */
export function parseFundsCommand(command: string, positional: string[], flags: Record<string, string>): ParseResult | null {
  const fail = (error: string): ParseResult => ({ ok: false, error });
  const queue = QUEUES[command];
  if (queue) return { ok: true, call: { command, method: 'GET', path: flags.state ? `${queue}?state=${encodeURIComponent(flags.state)}` : queue } };
  const byId = ID_COMMANDS[command];
  if (byId) {
    const id = positional[0];
    if (!id || !/^\d+$/.test(id)) return fail(`${command}: give the record id`);
    if (byId.reasonRequired && !flags.reason) return fail(`${command}: --reason is required (it goes into the audit log)`);
    return { ok: true, call: { command, method: 'POST', path: byId.path(id), body: { reason: flags.reason } } };
  }
  switch (command) {
    case 'adjust': {
      const account = tenDigits(positional[0]);
      const [, currency, amount] = positional;
      if (!account) return fail('adjust: give a ten-digit account');
      if (!currency || !amount) return fail('adjust: give <account> <currency> <amount>');
      if (!flags.reason) return fail('adjust: --reason is required (it goes into the audit log)');
      return { ok: true, call: { command, method: 'POST', path: '/api/ops/funds/adjustments', body: { account, currency, amount, reason: flags.reason } } };
    }
    case 'wallet': {
      const account = tenDigits(positional[0]);
      if (!account) return fail('wallet: give a ten-digit account');
      return { ok: true, call: { command, method: 'GET', path: `/api/ops/funds/users/${account}/wallet` } };
    }
    case 'ledger-check':
      return { ok: true, call: { command, method: 'GET', path: '/api/ops/funds/ledger/check' } };
    case 'funds-config': {
      if (positional.length === 0) return { ok: true, call: { command, method: 'GET', path: '/api/ops/funds/config' } };
      const [name, value] = positional;
      if (!name || value === undefined) return fail('funds-config: give <name> <value>, or nothing to list');
      if (!flags.reason) return fail('funds-config: --reason is required (it goes into the audit log)');
      return { ok: true, call: { command, method: 'POST', path: '/api/ops/funds/config', body: { name, value, reason: flags.reason } } };
    }
    default:
      return null;
  }
}

const money = (m: unknown): string => {
  const x = (m ?? {}) as Json;
  return `${s(x.amount)} ${s(x.currency)}`;
};

/** Output of a funds command, or null when `command` is not one. */
export function formatFundsAnswer(command: string, data: unknown): string | null {
  const list = Array.isArray(data) ? (data as Json[]) : [];
  const d = (data ?? {}) as Json;
  switch (command) {
    case 'deposits':
      return list.length
        ? list
            .map((r) => `#${s(r.id)}  ${s(r.account)}  ${money(r.amount)}  ${s(r.channelId)}  ${s(r.state)}  proof=${s(r.proofKey)}  ${s(r.createdAt)}`)
            .join('\n')
        : 'No deposits.';
    case 'withdrawals':
      return list.length
        ? list
            .map((r) => {
              const c = (r.card ?? {}) as Json;
              return `#${s(r.id)}  ${s(r.account)}  ${money(r.amount)}  ${s(c.bankName)} ${s(c.branchName)} ${s(c.accountType)} ${s(r.accountNumber)} ${s(c.holderName)}  ${s(r.state)}  review by ${s(r.reviewBy)}`;
            })
            .join('\n')
        : 'No withdrawals.';
    case 'adjustments':
      return list.length
        ? list.map((r) => `#${s(r.id)}  user ${s(r.userId)}  ${money(r.amount)}  ${s(r.state)}  by ${s(r.proposedBy)}  reason: ${s(r.reason)}`).join('\n')
        : 'No adjustments.';
    case 'deposit-approve':
    case 'deposit-reject':
      return `Deposit #${s(d.id)}: ${s(d.state)} (${money(d.amount)}).`;
    case 'withdraw-pay':
    case 'withdraw-reject':
      return `Withdrawal #${s(d.id)}: ${s(d.state)} (${money(d.amount)}).`;
    case 'adjust':
    case 'adjust-approve':
    case 'adjust-reject':
      return `Adjustment #${s(d.id)}: ${s(d.state)} (${money(d.amount)}), proposed by ${s(d.proposedBy)}${d.decidedBy ? `, decided by ${s(d.decidedBy)}` : ''}.`;
    case 'wallet':
      return `total ${money(d.totalAssets)}  balance ${money(d.balance)}  available ${money(d.available)}  frozen ${money(d.frozen)}  USD ${money(d.usdAmount)}`;
    case 'ledger-check':
      return `${d.balanced ? 'Balanced' : 'NOT BALANCED'}: ${s(d.currencies)}${Array.isArray(d.cacheMismatches) && d.cacheMismatches.length ? `  cache mismatches: ${s(d.cacheMismatches)}` : ''}`;
    case 'funds-config':
      return Array.isArray(data) ? list.map((r) => `${s(r.name)} = ${s(r.value)}`).join('\n') : `${s(d.name)} = ${s(d.value)}`;
    default:
      return null;
  }
}
