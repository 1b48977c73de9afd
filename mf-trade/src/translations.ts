// Texts of the trade namespace (mf-trade). tw, jp and en are complete (one table per
// language in texts/, typed by the English keys); hi and id fall back to en.
import type { Translations } from '@kabuto/shared-sdk';
import { en } from './texts/en';
import { jp } from './texts/jp';
import { tw } from './texts/tw';

export type { TradeTextKey } from './texts/en';

export const TRADE_TEXTS: Translations = { tw, jp, en };
