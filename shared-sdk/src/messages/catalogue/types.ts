/** One catalogue message in the three complete languages (hi and id fall back to en). */
export interface MessageTranslation {
  tw: string;
  jp: string;
  en: string;
}

/** A group of messages: semantic camelCase name → translations. `tw` is also the catalogue key. */
export type MessageGroup = Record<string, MessageTranslation>;
