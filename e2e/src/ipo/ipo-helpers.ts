// The IPO screens' own texts and a fresh issue code; a funded, verified customer comes from
// e2e/src/support/money.ts.
import { IPO_TEXTS } from '../../../mf-ipo/src/translations';
import { textFrom } from '../support/texts';

export type IpoLang = 'tw' | 'jp' | 'en';

export function ipoText(key: string, lang: IpoLang = 'en', values: Record<string, string | number> = {}): string {
  return textFrom(IPO_TEXTS, 'ipo', key, lang, values);
}

/** A stock code no other run of the suite uses (4 characters, [0-9A-Z]). */
export function freshIssueCode(): string {
  // A TSE-shaped code (digit, letter, digit, letter) with a Q, which the JPX never issues.
  const n = Date.now();
  return `${n % 10}Q${Math.floor(n / 10) % 10}${'ACDFGHJKLMNPRSTUWXY'[Math.floor(n / 100) % 19]}`;
}
