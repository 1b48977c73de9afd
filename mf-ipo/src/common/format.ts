// Display helpers of the IPO screens.
import type { Lang } from '@kabuto/shared-sdk';
import { formatDateKey, formatDateTime, groupAmount } from '@kabuto/shared-sdk';
import type { LocalisedNames as Names } from '@kabuto/shared-sdk/schemas';

/** The company's name in the page language (hi / id read English). */
export function nameIn(names: Names, lang: Lang): string {
  return lang === 'tw' || lang === 'jp' ? names[lang] : names.en;
}

/** '2790.5' → '¥2,790.5'; null → '--'. */
export function formatPrice(price: string | null): string {
  return price === null ? '--' : `¥${groupAmount(price)}`;
}

/** A JST date-time, or '--' when there is none. */
export function when(iso: string | null | undefined, lang: Lang): string {
  return formatDateTime(iso, lang) || '--';
}

/** A JST calendar date ('YYYY-MM-DD') as the language writes it, or '--' when there is none. */
export function day(date: string | null | undefined, lang: Lang): string {
  return formatDateKey(date, lang) || '--';
}

export function stepLots(lots: number, direction: 1 | -1, maxLots: number): number {
  return Math.min(Math.max(lots + direction, 1), Math.max(1, maxLots));
}
