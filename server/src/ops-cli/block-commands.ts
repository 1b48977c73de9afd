// The block-trade commands of `npm run ops` (docs/api/block-trades.md §Ops): stock the broker's
// inventory (an audited opening balance), publish an offer (percent against the previous close,
// within ±7 %), close one, list both. args.ts and format.ts delegate here.
import type { ParseResult } from './call';
import { cell as s, type Json } from './cells';

export const BLOCK_USAGE = `
Block trades (simulated, off-auction):
  block-inventory                              the broker's inventory per code (shares, cost)
  block-stock <code> <shares> [--cost yen] [--reason text]
                                               opening balance: add shares at a cost (default the previous close)
  block-offers                                 every offer with its rule, window and sales
  block-publish <code> --percent p --quantity N --daily N --max N [--lockup days]
             [--min-shares N] [--min-amount yen] [--opens-in s] [--closes-in s] [--reason text]
                                               publish: price = previous close × (1 + p/100), |p| ≤ 7
                                               (window in seconds from now; defaults 0/3600)
  block-close <id> [--reason text]             close an offer now`;

export const BLOCK_VALUE_FLAGS = ['cost', 'percent', 'quantity', 'daily', 'max', 'lockup', 'min-shares', 'min-amount', 'opens-in', 'closes-in'] as const;

const CODE = /^[0-9A-Z]{4}$/;

function int(raw: string | undefined): number | null {
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : null;
}

/** The call of a block command, or null when `command` is not one. */
export function parseBlockCommand(command: string, positional: string[], flags: Record<string, string>): ParseResult | null {
  const fail = (error: string): ParseResult => ({ ok: false, error });
  if (command === 'block-inventory') return { ok: true, call: { command, method: 'GET', path: '/api/ops/block/inventory' } };
  if (command === 'block-offers') return { ok: true, call: { command, method: 'GET', path: '/api/ops/block/offers' } };
  if (command === 'block-close') {
    const id = int(positional[0]);
    if (id === null) return fail('block-close: give the offer id');
    return { ok: true, call: { command, method: 'POST', path: `/api/ops/block/offers/${id}/close`, body: { reason: flags.reason } } };
  }
  const code = positional[0];
  if (command === 'block-stock') {
    const shares = int(positional[1]);
    const cost = flags.cost === undefined ? undefined : int(flags.cost);
    if (!code || !CODE.test(code) || shares === null || cost === null) return fail('block-stock: give <code> <shares> [--cost yen]');
    return { ok: true, call: { command, method: 'POST', path: '/api/ops/block/inventory', body: { code, shares, costYen: cost, reason: flags.reason } } };
  }
  if (command !== 'block-publish') return null;
  if (!code || !CODE.test(code)) return fail('block-publish: give the 4-character code');
  const percent = flags.percent !== undefined && /^[-+]?\d+(\.\d{1,2})?$/.test(flags.percent) ? Number(flags.percent) : null;
  if (percent === null) return fail('block-publish: --percent is a signed number with two decimals at most (e.g. -3.5)');
  const numbers = { quantity: int(flags.quantity), dailyLimit: int(flags.daily), maxPerCustomer: int(flags.max) };
  if (Object.values(numbers).some((n) => n === null)) return fail('block-publish: --quantity, --daily and --max are required whole numbers');
  const optional = (name: string) => (flags[name] === undefined ? undefined : int(flags[name]));
  const extra = {
    lockUpDays: optional('lockup'),
    minShares: optional('min-shares'),
    minAmountYen: optional('min-amount'),
    windowStart: optional('opens-in') ?? (flags['opens-in'] === undefined ? 0 : null),
    windowEnd: optional('closes-in') ?? (flags['closes-in'] === undefined ? 3600 : null),
  };
  if (Object.values(extra).some((n) => n === null)) return fail('block-publish: --lockup, --min-shares, --min-amount and the --*-in options are whole numbers');
  return { ok: true, call: { command, method: 'POST', path: '/api/ops/block/offers', body: { code, percent, ...numbers, ...extra, reason: flags.reason } } };
}

function offerLine(d: Json): string {
  const name = (d.name ?? {}) as Json;
  const rule = (d.rule ?? {}) as Json;
  const min = (d.minAmount ?? {}) as Json;
  return `#${s(d.id)} ${s(d.code)}  ${s(name.en)}  ${s(d.status)}  ¥${s(d.price)} (${s(rule.percent)}% vs previous close ¥${s(rule.previousClose)})  sold ${s(d.sold)}/${s(d.quantity)}
      window ${s(d.windowStart)} → ${s(d.windowEnd)}  min ${s(d.minShares)} shares / ¥${s(min.amount)}  daily ${s(d.dailyLimit)}  max ${s(d.maxPerCustomer)}  lock-up ${s(d.lockUpDays)} d`;
}

const inventoryLine = (d: Json) => `${s(d.code)}  ${s(d.shares)} shares  cost ¥${s(d.cost)}  (${s(d.updatedAt)})`;

/** Output of a block command, or null when `command` is not one. */
export function formatBlockAnswer(command: string, data: unknown): string | null {
  if (!command.startsWith('block-')) return null;
  const list = Array.isArray(data) ? (data as Json[]) : [];
  if (command === 'block-inventory') return list.length ? list.map(inventoryLine).join('\n') : 'No inventory.';
  if (command === 'block-offers') return list.length ? list.map(offerLine).join('\n') : 'No offers.';
  if (command === 'block-stock') return inventoryLine((data ?? {}) as Json);
  return offerLine((data ?? {}) as Json);
}
