// A refusal as the customer reads it: the catalogue's message, then the figures the server
// named with it (SDK 2.12 `refusalWithFigures`), as mf-trade's refusal.ts says its own. An
// application needs its escrow in buying power, so "Insufficient buying power" also says how
// much the lots hold and how much there is.
import { detailMoney, refusalWithFigures } from '@kabuto/shared-sdk';
import type { IpoTextKey } from '../texts/en';

type Translate = (key: IpoTextKey, values?: Record<string, string | number>) => string;

/** The figures of an IPO refusal by its rule (docs/api/ipo.md), or '' for a rule without any. */
export function refusalFigures(detail: Readonly<Record<string, unknown>>, t: Translate): string {
  switch (detail.rule) {
    case 'buying-power': {
      const [required, buyingPower] = [detailMoney(detail, 'required'), detailMoney(detail, 'buyingPower')];
      return required && buyingPower ? t('refusal.buyingPower', { required, buyingPower }) : '';
    }
    default:
      return '';
  }
}

/** An RTK Query error's text with its figures: 'Insufficient buying power · Required ¥405,000, buying power ¥100,000'. */
export function refusalText(error: unknown, t: Translate): string {
  return refusalWithFigures(error, (detail) => refusalFigures(detail, t));
}
