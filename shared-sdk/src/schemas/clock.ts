// The answer of `common/clock` (docs/api/market.md §3): the server's business clock, so the
// header can show "simulated time hh:mm JST" when the business clock is the demo clock.
import { z } from 'zod';

export const businessClockInfoSchema = z.object({
  /** Business clock, epoch ms (the simulated instant in demo mode). */
  now: z.number(),
  /** Wall clock, epoch ms. */
  realNow: z.number(),
  /** True in demo mode: label the time "simulated". */
  simulated: z.boolean(),
  mode: z.enum(['demo', 'real']),
  /** 'YYYY-MM-DD' of `now` in JST. */
  jstDate: z.string(),
  /** 'HH:mm' of `now` in JST. */
  jstTime: z.string(),
});

export type BusinessClockInfo = z.infer<typeof businessClockInfoSchema>;

/**
 * The operator's advance of the demo business clock (POST /api/ops/clock/advance): to an
 * instant (ISO, with offset), or by default to the next business day 09:00 JST.
 */
export const clockAdvanceSchema = z.object({
  to: z.iso.datetime({ offset: true }).optional(),
  reason: z.string().trim().max(500).optional(),
});

export type ClockAdvanceInput = z.infer<typeof clockAdvanceSchema>;

/** The answer of the advance: where the clock was and where it stands now. */
export interface ClockAdvanceResult {
  from: BusinessClockInfo;
  to: BusinessClockInfo;
}
