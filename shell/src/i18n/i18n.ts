// The shell's texts among the page's texts (the SDK's registry, shared with every remote;
// the remote loader adds each remote's namespace as it loads). Each language is a chunk of its
// own, fetched for the page's language before the first render (start.tsx setUpLanguage); the
// boot script preloads the stored language's (server/src/static/shell.ts).
import { addTextLoaders, useTexts, type TextLoaders } from '@kabuto/shared-sdk';
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
  addTextLoaders(SHELL_NS, SHELL_TEXT_LOADERS);
}

/** t() of the shell's namespace, and the page language. */
export const useShellTexts = () => useTexts<ShellTextKey>(SHELL_NS);
