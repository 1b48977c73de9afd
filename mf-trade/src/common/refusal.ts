// A refusal as the customer reads it: the catalogue's message, then the figures the server
// named with it (the rule's amounts, SDK 2.12 `refusalWithFigures`), so "Insufficient buying
// power" also says how much was needed and how much there is.
import { detailMoney, formatDateKey, refusalWithFigures, type Lang } from '@kabuto/shared-sdk';
import type { TradeTextKey } from '../texts/en';
import { formatPrice } from './format';

type Translate = (key: TradeTextKey, values?: Record<string, string | number>) => string;

function plain(value: unknown): string | null {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

/** The figures of a trading refusal by its rule (docs/api/trading.md), or '' for a rule without any. */
export function refusalFigures(detail: Readonly<Record<string, unknown>>, t: Translate, lang: Lang): string {
  const money = (key: string) => detailMoney(detail, key);
  switch (detail.rule) {
    case 'buying-power': {
      const [required, buyingPower] = [money('required'), money('buyingPower')];
      return required && buyingPower ? t('refusal.buyingPower', { required, buyingPower }) : '';
    }
    // Following a strategy below its minimum (docs/strategies.md §4).
    case 'product-minimum': {
      const [amount, minimum] = [money('amount'), money('minimum')];
      return amount && minimum ? t('refusal.productMinimum', { amount, minimum }) : '';
    }
    case 'minimum-deposit': {
      const [required, cash] = [money('required'), money('cash')];
      return required && cash ? t('refusal.minimumDeposit', { required, cash }) : '';
    }
    case 'close-at-most-held': {
      const lots = plain(detail.heldLots);
      return lots ? t('refusal.heldLots', { lots }) : '';
    }
    case 'lock-up': {
      const date = typeof detail.sellableFrom === 'string' ? formatDateKey(detail.sellableFrom, lang) : '';
      return date ? t('refusal.sellableFrom', { date }) : '';
    }
    case 'daily-price-limit': {
      const [lower, upper] = [plain(detail.lowerLimit), plain(detail.upperLimit)];
      return lower && upper ? t('refusal.todaysLimits', { lower: formatPrice(lower), upper: formatPrice(upper) }) : '';
    }
    // Conditional orders (docs/trading.md §11): a stop on the wrong side of the last price, and
    // OCO legs that do not lie either side of it.
    case 'buy-stop-above-last':
    case 'sell-stop-below-last': {
      const [stop, last] = [plain(detail.stop), plain(detail.last)];
      return stop && last ? t('refusal.stopAndLast', { stop: formatPrice(stop), last: formatPrice(last) }) : '';
    }
    case 'buy: limit < last < stop':
    case 'sell: stop < last < limit': {
      const [limit, stop, last] = [plain(detail.limit), plain(detail.stop), plain(detail.last)];
      return limit && stop && last ? t('refusal.ocoPrices', { limit: formatPrice(limit), stop: formatPrice(stop), last: formatPrice(last) }) : '';
    }
    case 'tick': {
      const [below, above] = [plain(detail.below), plain(detail.above)];
      return below && above ? t('ticket.nearestTicks', { below: formatPrice(below), above: formatPrice(above) }) : '';
    }
    // A fee-discount coupon on an order (docs/api/rewards.md).
    case 'min-order-value': {
      const [minimum, orderValue] = [money('minOrderValue'), money('orderValue')];
      return minimum && orderValue ? t('refusal.couponMinimum', { minimum, orderValue }) : '';
    }
    // A strategy closed to new copiers after a high risk score (docs/strategies.md §2).
    case 'risk-closed': {
      const [score, threshold] = [plain(detail.riskScore) ?? plain(detail.monthlyAverage), plain(detail.threshold)];
      const until = typeof detail.until === 'string' ? formatDateKey(detail.until, lang) : '';
      return score && threshold && until ? t('refusal.riskClosed', { score, threshold, until }) : '';
    }
    case 'expiry': {
      const date = typeof detail.expiresOn === 'string' ? formatDateKey(detail.expiresOn, lang) : '';
      return date ? t('refusal.couponExpired', { date }) : '';
    }
    default:
      return '';
  }
}

/** An RTK Query error's text with its figures: 'Insufficient buying power · Required ¥267,300, buying power ¥0'. */
export function refusalText(error: unknown, t: Translate, lang: Lang): string {
  return refusalWithFigures(error, (detail) => refusalFigures(detail, t, lang));
}
