/** One catalogue message in the three complete languages (hi and id fall back to en). */
export interface MessageTranslation {
  tw: string;
  jp: string;
  en: string;
}

/**
 * A group of messages: semantic camelCase name → its catalogue key, the Traditional Chinese
 * text the server sends in `msg` (and the message's tw text).
 */
export type MessageKeys = Record<string, string>;

/** A group's texts in one more language (jp/, en/): every name of the group, and no other. */
export type MessageTexts<G extends MessageKeys> = { readonly [K in keyof G]: string };
