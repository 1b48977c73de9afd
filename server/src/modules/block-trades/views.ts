// Answers of the customer calls (docs/api/block-trades.md) built from the rows.
import {
  BLOCK_LOT_SHARES,
  BLOCK_PRICE_BAND_BP,
  BLOCK_PRICE_RULE_SOURCE,
  blockOfferStatus,
  type BlockOffer,
  type BlockPurchase,
} from '@kabuto/shared-sdk/schemas';
import { toMoney } from '../funds';
import type { BlockOfferRow, BlockPurchaseRow } from './schema';

export const jpy = (yen: bigint) => toMoney('JPY', yen);
/** Tenths of a yen → yen text (one decimal only when there is one). */
export const yenText = (tenths: number) => (tenths % 10 === 0 ? String(tenths / 10) : (tenths / 10).toFixed(1));
export const percentText = (bp: number) => (bp / 100).toFixed(2);
export const orderNoOf = (positionId: number) => `K${String(positionId).padStart(8, '0')}`;

export interface MyBuys {
  boughtToday: number;
  bought: number;
}

export function offerView(offer: BlockOfferRow, mine: MyBuys, now: Date): BlockOffer {
  const available = offer.quantity - offer.sold;
  return {
    id: offer.id,
    code: offer.code,
    name: offer.names,
    price: yenText(offer.price),
    rule: {
      basis: 'previousClose',
      previousClose: yenText(offer.referenceClose),
      percent: percentText(offer.premiumBp),
      bandPercent: BLOCK_PRICE_BAND_BP / 100,
      source: BLOCK_PRICE_RULE_SOURCE,
    },
    quantity: offer.quantity,
    available,
    windowStart: offer.windowStart.toISOString(),
    windowEnd: offer.windowEnd.toISOString(),
    status: blockOfferStatus({ ...offer, available }, now),
    lotShares: BLOCK_LOT_SHARES,
    minShares: offer.minShares,
    minAmount: jpy(offer.minAmount),
    dailyLimit: offer.dailyLimit,
    maxPerCustomer: offer.maxPerCustomer,
    lockUpDays: offer.lockUpDays,
    mine,
    offAuction: true,
    simulated: true,
  };
}

export function purchaseView(offer: Pick<BlockOfferRow, 'code' | 'names'>, p: BlockPurchaseRow): BlockPurchase {
  return {
    id: p.id,
    offerId: p.offerId,
    code: offer.code,
    name: offer.names,
    shares: p.shares,
    price: yenText(p.price),
    amount: jpy(p.amount),
    positionId: p.positionId,
    orderNo: orderNoOf(p.positionId),
    lockUpUntil: p.lockUpUntil,
    at: p.createdAt.toISOString(),
    offAuction: true,
    simulated: true,
  };
}
