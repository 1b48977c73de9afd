// The success messages in English, by name (the names and the catalogue keys: ../success.ts).
import type { successMessages } from '../success';
import type { MessageTexts } from '../types';

export const successMessagesEn: MessageTexts<typeof successMessages> = {
  loginSuccess: 'Login successful',
  registerSuccess: 'Registration successful',
  modifySuccess: 'Modified successfully',
  depositSubmitted: 'Deposit request submitted',
  withdrawSubmitted: 'Withdrawal request submitted',
  purchaseSuccess: 'Purchase successful',
  subscribeSuccess: 'Subscription successful',
  placementSuccess: 'Placement successful',
  followSuccess: 'Order following successful',
  cancelOrderSuccess: 'Order cancelled',
  repaySuccess: 'Repayment successful',
  exchangeSuccess: 'Exchange successful',
  uploadSuccess: 'upload success',
  deleteSuccess: 'Deleted successfully',
  signInSuccess: 'Signed in successfully',
  operationSuccess: 'Operation successful',
};
