// What the page loads of the market namespace's texts: each language is a chunk of its own,
// fetched when the page shows that language (the server preloads the stored language's).
// Tests and the one-language check read every language at once from ./translations.
import type { TextLoaders } from '@kabuto/shared-sdk';

export const MARKET_TEXT_LOADERS: TextLoaders = {
  tw: () => import(/* webpackChunkName: "texts-tw" */ './texts/tw').then((texts) => texts.tw),
  jp: () => import(/* webpackChunkName: "texts-jp" */ './texts/jp').then((texts) => texts.jp),
  en: () => import(/* webpackChunkName: "texts-en" */ './texts/en').then((texts) => texts.en),
};
