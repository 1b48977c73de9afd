// The console's language (en or jp), switchable from the frame and the sign-in page.
import { createContext, useContext } from 'react';
import type { ConsoleLang } from './i18n/console-i18n';

export const LangContext = createContext<{ lang: ConsoleLang; setLang: (lang: ConsoleLang) => Promise<void> } | null>(null);

export function useConsoleLang() {
  const value = useContext(LangContext);
  if (!value) throw new Error('LangContext is not provided');
  return value;
}
