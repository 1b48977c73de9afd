// Price alerts (docs/price-alerts.md). The published bounds are part of the text, so a
// refusal names the rule and its number in every language; the numbers come from the shared
// constants the server enforces, so text and rule cannot drift apart.
import type { MessageKeys } from './types';

/** Most alerts one customer may have waiting (active) at once (docs/price-alerts.md §3). */
export const PRICE_ALERT_MAX_ACTIVE = 20;
/** Published range of a % move alert, in percent of the previous close, one decimal place. */
export const PRICE_ALERT_MOVE_MIN_PERCENT = '0.1';
export const PRICE_ALERT_MOVE_MAX_PERCENT = '30';

export const priceAlertMessages = {
  priceAlertLimitReached: `價格提醒已達上限：每人最多${PRICE_ALERT_MAX_ACTIVE}個有效提醒`,
  priceAlertMoveOutOfRange: `漲跌幅須在${PRICE_ALERT_MOVE_MIN_PERCENT}%至${PRICE_ALERT_MOVE_MAX_PERCENT}%之間（最多一位小數）`,
  priceAlertPriceNotOnTick: '提醒價格須為該股票最小變動單位（呼值）的整數倍',
  priceAlertKindInvalid: '請選擇提醒條件',
  priceAlertNotFound: '價格提醒不存在',
  priceAlertCreated: '價格提醒已設定',
  priceAlertUpdated: '價格提醒已更新',
  priceAlertDeleted: '價格提醒已刪除',
} as const satisfies MessageKeys;
