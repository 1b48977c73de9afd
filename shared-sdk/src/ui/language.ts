// Changing the language from any package (the shell's switcher, mf-account's settings).
// The language lives in three places that must agree: the store (i18next follows it: the
// store's listener, state/store.ts), <html lang> and localStorage (the store's persistence
// listener). A language's texts are chunks of their own: they are fetched first, so no screen
// shows a mix of two languages.
import { useCallback } from 'react';
import { TOAST_MS } from '../constants';
import { loadLanguage } from '../i18n/instance';
import { HTML_LANG, type Lang } from '../i18n/languages';
import { messageText } from '../messages/translate';
import { getHost } from '../protocol/host';
import { useAppDispatch } from '../state/hooks';
import { languageChanged } from '../state/session-slice';

/** Points the document at `lang` (not persisted; the store says which texts show). */
export function applyLanguage(lang: Lang): void {
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[lang];
}

/**
 * The user's own choice: its texts fetched, then applied everywhere and remembered. When they
 * cannot be fetched (offline), the language stays as it was and a toast says why, in it.
 */
export function useChangeLanguage(): (lang: Lang) => Promise<void> {
  const dispatch = useAppDispatch();
  return useCallback(
    async (lang: Lang) => {
      try {
        await loadLanguage(lang);
      } catch {
        const host = getHost();
        host.toast(messageText('loadingChunkFailed', host.getLang()), TOAST_MS);
        return;
      }
      // Every table is in: i18next switches at once, in the same render as the store.
      dispatch(languageChanged(lang));
      applyLanguage(lang);
    },
    [dispatch],
  );
}
