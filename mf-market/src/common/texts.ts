// The market namespace's t(), typed by the English keys.
import { useTranslation } from 'react-i18next';
import type { MarketTextKey } from '../translations';

export const MARKET_NS = 'market';

export function useMarketText() {
  const { t, i18n } = useTranslation(MARKET_NS);
  const text = (key: MarketTextKey, values?: Record<string, string | number>) => t(key, values ?? {});
  return { t: text, language: i18n.language };
}
