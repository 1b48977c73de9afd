// The operator-management commands of `npm run ops` (docs/api/identity.md §9–10): add an
// operator (their credential is printed this once), list, retire. args.ts and format.ts
// delegate here.
import { OPERATOR_NAME_PATTERN } from '../modules/ops';
import type { ParseResult } from './call';

export const OPERATOR_USAGE = `
Operators:
  operators                                 operators, active and retired
  operator-add <name> --reason text         add an operator (a-z, 0-9, '-', 3–32 chars);
                                            prints their credential once — store it now
  operator-retire <name> --reason text      retire an operator: their credential stops working
                                            (not yourself; never the last active operator)`;

/** The call of an operator-management command; null when `command` is not one. */
export function parseOperatorCommand(command: string, positional: string[], flags: Record<string, string>): ParseResult | null {
  const fail = (error: string): ParseResult => ({ ok: false, error });
  switch (command) {
    case 'operators':
      return { ok: true, call: { command, method: 'GET', path: '/api/ops/operators' } };
    case 'operator-add':
    case 'operator-retire': {
      const name = positional[0]?.trim().toLowerCase();
      if (!name || !OPERATOR_NAME_PATTERN.test(name))
        return fail(`${command}: give an operator name (lowercase letters, digits and '-', starting with a letter, 3–32 characters)`);
      if (!flags.reason) return fail(`${command}: --reason is required (it goes into the audit log)`);
      return command === 'operator-add'
        ? { ok: true, call: { command, method: 'POST', path: '/api/ops/operators', body: { name, reason: flags.reason } } }
        : { ok: true, call: { command, method: 'POST', path: `/api/ops/operators/${name}/retire`, body: { reason: flags.reason } } };
    }
    default:
      return null;
  }
}

type Json = Record<string, unknown>;
const s = (v: unknown): string => (v === null || v === undefined ? '-' : String(v));

function operatorLine(o: Json): string {
  const state = o.active ? 'active' : `retired ${s(o.retiredAt)} by ${s(o.retiredBy)}`;
  return `${s(o.name)}  ${state}  added ${s(o.createdAt)} by ${o.createdBy === null ? '(bootstrap)' : s(o.createdBy)}`;
}

/** Output of an operator-management command, or null when `command` is not one. */
export function formatOperatorAnswer(command: string, data: unknown): string | null {
  const d = (data ?? {}) as Json;
  switch (command) {
    case 'operators': {
      const list = Array.isArray(data) ? (data as Json[]) : [];
      return list.length ? list.map(operatorLine).join('\n') : 'No operators.';
    }
    case 'operator-add':
      return [
        `Operator ${s(d.name)} added.`,
        `Credential (shown only now; the server keeps just its hash):`,
        s(d.credential),
        `Hand it to ${s(d.name)} over a safe channel; they use it as KABUTO_OPERATOR_TOKEN for npm run ops, or as "authorization: Bearer <credential>".`,
      ].join('\n');
    case 'operator-retire':
      return `Operator ${s(d.name)} retired; their credential no longer works.`;
    default:
      return null;
  }
}
