// The investment trust that follows a strategy (docs/strategies.md "Investment trust"). The spec's
// own messages stay where they are (belowProductMinimum, productNotFound); these are the trust's
// refusals and answers the spec does not name. Each refusal travels with the rule and the figure.
import type { MessageKeys } from './types';

export const trustMessages = {
  trustUnitsInsufficient: '持有的信託單位不足',
  trustUnitsInvalid: '請輸入正確的單位數',
  trustSubscribeAccepted: '申購已受理，將以下一個基準價格成交',
  trustRedeemAccepted: '贖回已受理，將以下一個基準價格成交',
  trustCreated: '投資信託已建立',
  trustFeeInvalid: '信託報酬須為每年 0 至 300 個基點的整數',
  trustCancelled: '申請已取消',
  trustRequestNotPending: '此申請已成交或已取消，無法取消',
  trustCancelPastCutoff: '已過取消截止時間（基準價格日收盤），此申請正在計價中，無法取消',
  trustOwesRedemptions: '信託尚欠贖回款項：款項付清前不跟隨任何買入',
} as const satisfies MessageKeys;
