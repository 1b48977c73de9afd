// Amounts as the server answers them ({ currency, minor, amount }): shown, never computed.
export interface MoneyView {
  currency: string;
  minor: string;
  amount: string;
}

/** '1300000' → '1,300,000' (the decimals, if any, untouched): grouping only, no arithmetic. */
function grouped(amount: string): string {
  const [whole = '', fraction] = amount.split('.');
  const digits = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? digits : `${digits}.${fraction}`;
}

export function moneyText(money: MoneyView | null | undefined): string {
  return money ? `${grouped(money.amount)} ${money.currency}` : '—';
}

/** An instant in Japan time with its zone (the server answers UTC ISO instants). */
export { jstText as when } from '../i18n/enum-text';
