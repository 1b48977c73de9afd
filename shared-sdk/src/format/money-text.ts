// Money as the server sends it (Money.amount: exact major units with the currency's
// decimals) → display text with thousands separators. No rounding and no floats: a
// ledger figure is shown to the last minor unit, so the postings add up on screen.
import type { CurrencyCode, Money } from '../schemas/funds';
import { groupThousands } from './decimal';

/** '-1234567.80' → '-1,234,567.80'; '1500' → '1,500'. */
export function groupAmount(amount: string): string {
  const negative = amount.startsWith('-');
  const [int = '0', frac] = (negative ? amount.slice(1) : amount).split('.');
  return `${negative ? '-' : ''}${groupThousands(int.replace(/^0+(?=\d)/, ''))}${frac !== undefined ? `.${frac}` : ''}`;
}

const SIGNS: Partial<Record<CurrencyCode, string>> = { JPY: '¥', USD: '$' };

/** '¥1,500', '$12.30', '1,000.00 THB'. */
export function formatMoneyText(money: Money): string {
  const sign = SIGNS[money.currency];
  const grouped = groupAmount(money.amount);
  if (!sign) return `${grouped} ${money.currency}`;
  return grouped.startsWith('-') ? `-${sign}${grouped.slice(1)}` : `${sign}${grouped}`;
}

/** A posting or change with its sign always shown: '+¥500', '-$3.00'. */
export function formatSignedMoney(money: Money): string {
  const text = formatMoneyText(money);
  return money.minor.startsWith('-') || money.minor === '0' ? text : `+${text}`;
}
