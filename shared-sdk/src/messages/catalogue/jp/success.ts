// The success messages in Japanese, by name (the names and the catalogue keys: ../success.ts).
import type { successMessages } from '../success';
import type { MessageTexts } from '../types';

export const successMessagesJp: MessageTexts<typeof successMessages> = {
  loginSuccess: 'ログインしました',
  registerSuccess: '登録が完了しました',
  modifySuccess: '変更しました',
  depositSubmitted: '入金申請を送信しました',
  withdrawSubmitted: '出金申請を送信しました',
  purchaseSuccess: '購入しました',
  subscribeSuccess: '申し込みました',
  placementSuccess: '割当が完了しました',
  followSuccess: 'コピートレードを開始しました',
  cancelOrderSuccess: '注文を取り消しました',
  repaySuccess: '返済しました',
  exchangeSuccess: '両替しました',
  uploadSuccess: 'アップロードしました',
  deleteSuccess: '削除しました',
  signInSuccess: 'チェックインしました',
  operationSuccess: '完了しました',
};
