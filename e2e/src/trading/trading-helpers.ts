// The trading screens' own texts; the journeys' set-up (identity verified, cash deposited
// and approved, the fund password) and the venue's helpers live in e2e/src/support.
import { TRADE_TEXTS } from '../../../mf-trade/src/translations';
import { textFrom } from '../support/texts';

export type TradeLang = 'tw' | 'jp' | 'en';

export function tradeText(key: string, lang: TradeLang = 'en', values: Record<string, string | number> = {}): string {
  return textFrom(TRADE_TEXTS, 'trade', key, lang, values);
}
