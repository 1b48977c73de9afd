// The account namespace's texts: react-i18next's useTranslation on the page's one i18next
// instance (the SDK's, provided by the shell), t typed by the English keys, and the page
// language (i18next's, which follows the store's).
import type { TOptions } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@kabuto/shared-sdk';
import type { AccountTextKey } from '../translations';

export const ACCOUNT_NS = 'account';

export function useAccountText(): { t: (key: AccountTextKey, options?: TOptions) => string; lang: Lang } {
  const { t, i18n } = useTranslation(ACCOUNT_NS);
  return { t, lang: i18n.language as Lang };
}
