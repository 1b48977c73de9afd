// Success messages (spec §8 "Success messages exist for ...").
import type { MessageKeys } from './types';

export const successMessages = {
  loginSuccess: '登入成功',
  registerSuccess: '註冊成功',
  modifySuccess: '修改成功',
  depositSubmitted: '入金申請已提交',
  withdrawSubmitted: '出金申請已提交',
  purchaseSuccess: '購買成功',
  subscribeSuccess: '申購成功',
  placementSuccess: '配售成功',
  followSuccess: '跟單成功',
  cancelOrderSuccess: '撤單成功',
  repaySuccess: '還款成功',
  exchangeSuccess: '兌換成功',
  uploadSuccess: '上傳成功',
  deleteSuccess: '刪除成功',
  signInSuccess: '簽到成功',
  operationSuccess: '操作成功',
} as const satisfies MessageKeys;
