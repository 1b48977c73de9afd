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
