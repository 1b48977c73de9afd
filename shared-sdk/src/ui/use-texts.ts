// The one texts hook of every package: t() of one i18next namespace, typed by that
// namespace's keys, and the page language for formatters and catalogue messages.
// A package binds it once to its namespace, e.g.
//   export const useFundsText = () => useTexts<FundsTextKey>(FUNDS_NS);
import { useTranslation } from 'react-i18next';
import type { Lang } from '../i18n/languages';
import { useAppSelector } from '../state/hooks';
import { selectLang } from '../state/session-slice';

export type TextValues = Record<string, string | number>;

export interface Texts<K extends string> {
  t: (key: K, values?: TextValues) => string;
  /** The page language (the store's; the shell keeps i18next in step with it). */
  lang: Lang;
}

export function useTexts<K extends string>(namespace: string): Texts<K> {
  const { t } = useTranslation(namespace);
  const lang = useAppSelector(selectLang);
  return { t: (key: string, values?: TextValues) => t(key, values ?? {}), lang };
}
