// The investment trust messages in Japanese, by name (the names and the catalogue keys: ../trust.ts).
import type { trustMessages } from '../trust';
import type { MessageTexts } from '../types';

export const trustMessagesJp: MessageTexts<typeof trustMessages> = {
  trustUnitsInsufficient: '保有口数が不足しています',
  trustUnitsInvalid: '正しい口数を入力してください',
  trustSubscribeAccepted: '購入を受け付けました。次回の基準価額で約定します',
  trustRedeemAccepted: '解約を受け付けました。次回の基準価額で約定します',
  trustCreated: '投資信託を設定しました',
  trustFeeInvalid: '信託報酬は年 0〜300 ベーシスポイントの整数で指定してください',
  trustCancelled: '申込を取り消しました',
  trustRequestNotPending: 'この申込は約定済みまたは取消済みのため取り消せません',
  trustCancelPastCutoff: '取消の締切（基準価額日の大引け）を過ぎています。基準価額の算出中のため取り消せません',
  trustOwesRedemptions: '信託財産に未払いの解約代金があるため、支払いが済むまで買い注文をコピーしません',
};
