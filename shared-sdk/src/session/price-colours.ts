// Which colour means "up". In Japan and Taiwan a rising price is red and a falling one
// green; in English-speaking, Indian and Indonesian markets it is the other way round
// (green up). Until the customer chooses, the convention follows the language; once
// chosen, it is kept (localStorage, like the language) whatever the language.
// Node-safe: the document is touched only where there is one.
import type { Lang } from '../i18n/languages';

export const PRICE_COLOURS = ['redUp', 'greenUp'] as const;
export type PriceColours = (typeof PRICE_COLOURS)[number];

/** The convention of each language's home market, used until the customer chooses. */
export const DEFAULT_PRICE_COLOURS: Readonly<Record<Lang, PriceColours>> = {
  tw: 'redUp',
  jp: 'redUp',
  en: 'greenUp',
  hi: 'greenUp',
  id: 'greenUp',
};

export function isPriceColours(value: unknown): value is PriceColours {
  return typeof value === 'string' && (PRICE_COLOURS as readonly string[]).includes(value);
}

/** The customer's choice when there is one, else the language's convention. */
export function effectivePriceColours(chosen: PriceColours | null, lang: Lang): PriceColours {
  return chosen ?? DEFAULT_PRICE_COLOURS[lang];
}

/**
 * Points the page's `--kabuto-up` / `--kabuto-down` at the convention: the shell's global.css
 * swaps them under `html[data-price-colours='greenUp']`, so every package's styles follow.
 */
export function applyPriceColours(colours: PriceColours): void {
  if (typeof document !== 'undefined') document.documentElement.dataset.priceColours = colours;
}
