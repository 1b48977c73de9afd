// The chosen language lives in four places that must agree: the store, i18next,
// <html lang> and localStorage (spec §9). The store's persistence listener writes
// localStorage when languageChanged is dispatched.
import { useCallback } from 'react';
import { HTML_LANG, languageChanged, useAppDispatch, type Lang } from '@kabuto/shared-sdk';
import { i18next } from './i18n';

/** Points i18next and the document at `lang` (not persisted). */
export function applyLanguage(lang: Lang): void {
  if (i18next.language !== lang) void i18next.changeLanguage(lang);
  document.documentElement.lang = HTML_LANG[lang];
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
