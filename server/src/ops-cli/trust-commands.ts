// The investment trust commands of `npm run ops` (docs/strategies.md "Investment trust"): the
// trusts with their last NAV, and setting one up to follow a strategy (audited with its reason).
// args.ts and format.ts delegate here.
import type { ParseResult } from './call';
import { cell as s, type Json } from './cells';

export const TRUST_USAGE = `
Investment trusts (follow a strategy; simulated venue):
  trust-list                                 every trust with its last NAV (per 10,000 units)
  trust-create <id> --name text --fee-bp N --minimum yen --reason text
                                             set up a trust following strategy <id>; trust fee N bp a
                                             year (0–300), minimum subscription in yen`;

export const TRUST_VALUE_FLAGS = ['name', 'fee-bp', 'minimum'] as const;

export function parseTrustCommand(command: string, positional: string[], flags: Record<string, string>): ParseResult | null {
  const fail = (error: string): ParseResult => ({ ok: false, error });
  switch (command) {
    case 'trust-list':
      return { ok: true, call: { command, method: 'GET', path: '/api/ops/trusts' } };
    case 'trust-create': {
      const strategyId = positional[0];
      if (!strategyId || !/^\d+$/.test(strategyId)) return fail('trust-create: give the strategy id');
      if (!flags.name || flags['fee-bp'] === undefined || !flags.minimum) return fail('trust-create: --name, --fee-bp and --minimum are required');
      if (!flags.reason) return fail('trust-create: --reason is required (it is audited)');
      const body = { strategyId: Number(strategyId), name: flags.name, feeBpPerYear: flags['fee-bp'], minimumYen: flags.minimum, reason: flags.reason };
      return { ok: true, call: { command, method: 'POST', path: '/api/ops/trusts', body } };
    }
    default:
      return null;
  }
}

function trustLine(t: Json): string {
  const last = (t.last ?? null) as Json | null;
  const money = (m: unknown) => s((m as Json | null)?.minor);
  return [
    `#${s(t.id)}`,
    s(t.name),
    `strategy #${s(t.strategyId)} ${s(t.strategyName)}`,
    `fee ${s(t.feePercentPerYear)}%/yr`,
    `min ¥${money(t.minimum)}`,
    last ? `NAV ¥${money(last.nav)} on ${s(last.date)}, net assets ¥${money(last.netAssets)}, units ${s(last.units)}` : 'no NAV yet',
    s(t.status),
  ].join('  ');
}

export function formatTrustAnswer(command: string, data: unknown): string | null {
  if (!command.startsWith('trust-')) return null;
  const d = (data ?? {}) as Json;
  if (command === 'trust-list') {
    const list = Array.isArray(d.list) ? (d.list as Json[]) : [];
    return list.map(trustLine).join('\n') || 'No trusts.';
  }
  return trustLine(d);
}
