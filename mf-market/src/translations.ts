// Texts of the market namespace (mf-market). tw, jp and en are complete (one table per
// language in texts/, typed by the English keys); hi and id fall back to en.
import type { Translations } from '@kabuto/shared-sdk';
import { en } from './texts/en';
import { jp } from './texts/jp';
import { tw } from './texts/tw';

export type { MarketTextKey } from './texts/en';

export const MARKET_TEXTS: Translations = { tw, jp, en };
