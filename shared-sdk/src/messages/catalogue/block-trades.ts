// Block trades (docs/block-trades.md): the operator's refusals when publishing an offer
// or stocking the inventory. The customer's refusals are the spec's own trading messages
// (blockTradeClosed, dailyPurchaseLimitReached, belowMinimumBuy, aboveMaximumBuy, lockUpPeriod,
// productNotFound); the band's number comes from the shared constant the server enforces.
import type { MessageKeys } from './types';

export const BAND = 7;

export const blockTradeMessages = {
  blockOfferInvalid: '大宗交易要約無效：請檢查數量、時段、最低股數（≥300）與最低金額（≥1,500,000日圓）',
  blockPriceOutOfBand: `大宗交易價格須在前日收盤價的±${BAND}%以內`,
  blockInventoryShort: '自營庫存不足，無法發布此數量',
  blockInventoryInvalid: '庫存入帳無效：股數須為100股的整數倍，價格須為正數',
} as const satisfies MessageKeys;
