// The operator-management commands of `npm run ops` (docs/api/identity.md §9–10): propose
// an operator (their credential is printed this once) or a role, approve or reject
// proposals, list, retire. args.ts and format.ts delegate here.
import { OPERATOR_NAME_PATTERN, OPERATOR_ROLES } from '../modules/ops';
import type { ParseResult } from './call';

export const OPERATOR_USAGE = `
Operators (roles: viewer < reviewer < approver < admin):
  operators                                 operators: role, state, root, who added/approved
  operator-add <name> --role R --reason text
                                            propose an operator (a-z, 0-9, '-', 3–32 chars);
                                            prints their credential once — it works after
                                            another admin approves. Alone, adds at once and
                                            leaves the credential in a file on the server host
  operator-role <name> <role> --reason text propose another role for an operator
  operator-proposals [--state S]            operator proposals (proposed|approved|rejected)
  operator-approve <id> [--reason text]     approve an operator proposal (not your own, not
                                            one of your root, not your creator's)
  operator-reject <id> --reason text        reject (or withdraw your own) operator proposal
  operator-retire <name> --reason text      retire an operator: their credential stops working
                                            (not yourself; never the last active operator)`;

/** Options of these commands that take a value (args.ts knows every command's). */
export const OPERATOR_VALUE_FLAGS = ['role'] as const;

const ROLE_LIST = OPERATOR_ROLES.join(', ');
const isRole = (value: string | undefined): boolean => value !== undefined && (OPERATOR_ROLES as readonly string[]).includes(value);

/** The call of an operator-management command; null when `command` is not one. */
export function parseOperatorCommand(command: string, positional: string[], flags: Record<string, string>): ParseResult | null {
  const fail = (error: string): ParseResult => ({ ok: false, error });
  switch (command) {
    case 'operators':
      return { ok: true, call: { command, method: 'GET', path: '/api/ops/operators' } };
    case 'operator-proposals': {
      const state = flags.state ?? 'proposed';
      if (!['proposed', 'approved', 'rejected'].includes(state)) return fail(`${command}: --state is proposed, approved or rejected`);
      return { ok: true, call: { command, method: 'GET', path: `/api/ops/operators/proposals?state=${state}` } };
    }
    case 'operator-approve':
    case 'operator-reject': {
      const id = positional[0]?.trim();
      if (!id || !/^[1-9][0-9]*$/.test(id)) return fail(`${command}: give the proposal's number (npm run ops -- operator-proposals)`);
      if (command === 'operator-reject' && !flags.reason) return fail(`${command}: --reason is required (it goes into the audit log)`);
      const body = flags.reason ? { reason: flags.reason } : {};
      return {
        ok: true,
        call: { command, method: 'POST', path: `/api/ops/operators/proposals/${id}/${command === 'operator-approve' ? 'approve' : 'reject'}`, body },
      };
    }
    case 'operator-add':
    case 'operator-role':
    case 'operator-retire': {
      const name = positional[0]?.trim().toLowerCase();
      if (!name || !OPERATOR_NAME_PATTERN.test(name))
        return fail(`${command}: give an operator name (lowercase letters, digits and '-', starting with a letter, 3–32 characters)`);
      const role = command === 'operator-role' ? positional[1]?.trim().toLowerCase() : flags.role?.trim().toLowerCase();
      if (command === 'operator-add' && !isRole(role)) return fail(`${command}: --role is required: one of ${ROLE_LIST}`);
      if (command === 'operator-role' && !isRole(role)) return fail(`${command}: give the new role: one of ${ROLE_LIST}`);
      if (!flags.reason) return fail(`${command}: --reason is required (it goes into the audit log)`);
      if (command === 'operator-add')
        return { ok: true, call: { command, method: 'POST', path: '/api/ops/operators', body: { name, role, reason: flags.reason } } };
      if (command === 'operator-role')
        return { ok: true, call: { command, method: 'POST', path: `/api/ops/operators/${name}/role`, body: { role, reason: flags.reason } } };
      return { ok: true, call: { command, method: 'POST', path: `/api/ops/operators/${name}/retire`, body: { reason: flags.reason } } };
    }
    default:
      return null;
  }
}

type Json = Record<string, unknown>;
const s = (v: unknown): string => (v === null || v === undefined ? '-' : String(v));

function operatorLine(o: Json): string {
  const state = o.retiredAt ? `retired ${s(o.retiredAt)} by ${s(o.retiredBy)}` : o.state === 'pending' ? 'pending approval' : 'active';
  const approved = o.approvedBy ? `, approved by ${s(o.approvedBy)}` : '';
  return `${s(o.name)}  ${s(o.role)}  ${state}  root ${s(o.root)}  added ${s(o.createdAt)} by ${o.createdBy === null ? '(bootstrap)' : s(o.createdBy)}${approved}`;
}

function proposalLine(p: Json): string {
  const what = p.kind === 'add' ? `add ${s(p.operator)} as ${s(p.role)}` : `give ${s(p.operator)} role ${s(p.role)}`;
  const decided =
    p.state === 'proposed' ? 'proposed' : `${s(p.state)} by ${s(p.decidedBy)} ${s(p.decidedAt)}${p.decisionReason ? ` (${s(p.decisionReason)})` : ''}`;
  return `#${s(p.id)}  ${what}  by ${s(p.proposedBy)} ${s(p.proposedAt)}  reason: ${s(p.reason)}  ${decided}`;
}

/** Output of an operator-management command, or null when `command` is not one. */
export function formatOperatorAnswer(command: string, data: unknown): string | null {
  const d = (data ?? {}) as Json;
  switch (command) {
    case 'operators': {
      const list = Array.isArray(data) ? (data as Json[]) : [];
      return list.length ? list.map(operatorLine).join('\n') : 'No operators.';
    }
    case 'operator-proposals': {
      const list = Array.isArray(data) ? (data as Json[]) : [];
      return list.length ? list.map(proposalLine).join('\n') : 'No operator proposals.';
    }
    case 'operator-approve':
    case 'operator-reject':
    case 'operator-role':
      return `Proposal #${s(d.id)} (${proposalLine(d).split('  ')[1] ?? ''}): ${s(d.state)}.`;
    case 'operator-add': {
      if (d.credential === null || d.credential === undefined)
        return [
          `Operator ${s(d.name)} added as ${s(d.role)} (you were the only active operator, so nobody had to approve).`,
          `Their credential is not shown here: it is in ${s(d.credentialFile)} on the server host (owner-only).`,
          `Whoever runs the server hands it to ${s(d.name)} over a safe channel and deletes the file. ${s(d.name)} never approves your proposals.`,
        ].join('\n');
      const proposal = (d.proposal ?? {}) as Json;
      return [
        `Operator ${s(d.name)} proposed as ${s(d.role)} (proposal #${s(proposal.id)}); the credential works once another admin approves: npm run ops -- operator-approve ${s(proposal.id)}`,
        `Credential (shown only now; the server keeps just its hash):`,
        s(d.credential),
        `Hand it to ${s(d.name)} over a safe channel; they use it as KABUTO_OPERATOR_TOKEN for npm run ops, or as "authorization: Bearer <credential>".`,
      ].join('\n');
    }
    case 'operator-retire':
      return `Operator ${s(d.name)} retired; their credential no longer works.`;
    default:
      return null;
  }
}
