// Remote releases built before i18next came back read their texts with the SDK's useTexts
// (they reach it through the shell's SDK singleton). Kept so those releases still run with
// this shell: their namespace is registered in i18next like any other. New code binds
// react-i18next's useTranslation to its namespace instead (mf-funds/src/common/texts.ts).
import { useTranslation } from 'react-i18next';
import type { TextValues } from '../i18n/instance';
import type { Lang } from '../i18n/languages';

export interface Texts<K extends string> {
  /** A new function when the language changes (effects may depend on it). */
  t: (key: K, values?: TextValues) => string;
  /** The page language (i18next's, which follows the store's). */
  lang: Lang;
}

/** @deprecated For remote releases built before i18next; use `useTranslation(namespace)`. */
export function useTexts<K extends string>(namespace: string): Texts<K> {
  const { t, i18n } = useTranslation(namespace);
  // Generic keys: i18next's types cannot relate a key parameter K to its context option.
  return { t: t as Texts<K>['t'], lang: i18n.language as Lang };
}
