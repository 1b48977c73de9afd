// IPO subscriptions (docs/api/ipo.md). Spec §8's subscription messages
// (subscribeOnceOnly, orderNotSubscribing, subscriptionNotStarted, subscriptionChannelClosed,
// notYetListed) already live in the trading group; these are the IPO-only refusals.
import type { MessageKeys } from './types';

export const ipoMessages = {
  ipoIssueNotFound: '新股不存在',
  ipoUnitsNotWholeLots: '申購數量須為整數手（1手=100股）',
  ipoUnitsAboveMax: '超過每人申購上限',
  ipoUnitsNotPositive: '申購數量須大於零',
  ipoSubscriptionNotFound: '申購記錄不存在',
  ipoPaymentDeadlinePassed: '已超過繳款期限',
  ipoNotWon: '未中籤，無需繳款',
  ipoAlreadyPaid: '已繳款，不可放棄',
  ipoAlreadyWaived: '已放棄認購',
  ipoNotDrawnYet: '尚未抽籤',
  ipoAlreadyDrawn: '已抽籤，不可重新抽籤',
  ipoDrawTooEarly: '申購尚未截止，不可抽籤',
  ipoOfferPriceMissing: '尚未決定公開價格',
  ipoOfferPriceOutOfRange: '公開價格須在價格區間內',
  ipoIssueInvalid: '新股資料錯誤',
  ipoIssueCodeTaken: '股票代碼已存在',
  ipoNotListableYet: '尚未到上市條件',
  ipoAlreadyListed: '已上市',
  ipoPaySuccess: '繳款成功',
  ipoWaiveSuccess: '放棄認購成功',
} as const satisfies MessageKeys;
