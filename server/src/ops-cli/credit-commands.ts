// The credit commands of `npm run ops` (docs/api/credit.md §4): the loan application queue,
// approve (pays the simulated partner bank's loan into cash) and reject (the reason is shown to
// the customer), and a customer's credit figures with the score's inputs (read only).
// args.ts and format.ts delegate here.
import type { ParseResult } from './call';
import { cell as s, type Json } from './cells';

export const CREDIT_USAGE = `
Credit (securities-backed loans, simulated partner bank):
  credit-loans [--status pending|approved|rejected|repaid]   loan applications (default pending)
  credit-approve <id> [--reason text]        approve: re-checked against the line, paid into cash
  credit-reject <id> --reason text           reject (the reason is shown to the customer)
  credit-customer <userId>                   a customer's line, ratio, state, score and its inputs`;

export const CREDIT_VALUE_FLAGS = ['status'] as const;

/** The call of a credit command, or null when `command` is not one. */
export function parseCreditCommand(command: string, positional: string[], flags: Record<string, string>): ParseResult | null {
  const fail = (error: string): ParseResult => ({ ok: false, error });
  const id = positional[0];
  switch (command) {
    case 'credit-loans':
      return { ok: true, call: { command, method: 'GET', path: `/api/ops/credit/loans${flags.status ? `?status=${encodeURIComponent(flags.status)}` : ''}` } };
    case 'credit-approve':
      if (!id || !/^\d+$/.test(id)) return fail('credit-approve: give the loan id');
      return { ok: true, call: { command, method: 'POST', path: `/api/ops/credit/loans/${id}/approve`, body: { reason: flags.reason } } };
    case 'credit-reject':
      if (!id || !/^\d+$/.test(id)) return fail('credit-reject: give the loan id');
      if (!flags.reason) return fail('credit-reject: --reason is required (the customer is shown it)');
      return { ok: true, call: { command, method: 'POST', path: `/api/ops/credit/loans/${id}/reject`, body: { reason: flags.reason } } };
    case 'credit-customer':
      if (!id || !/^\d+$/.test(id)) return fail('credit-customer: give the user id');
      return { ok: true, call: { command, method: 'GET', path: `/api/ops/credit/customers/${id}` } };
    default:
      return null;
  }
}

const money = (v: unknown): string => s((v as Json | null)?.amount);

function loanLine(l: Json): string {
  const now = (l.now ?? {}) as Json;
  const score = (now.score ?? {}) as Json;
  return [
    `#${s(l.id)}`,
    s(l.orderNo),
    s(l.account),
    s(l.status),
    `amount ¥${money(l.amount)}`,
    `line ¥${money(now.creditLine)}`,
    `borrowable ¥${money(now.borrowable)}`,
    `ratio ${now.ratioBp === null || now.ratioBp === undefined ? '-' : `${Number(now.ratioBp) / 100}%`}`,
    `score ${s(score.score)}`,
    l.reason ? `reason: ${s(l.reason)}` : '',
  ]
    .filter((x) => x !== '')
    .join('  ');
}

export function formatCreditAnswer(command: string, data: unknown): string | null {
  if (!command.startsWith('credit-')) return null;
  const d = (data ?? {}) as Json;
  if (command === 'credit-loans') {
    const list = Array.isArray(d.list) ? (d.list as Json[]) : [];
    return list.length ? list.map(loanLine).join('\n') : 'No loan applications.';
  }
  if (command === 'credit-customer') {
    const summary = (d.summary ?? {}) as Json;
    const score = (summary.score ?? {}) as Json;
    const inputs = Array.isArray(score.inputs) ? (score.inputs as Json[]) : [];
    return [
      `${s(d.account)}: state ${s(summary.state)}, line ¥${money(summary.creditLine)}, borrowable ¥${money(summary.borrowable)}, outstanding ¥${money(summary.outstanding)}, ratio ${summary.ratioBp === null ? '-' : `${Number(summary.ratioBp) / 100}%`}`,
      `score ${s(score.score)}/${s(score.max)} (loan ≥ ${s(score.loanThreshold)}, withdraw ≥ ${s(score.withdrawThreshold)}): base ${s(score.base)}${inputs.map((i) => `, ${s(i.name)} ${s(i.value)} → ${Number(i.points) >= 0 ? '+' : ''}${s(i.points)}`).join('')}`,
    ].join('\n');
  }
  return `#${s(d.id)} ${s(d.orderNo)} ${s(d.status)} ¥${money(d.amount)}${d.reason ? ` reason: ${s(d.reason)}` : ''}`;
}
