// Amounts as the server answers them ({ currency, minor, amount }): shown, never computed.
export interface MoneyView {
  currency: string;
  minor: string;
  amount: string;
}

export function moneyText(money: MoneyView | null | undefined): string {
  return money ? `${money.amount} ${money.currency}` : '—';
}

/** An instant in Japan time with its zone (the server answers UTC ISO instants). */
export { jstText as when } from '../i18n/enum-text';
