// Changing the language from any package (the shell's switcher, mf-account's settings).
// The language lives in three places that must agree: the store (texts follow it: useTexts),
// <html lang> and localStorage; the store's persistence listener writes localStorage when
// languageChanged is dispatched.
import { useCallback } from 'react';
import { HTML_LANG, type Lang } from '../i18n/languages';
import { useAppDispatch } from '../state/hooks';
import { languageChanged } from '../state/session-slice';

/** Points the document at `lang` (not persisted; the store says which texts show). */
export function applyLanguage(lang: Lang): void {
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[lang];
}

/** The user's own choice: applied everywhere and remembered. */
export function useChangeLanguage(): (lang: Lang) => void {
  const dispatch = useAppDispatch();
  return useCallback(
    (lang: Lang) => {
      dispatch(languageChanged(lang));
      applyLanguage(lang);
    },
    [dispatch],
  );
}
