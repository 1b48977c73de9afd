// What the HTTP answers show of quotes and instruments: the simulator's Quote plus the name
// and sector in the caller's language (docs/api/market.md §2). The answer types are the
// shared wire schemas' (shared-sdk/src/schemas/market.ts), which mf-market reads too.
import { z } from 'zod';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { LanguageTexts, ListRow, MarketQuote, PendingRow } from '@kabuto/shared-sdk/schemas';
import type { LocalisedText } from '../../../db/columns';
import { ApiFailure } from '../../../http/envelope';
import { MarketDataError, type MarketDataProvider, type Quote } from '../provider';
import type { Instrument } from '../universe/schema';

export type TextLang = keyof LocalisedText;

/** `lang` of a form: tw by default; hi and id read English (complete languages only). */
export const langSchema = z
  .enum(['tw', 'jp', 'en', 'hi', 'id'])
  .optional()
  .catch(undefined)
  .transform((lang): TextLang => (lang === undefined ? 'tw' : lang === 'hi' || lang === 'id' ? 'en' : lang));

export type { LanguageTexts, ListRow, MarketQuote, PendingRow };

export function languageTexts(instrument: Instrument, lang: TextLang): LanguageTexts {
  return { displayName: instrument.name[lang], sector: instrument.sector, sectorName: instrument.sectorName[lang] };
}

export function marketQuote(quote: Quote, instrument: Instrument, lang: TextLang): MarketQuote {
  return { ...quote, ...languageTexts(instrument, lang) };
}

export function listRow(quote: Quote, instrument: Instrument, lang: TextLang): ListRow {
  return { ...marketQuote(quote, instrument, lang), ready: true };
}

export function pendingRow(instrument: Instrument, lang: TextLang): PendingRow {
  return {
    ready: false,
    code: instrument.code,
    name: instrument.name,
    kind: instrument.kind,
    lot: instrument.lot,
    simulated: true,
    ...languageTexts(instrument, lang),
  };
}

/** The instrument of `code`, or a status-0 answer with MSG.unknownStockCode. */
export function knownInstrument(market: MarketDataProvider, code: string): Instrument {
  const instrument = market.instrument(code);
  if (!instrument) throw new ApiFailure(MSG.unknownStockCode, { codes: [code] });
  return instrument;
}

/** All instruments of `codes` in order; any unknown → MSG.unknownStockCode naming them in data.codes. */
export function knownInstruments(market: MarketDataProvider, codes: readonly string[]): Instrument[] {
  const unknown = codes.filter((c) => !market.instrument(c));
  if (unknown.length > 0) throw new ApiFailure(MSG.unknownStockCode, { codes: unknown });
  return codes.map((c) => market.instrument(c) as Instrument);
}

/** Catalogue key of a provider refusal. */
export function msgKeyOfMarketError(error: MarketDataError) {
  switch (error.code) {
    case 'unknown-instrument':
      return MSG.unknownStockCode;
    case 'bad-interval':
      return MSG.badKlineInterval;
    case 'bad-adjustment':
      return MSG.badKlineAdjustment;
    case 'too-many-codes':
      return MSG.tooManyStockCodes;
    case 'bad-limit':
      return MSG.invalidParams;
  }
}

/** Runs a provider call, turning its refusals into status-0 answers. */
export function answering<T>(call: () => T): T {
  try {
    return call();
  } catch (error) {
    if (error instanceof MarketDataError) throw new ApiFailure(msgKeyOfMarketError(error));
    throw error;
  }
}

/** A stock code field: trimmed and upper-cased ('285a' → '285A'); empty → unknown code. */
export const codeSchema = z
  .string({ error: MSG.unknownStockCode })
  .trim()
  .toUpperCase()
  .min(1, { error: MSG.unknownStockCode })
  .max(8, { error: MSG.unknownStockCode });

/** Comma-separated codes, 1…max of them. */
export function codeListSchema(max: number) {
  return z
    .string({ error: MSG.invalidParams })
    .transform((text) =>
      text
        .split(',')
        .map((c) => c.trim().toUpperCase())
        .filter((c) => c.length > 0),
    )
    .pipe(
      z
        .array(z.string().max(8, { error: MSG.unknownStockCode }))
        .min(1, { error: MSG.invalidParams })
        .max(max, { error: MSG.tooManyStockCodes }),
    );
}

export function intField(def: number, min: number, max: number) {
  return z.coerce
    .number({ error: MSG.invalidParams })
    .int({ error: MSG.invalidParams })
    .min(min, { error: MSG.invalidParams })
    .max(max, { error: MSG.invalidParams })
    .optional()
    .default(def);
}
