// The account namespace's t(), typed by the English keys.
import { useTranslation } from 'react-i18next';
import type { AccountTextKey } from '../translations';

export const ACCOUNT_NS = 'account';

export function useAccountText() {
  const { t, i18n } = useTranslation(ACCOUNT_NS);
  const text = (key: AccountTextKey, values?: Record<string, string | number>) => t(key, values ?? {});
  return { t: text, language: i18n.language };
}
