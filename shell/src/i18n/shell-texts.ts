// Every text the shell itself shows, namespace 'shell', in every language at once: for the
// tests and the one-language check. tw, jp and en are complete (checked by shell-texts.test.ts);
// hi and id carry the frame and fall back to en. The page fetches only its language's table
// (i18n.ts SHELL_TEXT_LOADERS: a chunk per language).
import type { Translations } from '@kabuto/shared-sdk';
import { en } from './texts/en';
import { hi } from './texts/hi';
import { id } from './texts/id';
import { jp } from './texts/jp';
import { tw } from './texts/tw';

export type { ShellTextKey } from './texts/en';

export const SHELL_TEXTS: Translations = { tw, jp, en, hi, id };
