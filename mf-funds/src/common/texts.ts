// The funds namespace's t(), typed by the English keys, and the language for formatters.
import { useTranslation } from 'react-i18next';
import { useAppSelector, type Lang } from '@kabuto/shared-sdk';
import type { FundsTextKey } from '../texts/en';

export const FUNDS_NS = 'funds';

export function useFundsText() {
  const { t } = useTranslation(FUNDS_NS);
  const lang: Lang = useAppSelector((state) => state.session.lang);
  const text = (key: FundsTextKey, values?: Record<string, string | number>) => t(key, values ?? {});
  return { t: text, lang };
}
