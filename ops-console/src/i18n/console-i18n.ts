// The console's i18next instance (en, jp) and the translation of server refusals through the
// customer catalogue (shared-sdk translateMessage), whose jp and en texts load on demand.
import i18next, { type i18n as I18n } from 'i18next';
import { loadMessageTexts, translateMessage } from '@kabuto/shared-sdk/messages';
import { NO_ANSWER } from '../api/ops-client';
import { EN } from './en';
import { JP } from './jp';

export const CONSOLE_LANGS = ['en', 'jp'] as const;
export type ConsoleLang = (typeof CONSOLE_LANGS)[number];
const LANG_KEY = 'kabuto-ops-lang';

export function storedLang(): ConsoleLang {
  try {
    const stored = window.localStorage.getItem(LANG_KEY);
    return stored === 'jp' ? 'jp' : 'en';
  } catch {
    return 'en';
  }
}

export function createConsoleI18n(lang: ConsoleLang): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: lang,
    fallbackLng: 'en',
    resources: { en: { translation: EN }, jp: { translation: JP } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

export async function switchLang(instance: I18n, lang: ConsoleLang): Promise<void> {
  try {
    window.localStorage.setItem(LANG_KEY, lang);
  } catch {
    // A private window without storage still switches for this visit.
  }
  await loadMessageTexts(lang);
  await instance.changeLanguage(lang);
  document.documentElement.lang = lang === 'jp' ? 'ja' : 'en';
}

/** A server `msg` (catalogue key or text) in the console's language; the HTTP status follows a non-answer. */
export function refusalText(msg: string, httpStatus: number, lang: ConsoleLang): string {
  const text = translateMessage(msg, lang);
  return msg === NO_ANSWER ? `${text}${httpStatus}` : text;
}
