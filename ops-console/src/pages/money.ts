// Amounts as the server answers them ({ currency, minor, amount }): shown, never computed.
export interface MoneyView {
  currency: string;
  minor: string;
  amount: string;
}

export function moneyText(money: MoneyView | null | undefined): string {
  return money ? `${money.amount} ${money.currency}` : '—';
}

export function when(iso: string | null | undefined): string {
  return iso ? iso.replace('T', ' ').replace(/\.\d+Z$/, 'Z') : '—';
}
