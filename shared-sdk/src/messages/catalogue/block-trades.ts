// Block trades (issue 13, docs/block-trades.md): the operator's refusals when publishing an offer
// or stocking the inventory. The customer's refusals are the spec's own trading messages
// (blockTradeClosed, dailyPurchaseLimitReached, belowMinimumBuy, aboveMaximumBuy, lockUpPeriod,
// productNotFound); the band's number comes from the shared constant the server enforces.
import type { MessageGroup } from './types';

const BAND = 7;

export const blockTradeMessages = {
  blockOfferInvalid: {
    tw: '大宗交易要約無效：請檢查數量、時段、最低股數（≥300）與最低金額（≥1,500,000日圓）',
    jp: 'ブロックオファーが無効です：数量、受付時間、最低株数（300株以上）、最低金額（150万円以上）を確認してください',
    en: 'Invalid block offer: check the quantity, window, minimum shares (≥ 300) and minimum amount (≥ ¥1,500,000)',
  },
  blockPriceOutOfBand: {
    tw: `大宗交易價格須在前日收盤價的±${BAND}%以內`,
    jp: `ブロック取引の価格は前日終値の±${BAND}%以内で設定してください`,
    en: `Block price must be within ±${BAND}% of the previous close`,
  },
  blockInventoryShort: {
    tw: '自營庫存不足，無法發布此數量',
    jp: '自己在庫が不足しているため、この数量は公開できません',
    en: 'Not enough broker inventory for this quantity',
  },
  blockInventoryInvalid: {
    tw: '庫存入帳無效：股數須為100股的整數倍，價格須為正數',
    jp: '在庫の計上が無効です：株数は100株単位、価格は正の数で指定してください',
    en: 'Invalid inventory entry: shares in whole lots of 100 and a positive price',
  },
} satisfies MessageGroup;
