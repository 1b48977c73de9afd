// The ipo messages in Japanese, by name (the names and the catalogue keys: ../ipo.ts).
import type { ipoMessages } from '../ipo';
import type { MessageTexts } from '../types';

export const ipoMessagesJp: MessageTexts<typeof ipoMessages> = {
  ipoIssueNotFound: '該当する新規公開株がありません',
  ipoUnitsNotWholeLots: '申込株数は単元（100株）単位で入力してください',
  ipoUnitsAboveMax: '1人あたりの申込上限を超えています',
  ipoUnitsNotPositive: '申込株数は0より大きくしてください',
  ipoSubscriptionNotFound: '申込記録がありません',
  ipoPaymentDeadlinePassed: '購入申込期限を過ぎています',
  ipoNotWon: '落選のため購入手続きはできません',
  ipoAlreadyPaid: '購入済みのため辞退できません',
  ipoAlreadyWaived: '辞退済みです',
  ipoNotDrawnYet: 'まだ抽選されていません',
  ipoAlreadyDrawn: '抽選済みのため再抽選はできません',
  ipoDrawTooEarly: '申込期間中のため抽選できません',
  ipoOfferPriceMissing: '公開価格が決定していません',
  ipoOfferPriceOutOfRange: '公開価格は仮条件の範囲内で設定してください',
  ipoIssueInvalid: '新規公開株の設定が正しくありません',
  ipoIssueCodeTaken: 'この銘柄コードは既に使われています',
  ipoNotListableYet: 'まだ上場できる状態ではありません',
  ipoAlreadyListed: '上場済みです',
  ipoPaySuccess: '購入手続きが完了しました',
  ipoWaiveSuccess: '購入を辞退しました',
};
