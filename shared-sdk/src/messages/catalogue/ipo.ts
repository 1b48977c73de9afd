// IPO subscriptions (issue 12, docs/api/ipo.md). Spec §8's subscription messages
// (subscribeOnceOnly, orderNotSubscribing, subscriptionNotStarted, subscriptionChannelClosed,
// notYetListed) already live in the trading group; these are the IPO-only refusals.
import type { MessageGroup } from './types';

export const ipoMessages = {
  ipoIssueNotFound: { tw: '新股不存在', jp: '該当する新規公開株がありません', en: 'No such new issue' },
  ipoUnitsNotWholeLots: {
    tw: '申購數量須為整數手（1手=100股）',
    jp: '申込株数は単元（100株）単位で入力してください',
    en: 'Apply for whole lots (1 lot = 100 shares)',
  },
  ipoUnitsAboveMax: { tw: '超過每人申購上限', jp: '1人あたりの申込上限を超えています', en: 'Above the per-customer maximum' },
  ipoUnitsNotPositive: { tw: '申購數量須大於零', jp: '申込株数は0より大きくしてください', en: 'Units must be more than zero' },
  ipoSubscriptionNotFound: { tw: '申購記錄不存在', jp: '申込記録がありません', en: 'No such subscription' },
  ipoPaymentDeadlinePassed: { tw: '已超過繳款期限', jp: '購入申込期限を過ぎています', en: 'The payment deadline has passed' },
  ipoNotWon: { tw: '未中籤，無需繳款', jp: '落選のため購入手続きはできません', en: 'Not won: there is nothing to pay' },
  ipoAlreadyPaid: { tw: '已繳款，不可放棄', jp: '購入済みのため辞退できません', en: 'Already paid: it cannot be waived' },
  ipoAlreadyWaived: { tw: '已放棄認購', jp: '辞退済みです', en: 'Already waived' },
  ipoNotDrawnYet: { tw: '尚未抽籤', jp: 'まだ抽選されていません', en: 'Not drawn yet' },
  ipoAlreadyDrawn: { tw: '已抽籤，不可重新抽籤', jp: '抽選済みのため再抽選はできません', en: 'Already drawn: it cannot be drawn again' },
  ipoDrawTooEarly: { tw: '申購尚未截止，不可抽籤', jp: '申込期間中のため抽選できません', en: 'Applications have not closed: cannot draw yet' },
  ipoOfferPriceMissing: { tw: '尚未決定公開價格', jp: '公開価格が決定していません', en: 'The offer price is not set yet' },
  ipoOfferPriceOutOfRange: {
    tw: '公開價格須在價格區間內',
    jp: '公開価格は仮条件の範囲内で設定してください',
    en: 'The offer price must be inside the indicative range',
  },
  ipoIssueInvalid: { tw: '新股資料錯誤', jp: '新規公開株の設定が正しくありません', en: 'Invalid new-issue settings' },
  ipoIssueCodeTaken: { tw: '股票代碼已存在', jp: 'この銘柄コードは既に使われています', en: 'That stock code is already in use' },
  ipoNotListableYet: { tw: '尚未到上市條件', jp: 'まだ上場できる状態ではありません', en: 'Not ready to list yet' },
  ipoAlreadyListed: { tw: '已上市', jp: '上場済みです', en: 'Already listed' },
  ipoPaySuccess: { tw: '繳款成功', jp: '購入手続きが完了しました', en: 'Payment completed' },
  ipoWaiveSuccess: { tw: '放棄認購成功', jp: '購入を辞退しました', en: 'Purchase waived' },
} satisfies MessageGroup;
