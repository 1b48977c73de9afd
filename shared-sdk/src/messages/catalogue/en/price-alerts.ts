// The price alerts messages in English, by name (the names and the catalogue keys: ../price-alerts.ts).
import { PRICE_ALERT_MAX_ACTIVE, PRICE_ALERT_MOVE_MIN_PERCENT, PRICE_ALERT_MOVE_MAX_PERCENT, type priceAlertMessages } from '../price-alerts';
import type { MessageTexts } from '../types';

export const priceAlertMessagesEn: MessageTexts<typeof priceAlertMessages> = {
  priceAlertLimitReached: `Price alert limit reached: at most ${PRICE_ALERT_MAX_ACTIVE} active alerts per customer`,
  priceAlertMoveOutOfRange: `The % move must be between ${PRICE_ALERT_MOVE_MIN_PERCENT}% and ${PRICE_ALERT_MOVE_MAX_PERCENT}% (one decimal place)`,
  priceAlertPriceNotOnTick: "The alert price must be a whole number of the stock's ticks (tick size)",
  priceAlertKindInvalid: 'Choose an alert condition',
  priceAlertNotFound: 'No such price alert',
  priceAlertCreated: 'Price alert set',
  priceAlertUpdated: 'Price alert updated',
  priceAlertDeleted: 'Price alert deleted',
};
