// Texts of the ipo namespace (mf-ipo). tw, jp and en are complete (one table per
// language in texts/, typed by the English keys); hi and id fall back to en.
import type { Translations } from '@kabuto/shared-sdk';
import { en } from './texts/en';
import { jp } from './texts/jp';
import { tw } from './texts/tw';

export type { IpoTextKey } from './texts/en';

export const IPO_TEXTS: Translations = { tw, jp, en };
