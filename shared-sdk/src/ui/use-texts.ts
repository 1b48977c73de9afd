// The one texts hook of every package: t() of one namespace, typed by that namespace's keys,
// and the page language for formatters and catalogue messages. A package binds it once to its
// namespace, e.g.
//   export const useFundsText = () => useTexts<FundsTextKey>(FUNDS_NS);
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { Lang } from '../i18n/languages';
import { loadTexts, subscribeTexts, textOf, textsVersion, type TextValues } from '../i18n/texts';
import { useAppSelector } from '../state/hooks';
import { selectLang } from '../state/session-slice';

export type { TextValues } from '../i18n/texts';

export interface Texts<K extends string> {
  /** A new function when the language or the registered texts change (effects may depend on it). */
  t: (key: K, values?: TextValues) => string;
  /** The page language: the store's. */
  lang: Lang;
}

export function useTexts<K extends string>(namespace: string): Texts<K> {
  const lang = useAppSelector(selectLang);
  const version = useSyncExternalStore(subscribeTexts, textsVersion, textsVersion);
  // The language change and the remote loader fetch a language's texts before it shows; this
  // covers a namespace registered while a change was under way (nothing to fetch otherwise).
  useEffect(() => {
    loadTexts(lang, [namespace]).catch(() => undefined);
  }, [namespace, lang]);
  return useMemo(
    () => ({ t: (key: K, values?: TextValues) => textOf(namespace, lang, key, values), lang }),
    // `version`: texts added after the first render (a remote's, a widget's) show at once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [namespace, lang, version],
  );
}
