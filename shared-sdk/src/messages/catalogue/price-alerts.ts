// Price alerts (issue 13, docs/price-alerts.md). The published bounds are part of the text, so a
// refusal names the rule and its number in every language; the numbers come from the shared
// constants the server enforces, so text and rule cannot drift apart.
import type { MessageGroup } from './types';

/** Most alerts one customer may have waiting (active) at once (docs/price-alerts.md §3). */
export const PRICE_ALERT_MAX_ACTIVE = 20;
/** Published range of a % move alert, in percent of the previous close, one decimal place. */
export const PRICE_ALERT_MOVE_MIN_PERCENT = '0.1';
export const PRICE_ALERT_MOVE_MAX_PERCENT = '30';

export const priceAlertMessages = {
  priceAlertLimitReached: {
    tw: `價格提醒已達上限：每人最多${PRICE_ALERT_MAX_ACTIVE}個有效提醒`,
    jp: `株価アラートの上限に達しています（有効なアラートは1人${PRICE_ALERT_MAX_ACTIVE}件まで）`,
    en: `Price alert limit reached: at most ${PRICE_ALERT_MAX_ACTIVE} active alerts per customer`,
  },
  priceAlertMoveOutOfRange: {
    tw: `漲跌幅須在${PRICE_ALERT_MOVE_MIN_PERCENT}%至${PRICE_ALERT_MOVE_MAX_PERCENT}%之間（最多一位小數）`,
    jp: `騰落率は${PRICE_ALERT_MOVE_MIN_PERCENT}%〜${PRICE_ALERT_MOVE_MAX_PERCENT}%（小数点以下1桁まで）で指定してください`,
    en: `The % move must be between ${PRICE_ALERT_MOVE_MIN_PERCENT}% and ${PRICE_ALERT_MOVE_MAX_PERCENT}% (one decimal place)`,
  },
  priceAlertPriceNotOnTick: {
    tw: '提醒價格須為該股票最小變動單位（呼值）的整數倍',
    jp: 'アラート価格は銘柄の呼値の単位で指定してください',
    en: "The alert price must be a whole number of the stock's ticks (tick size)",
  },
  priceAlertKindInvalid: { tw: '請選擇提醒條件', jp: 'アラートの条件を選んでください', en: 'Choose an alert condition' },
  priceAlertNotFound: { tw: '價格提醒不存在', jp: '該当する株価アラートがありません', en: 'No such price alert' },
  priceAlertCreated: { tw: '價格提醒已設定', jp: '株価アラートを設定しました', en: 'Price alert set' },
  priceAlertUpdated: { tw: '價格提醒已更新', jp: '株価アラートを更新しました', en: 'Price alert updated' },
  priceAlertDeleted: { tw: '價格提醒已刪除', jp: '株価アラートを削除しました', en: 'Price alert deleted' },
} satisfies MessageGroup;
