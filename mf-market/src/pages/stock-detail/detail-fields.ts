// The stock-detail fields of spec §3 (open, previous close, high, low, volume, turnover,
// P/E, industry P/E) as label/value pairs, so the page and its tests read one list.
import type { Quote } from '../../api/market';
import type { MarketTextKey } from '../../translations';
import { direction, formatPrice, formatRatio, formatShares, formatTurnover, type Direction } from '../../common/quote-format';

export interface DetailField {
  key: string;
  labelKey: MarketTextKey;
  value: string;
  /** Prices are coloured against the previous close (Japanese convention). */
  direction: Direction;
}

export function detailFields(quote: Quote, lang: string): DetailField[] {
  const against = (price: number | null): Direction => (price === null ? 'flat' : direction(price - quote.previousClose));
  return [
    { key: 'open', labelKey: 'quote.open', value: formatPrice(quote.open), direction: against(quote.open) },
    { key: 'previousClose', labelKey: 'quote.previousClose', value: formatPrice(quote.previousClose), direction: 'flat' },
    { key: 'high', labelKey: 'quote.high', value: formatPrice(quote.high), direction: against(quote.high) },
    { key: 'low', labelKey: 'quote.low', value: formatPrice(quote.low), direction: against(quote.low) },
    { key: 'volume', labelKey: 'quote.volume', value: formatShares(quote.volume), direction: 'flat' },
    { key: 'turnover', labelKey: 'quote.turnover', value: formatTurnover(quote.turnover, lang), direction: 'flat' },
    { key: 'pe', labelKey: 'quote.pe', value: formatRatio(quote.pe), direction: 'flat' },
    { key: 'industryPe', labelKey: 'quote.industryPe', value: formatRatio(quote.industryPe), direction: 'flat' },
  ];
}

/** A TSE code from the URL: four characters, digits with an optional final letter (285A). */
export function stockCodeFrom(text: string | null): string | null {
  const code = (text ?? '').trim().toUpperCase();
  return /^\d{3}[0-9A-Z]$/.test(code) ? code : null;
}
