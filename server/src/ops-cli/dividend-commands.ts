// The dividend schedule commands of `npm run ops` (docs/api/dividends.md §3): the published
// schedule, a dividend's amount or dates edited, a split scheduled (each audited with its reason).
// args.ts and format.ts delegate here.
import type { ParseResult } from './call';
import { cell as s, type Json } from './cells';

export const DIVIDEND_USAGE = `
Dividends (simulated companies' schedule):
  dividend-schedule [--code code]            the published schedule (soonest ex-date first) and splits
  dividend-edit <id> [--dps yen] [--record-date date] [--payment-date date] --reason text
                                             change a scheduled dividend (record date ≥ today, DPS ≥ 0)
  dividend-split <code> <ratio> <date> --reason text
                                             schedule a 1-for-<ratio> split effective on <date> (ratio ≥ 1)`;

export const DIVIDEND_VALUE_FLAGS = ['dps', 'record-date', 'payment-date'] as const;

export function parseDividendCommand(command: string, positional: string[], flags: Record<string, string>): ParseResult | null {
  const fail = (error: string): ParseResult => ({ ok: false, error });
  switch (command) {
    case 'dividend-schedule':
      return { ok: true, call: { command, method: 'GET', path: `/api/ops/dividends/schedule${flags.code ? `?code=${encodeURIComponent(flags.code)}` : ''}` } };
    case 'dividend-edit': {
      const id = positional[0];
      if (!id || !/^\d+$/.test(id)) return fail('dividend-edit: give the schedule entry id');
      if (!flags.reason) return fail('dividend-edit: --reason is required (it is audited)');
      const body = { dps: flags.dps, recordDate: flags['record-date'], paymentDate: flags['payment-date'], reason: flags.reason };
      return { ok: true, call: { command, method: 'POST', path: `/api/ops/dividends/events/${id}`, body } };
    }
    case 'dividend-split': {
      const [code, ratio, effectiveDate] = positional;
      if (!code || !ratio || !effectiveDate) return fail('dividend-split: give <code> <ratio> <date>');
      if (!flags.reason) return fail('dividend-split: --reason is required (it is audited)');
      return { ok: true, call: { command, method: 'POST', path: '/api/ops/dividends/splits', body: { code, ratio, effectiveDate, reason: flags.reason } } };
    }
    default:
      return null;
  }
}

function eventLine(e: Json): string {
  return [
    `#${s(e.id)}`,
    s(e.code),
    s(e.kind),
    `record ${s(e.recordDate)}`,
    `last cum ${s(e.lastCumDate)}`,
    `ex ${s(e.exDate)}`,
    `pay ${s(e.paymentDate)}`,
    `DPS ¥${s(e.dps)}`,
    s(e.state),
    e.editedBy ? `edited by ${s(e.editedBy)}` : '',
  ]
    .filter((x) => x !== '')
    .join('  ');
}

const splitLine = (x: Json) => `split #${s(x.id)} ${s(x.code)} 1→${s(x.ratio)} on ${s(x.effectiveDate)} ${s(x.state)}`;

export function formatDividendAnswer(command: string, data: unknown): string | null {
  if (!command.startsWith('dividend-')) return null;
  const d = (data ?? {}) as Json;
  if (command === 'dividend-schedule') {
    const list = Array.isArray(d.list) ? (d.list as Json[]) : [];
    const splits = Array.isArray(d.splits) ? (d.splits as Json[]) : [];
    return [...list.map(eventLine), ...splits.map(splitLine)].join('\n') || 'No schedule entries.';
  }
  return command === 'dividend-split' ? splitLine(d) : eventLine(d);
}
