// The shell's texts in the page's one i18next instance (the SDK's, shared with every remote;
// the remote loader registers each remote's namespace as it loads). Each language is a chunk
// of its own, fetched for the page's language before the first render (start.tsx
// setUpLanguage); the boot script preloads the stored language's (server/src/static/shell.ts).
import type { TOptions } from 'i18next';
import { useTranslation } from 'react-i18next';
import { registerTextLoaders, type Lang, type TextLoaders } from '@kabuto/shared-sdk';
import type { ShellTextKey } from './texts/en';

export const SHELL_NS = 'shell';

export const SHELL_TEXT_LOADERS: TextLoaders = {
  tw: () => import(/* webpackChunkName: "shell-texts-tw" */ './texts/tw').then((texts) => texts.tw),
  jp: () => import(/* webpackChunkName: "shell-texts-jp" */ './texts/jp').then((texts) => texts.jp),
  en: () => import(/* webpackChunkName: "shell-texts-en" */ './texts/en').then((texts) => texts.en),
  hi: () => import(/* webpackChunkName: "shell-texts-hi" */ './texts/hi').then((texts) => texts.hi),
  id: () => import(/* webpackChunkName: "shell-texts-id" */ './texts/id').then((texts) => texts.id),
};

/** The shell's own texts: registered before its first render, fetched for the page's language. */
export function addShellTexts(): void {
  registerTextLoaders(SHELL_NS, SHELL_TEXT_LOADERS);
}

/** t() of the shell's namespace, typed by its keys, and the page language. */
export function useShellTexts(): { t: (key: ShellTextKey, options?: TOptions) => string; lang: Lang } {
  const { t, i18n } = useTranslation(SHELL_NS);
  return { t, lang: i18n.language as Lang };
}
