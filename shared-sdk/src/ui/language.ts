// Changing the language from any package (the shell's switcher, mf-account's settings).
// The language lives in four places that must agree: the store, i18next (the page's
// singleton instance), <html lang> and localStorage; the store's persistence listener
// writes localStorage when languageChanged is dispatched.
import i18next from 'i18next';
import { useCallback } from 'react';
import { HTML_LANG, type Lang } from '../i18n/languages';
import { useAppDispatch } from '../state/hooks';
import { languageChanged } from '../state/session-slice';

/** Points i18next and the document at `lang` (not persisted). */
export function applyLanguage(lang: Lang): void {
  if (i18next.language !== lang) void i18next.changeLanguage(lang);
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
