// A refusal as the customer reads it: the catalogue's message, then the figures the server
// named with it (SDK 2.11 `errorDetail`), as mf-trade's refusal.ts says its own. An
// application needs its escrow in buying power, so "Insufficient buying power" also says how
// much the lots hold and how much there is.
import { errorDetail, errorMessage, formatMoneyText } from '@kabuto/shared-sdk';
import type { Money } from '@kabuto/shared-sdk/schemas';
import type { IpoTextKey } from '../texts/en';

type Translate = (key: IpoTextKey, values?: Record<string, string | number>) => string;

// A copy of mf-trade's three lines: remotes never import each other, and two users are too
// few to make it SDK surface.
function isMoney(value: unknown): value is Money {
  return typeof value === 'object' && value !== null && typeof (value as Money).amount === 'string' && typeof (value as Money).currency === 'string';
}

/** The figures of an IPO refusal by its rule (docs/api/ipo.md), or '' for a rule without any. */
export function refusalFigures(detail: Readonly<Record<string, unknown>>, t: Translate): string {
  const money = (key: string) => {
    const value = detail[key];
    return isMoney(value) ? formatMoneyText(value) : null;
  };
  switch (detail.rule) {
    case 'buying-power': {
      const [required, buyingPower] = [money('required'), money('buyingPower')];
      return required && buyingPower ? t('refusal.buyingPower', { required, buyingPower }) : '';
    }
    default:
      return '';
  }
}

/** An RTK Query error's text with its figures: 'Insufficient buying power · Required ¥405,000, buying power ¥100,000'. */
export function refusalText(error: unknown, t: Translate): string {
  const message = errorMessage(error);
  const detail = errorDetail(error);
  const figures = detail ? refusalFigures(detail, t) : '';
  return message && figures ? `${message} · ${figures}` : message;
}
