// Success messages (spec §8 "Success messages exist for ...").
import type { MessageGroup } from './types';

export const successMessages = {
  loginSuccess: { tw: '登入成功', jp: 'ログインしました', en: 'Login successful' },
  registerSuccess: { tw: '註冊成功', jp: '登録が完了しました', en: 'Registration successful' },
  modifySuccess: { tw: '修改成功', jp: '変更しました', en: 'Modified successfully' },
  depositSubmitted: { tw: '入金申請已提交', jp: '入金申請を送信しました', en: 'Deposit request submitted' },
  withdrawSubmitted: { tw: '出金申請已提交', jp: '出金申請を送信しました', en: 'Withdrawal request submitted' },
  purchaseSuccess: { tw: '購買成功', jp: '購入しました', en: 'Purchase successful' },
  subscribeSuccess: { tw: '申購成功', jp: '申し込みました', en: 'Subscription successful' },
  placementSuccess: { tw: '配售成功', jp: '割当が完了しました', en: 'Placement successful' },
  followSuccess: { tw: '跟單成功', jp: 'コピートレードを開始しました', en: 'Order following successful' },
  cancelOrderSuccess: { tw: '撤單成功', jp: '注文を取り消しました', en: 'Order cancelled' },
  repaySuccess: { tw: '還款成功', jp: '返済しました', en: 'Repayment successful' },
  exchangeSuccess: { tw: '兌換成功', jp: '両替しました', en: 'Exchange successful' },
  uploadSuccess: { tw: '上傳成功', jp: 'アップロードしました', en: 'upload success' },
  deleteSuccess: { tw: '刪除成功', jp: '削除しました', en: 'Deleted successfully' },
  signInSuccess: { tw: '簽到成功', jp: 'チェックインしました', en: 'Signed in successfully' },
  operationSuccess: { tw: '操作成功', jp: '完了しました', en: 'Operation successful' },
} as const satisfies MessageGroup;
