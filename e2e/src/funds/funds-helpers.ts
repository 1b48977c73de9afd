// The funds screens' own texts; the journey's set-up (signing in, money, the fund password)
// lives in e2e/src/support.
import { FUNDS_TEXTS } from '../../../mf-funds/src/translations';
import { textFrom } from '../support/texts';

export function fundsText(key: string, values: Record<string, string | number> = {}): string {
  return textFrom(FUNDS_TEXTS, 'funds', key, 'en', values);
}
