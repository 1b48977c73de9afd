// The business clock commands of `npm run ops` (docs/operations.md "Business clock"): read the
// clock, and advance the demo clock to the next business day 09:00 JST (or a later instant).
import type { ParseResult } from './call';

export const CLOCK_USAGE = `
Business clock (demo mode):
  clock                                        the business clock: simulated and real now
  clock-advance [--to ISO-instant] [--reason text]
                                               skip to the next business day 09:00 JST (or --to, later than now);
                                               steps due on the way (expiries, deadlines, IPO steps) run in order
  market-shock --code <code> --percent p --reason text
                                               simulated price shock: the next business day's close of the issue
                                               moves p % (−50…50) on top of its own move; the day after opens on it`;

export const CLOCK_VALUE_FLAGS = ['to', 'code', 'percent'] as const;

export function parseClockCommand(command: string, flags: Record<string, string>): ParseResult | null {
  if (command === 'clock') return { ok: true, call: { command, method: 'GET', path: '/api/ops/clock' } };
  if (command === 'market-shock') {
    if (!flags.code || !/^-?\d+$/.test(flags.percent ?? '')) return { ok: false, error: 'market-shock: --code and a whole --percent are required' };
    if (!flags.reason) return { ok: false, error: 'market-shock: --reason is required (it goes into the audit log)' };
    return {
      ok: true,
      call: { command, method: 'POST', path: '/api/ops/market/shock', body: { code: flags.code, percent: Number(flags.percent), reason: flags.reason } },
    };
  }
  if (command !== 'clock-advance') return null;
  if (flags.to !== undefined && Number.isNaN(new Date(flags.to).getTime()))
    return { ok: false, error: 'clock-advance: --to must be an ISO instant, e.g. 2026-11-27T09:00:00+09:00' };
  return { ok: true, call: { command, method: 'POST', path: '/api/ops/clock/advance', body: { to: flags.to, reason: flags.reason } } };
}

interface ClockLine {
  jstDate?: unknown;
  jstTime?: unknown;
  mode?: unknown;
}

const line = (c: ClockLine | undefined): string => `${String(c?.jstDate)} ${String(c?.jstTime)} JST`;

export function formatClockAnswer(command: string, data: unknown): string | null {
  const d = (data ?? {}) as ClockLine & { from?: ClockLine; to?: ClockLine };
  if (command === 'clock') return `Business clock: ${line(d)} (${String(d.mode)}${d.mode === 'demo' ? ', simulated' : ''})`;
  if (command === 'clock-advance') return `Business clock advanced: ${line(d.from)} → ${line(d.to)} (simulated)`;
  if (command === 'market-shock') {
    const s = (data ?? {}) as Record<string, unknown>;
    return `Simulated shock: ${String(s.code)} closes ${String(s.percent)} % on ${String(s.date)}; previous close on ${String(s.previousCloseOn)}: ${Number(s.previousCloseBefore) / 10} → ${Number(s.previousCloseAfter) / 10} yen`;
  }
  return null;
}
