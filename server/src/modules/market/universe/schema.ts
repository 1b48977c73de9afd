// The validated shape of an instrument, built from the data file by universe.ts.
import { z } from 'zod';

const nonEmpty = z.string().trim().min(1);

export const instrumentSchema = z
  .object({
    /**
     * TSE securities code: four characters, digits in the 1st and 3rd places and, since 2024, a
     * digit or letter in the 2nd and 4th (e.g. 285A). The simulated IPOs use a Q (9Q1A…), a letter
     * the JPX does not issue, so they can never be taken for a real company.
     */
    code: z.string().regex(/^\d[0-9A-Z]\d[0-9A-Z]$/),
    kind: z.enum(['stock', 'etf']),
    name: z.object({ jp: nonEmpty, en: nonEmpty, tw: nonEmpty }),
    /** Katakana reading of the Japanese name, for search by reading. */
    reading: z.string().regex(/^[\u30A0-\u30FF]+$/, 'reading must be katakana'),
    sector: nonEmpty,
    sectorName: z.object({ jp: nonEmpty, en: nonEmpty, tw: nonEmpty }),
    /** Approximate industry P/E; null where it does not apply (ETFs). */
    industryPe: z.number().positive().nullable(),
    /** P/E at the reference price; null when earnings are negative or for ETFs. */
    pe: z.number().positive().nullable(),
    topix500: z.boolean(),
    nikkei225: z.boolean(),
    /** 貸借銘柄: may be sold short on margin (data/instruments.ts NOT_LOAN_ELIGIBLE, an approximation). */
    loanEligible: z.boolean(),
    /** JPX tick-size table number (§2.2 [J7]). */
    tickTable: z.enum(['01', '03', '04']),
    /** Trading unit in shares. */
    lot: z.union([z.literal(1), z.literal(10), z.literal(100)]),
    /** Reference price in tenths of a yen (approximate, seed only). */
    referencePrice: z.number().int().positive(),
    referenceDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    /** How strongly the simulator moves it with the market factor (ETFs: their multiple). */
    marketBeta: z.number().min(-3).max(3),
    /** First trading day of a new listing (an IPO, docs/ipo.md); no history before it. */
    listedOn: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
  })
  .superRefine((i, ctx) => {
    const expected = i.kind === 'etf' ? (i.lot === 1 ? '04' : '03') : i.topix500 ? '03' : '01';
    if (i.tickTable !== expected) {
      ctx.addIssue({ code: 'custom', message: `tick table ${i.tickTable} should be ${expected}`, path: ['tickTable'] });
    }
    if (i.kind === 'stock' && i.lot !== 100) {
      ctx.addIssue({ code: 'custom', message: 'domestic stocks trade in 100-share units (§2.6)', path: ['lot'] });
    }
  });

export type Instrument = z.infer<typeof instrumentSchema>;

export const corporateActionSchema = z.discriminatedUnion('kind', [
  z.object({
    code: z.string(),
    exDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    kind: z.literal('split'),
    ratio: z.number().gt(1),
    origin: z.enum(['recalled', 'simulated']),
  }),
  z.object({
    code: z.string(),
    exDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    kind: z.literal('dividend'),
    /** Cash per share in tenths of a yen. */
    amount: z.number().int().positive(),
    origin: z.enum(['recalled', 'simulated']),
  }),
]);

export type CorporateAction = z.infer<typeof corporateActionSchema>;

export const universeSchema = z
  .object({
    version: nonEmpty,
    source: nonEmpty,
    referenceDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    instruments: z.array(instrumentSchema),
    corporateActions: z.array(corporateActionSchema),
  })
  .superRefine((u, ctx) => {
    const seen = new Set<string>();
    for (const i of u.instruments) {
      if (seen.has(i.code)) ctx.addIssue({ code: 'custom', message: `duplicate code ${i.code}`, path: ['instruments'] });
      seen.add(i.code);
    }
    const nikkei = u.instruments.filter((i) => i.nikkei225).length;
    if (nikkei !== 225) ctx.addIssue({ code: 'custom', message: `${nikkei} Nikkei 225 rows, expected 225`, path: ['instruments'] });
    for (const a of u.corporateActions) {
      if (!seen.has(a.code)) ctx.addIssue({ code: 'custom', message: `action for unknown code ${a.code}`, path: ['corporateActions'] });
    }
  });

export type UniverseData = z.infer<typeof universeSchema>;
