// The price alerts messages in Japanese, by name (the names and the catalogue keys: ../price-alerts.ts).
import { PRICE_ALERT_MAX_ACTIVE, PRICE_ALERT_MOVE_MIN_PERCENT, PRICE_ALERT_MOVE_MAX_PERCENT, type priceAlertMessages } from '../price-alerts';
import type { MessageTexts } from '../types';

export const priceAlertMessagesJp: MessageTexts<typeof priceAlertMessages> = {
  priceAlertLimitReached: `株価アラートの上限に達しています（有効なアラートは1人${PRICE_ALERT_MAX_ACTIVE}件まで）`,
  priceAlertMoveOutOfRange: `騰落率は${PRICE_ALERT_MOVE_MIN_PERCENT}%〜${PRICE_ALERT_MOVE_MAX_PERCENT}%（小数点以下1桁まで）で指定してください`,
  priceAlertPriceNotOnTick: 'アラート価格は銘柄の呼値の単位で指定してください',
  priceAlertKindInvalid: 'アラートの条件を選んでください',
  priceAlertNotFound: '該当する株価アラートがありません',
  priceAlertCreated: '株価アラートを設定しました',
  priceAlertUpdated: '株価アラートを更新しました',
  priceAlertDeleted: '株価アラートを削除しました',
};
