import type { CurrencyCode } from '@kabuto/shared-sdk/schemas';

/** One currency of a customer's wallet, in minor units: what the wallet shows and the cache remembers. */
export interface CurrencyFigures {
  currency: CurrencyCode;
  cash: bigint;
  frozen: bigint;
  held: bigint;
  holdLines: { source: string; minor: bigint }[];
}
