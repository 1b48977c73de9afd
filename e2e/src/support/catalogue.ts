// A catalogue message as the page shows it, for the expectations. The page fetches the
// catalogue's jp and en texts for its language (shared-sdk messages/translate.ts); this suite
// reads them from the SDK's sources instead, as it reads the remotes' texts.
import type { Lang } from '@kabuto/shared-sdk';
import { MSG, catalogueLang, type MessageName } from '@kabuto/shared-sdk/messages';
import { MESSAGES_EN } from '../../../shared-sdk/src/messages/catalogue/en';
import { MESSAGES_JP } from '../../../shared-sdk/src/messages/catalogue/jp';

const TABLES = { jp: MESSAGES_JP, en: MESSAGES_EN };

export function messageText(name: MessageName, lang: Lang): string {
  const target = catalogueLang(lang);
  return target === 'tw' ? MSG[name] : TABLES[target][name];
}
