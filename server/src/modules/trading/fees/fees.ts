// The fee lines of spec §3 on every order: commission (config schedule, flat or tiered),
// service fee, buy or sell fee and stamp duty (¥0 in Japan), with the notes shown beside them.
import type { FeeLines } from '@kabuto/shared-sdk/schemas';
import { commissionFor, type TradingConfig } from '../config';
import { jpy } from '../money';

export interface FeeAmounts {
  commission: bigint;
  serviceFee: bigint;
  buyFee: bigint;
  sellFee: bigint;
  stampDuty: bigint;
  total: bigint;
}

export const FEE_NOTES = {
  tw: '佣金依公開費率（預設為零，如日本大型網路券商）；日本股票交易不課印花稅（¥0）。',
  jp: '手数料は公開料金表のとおり（既定は無料、国内大手ネット証券と同様）。日本の株式取引に印紙税はかかりません（¥0）。',
  en: 'Commission per the published schedule (default zero, as at the large Japanese online brokers); Japan has no stamp duty on share trades (¥0).',
};

/** Fees of an order side on `value` yen of fills (0 value → no fees). */
export function feesFor(config: TradingConfig, side: 'buy' | 'sell', value: bigint): FeeAmounts {
  if (value <= 0n) return { commission: 0n, serviceFee: 0n, buyFee: 0n, sellFee: 0n, stampDuty: 0n, total: 0n };
  const commission = commissionFor(config, value);
  const buyFee = side === 'buy' ? config.fees.buyFee : 0n;
  const sellFee = side === 'sell' ? config.fees.sellFee : 0n;
  const f = { commission, serviceFee: config.fees.serviceFee, buyFee, sellFee, stampDuty: config.fees.stampDuty };
  return { ...f, total: f.commission + f.serviceFee + f.buyFee + f.sellFee + f.stampDuty };
}

export function feeLines(f: FeeAmounts): FeeLines {
  return {
    commission: jpy(f.commission),
    serviceFee: jpy(f.serviceFee),
    buyFee: jpy(f.buyFee),
    sellFee: jpy(f.sellFee),
    stampDuty: jpy(f.stampDuty),
    total: jpy(f.total),
    notes: FEE_NOTES,
  };
}

export function addFees(a: FeeAmounts, b: FeeAmounts): FeeAmounts {
  return {
    commission: a.commission + b.commission,
    serviceFee: a.serviceFee + b.serviceFee,
    buyFee: a.buyFee + b.buyFee,
    sellFee: a.sellFee + b.sellFee,
    stampDuty: a.stampDuty + b.stampDuty,
    total: a.total + b.total,
  };
}
