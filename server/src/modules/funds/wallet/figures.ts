import type { CurrencyCode } from '@kabuto/shared-sdk/schemas';

/** One currency of a customer's wallet, in minor units: what the wallet shows and the cache remembers. */
export interface CurrencyFigures {
  currency: CurrencyCode;
  cash: bigint;
  frozen: bigint;
  held: bigint;
  holdLines: { source: string; minor: bigint }[];
  /** The customer's money in other modules' escrow accounts (FundsExtensions.escrowAccounts), by name; nonzero ones only. */
  escrowLines: { source: string; minor: bigint }[];
}

/** Everything the customer owns in this currency: cash, frozen and escrowed. */
export function ownedMinor(f: Pick<CurrencyFigures, 'cash' | 'frozen' | 'escrowLines'>): bigint {
  return f.cash + f.frozen + f.escrowLines.reduce((s, l) => s + l.minor, 0n);
}
