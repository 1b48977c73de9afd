// The support chat messages in Japanese, by name (the names and the catalogue keys: ../support.ts).
import { SUPPORT_ATTACHMENTS_MAX, SUPPORT_COMMENT_MAX, SUPPORT_SEND_PER_MINUTE, SUPPORT_TEXT_MAX, type supportMessages } from '../support';
import type { MessageTexts } from '../types';

export const supportMessagesJp: MessageTexts<typeof supportMessages> = {
  supportMessageEmpty: 'メッセージを入力するか画像を添付してください',
  supportTextTooLong: `メッセージは${SUPPORT_TEXT_MAX}文字以内で入力してください`,
  supportTooManyAttachments: `1回に添付できる画像は${SUPPORT_ATTACHMENTS_MAX}枚までです`,
  supportAttachmentNotFound: '添付ファイルが見つからないか、すでに使用されています',
  supportMessageNotFound: '該当するメッセージがありません',
  supportConversationNotFound: '該当するお問い合わせがありません',
  supportSendTooFrequent: `送信回数が多すぎます（1分間に${SUPPORT_SEND_PER_MINUTE}件まで）`,
  supportRatingInvalid: '評価は星1〜5で選んでください',
  supportCommentTooLong: `コメントは${SUPPORT_COMMENT_MAX}文字以内で入力してください`,
  supportRateNotResolved: '評価はお問い合わせの解決後にできます',
  supportAlreadyRated: '今回の対応はすでに評価済みです',
  supportTopicInvalid: 'お問い合わせ内容を選んでください',
  supportCannedInvalid: '定型文のタイトルを入力してください（80文字以内）',
  supportCannedNotFound: '該当する定型文がありません',
  supportOperatorNotFound: '該当する担当者がいません',
  supportSent: 'メッセージを送信しました',
  supportRated: '評価いただきありがとうございます',
  supportDepositRequested: '入金申請を送信しました。サポートが確認します',
  supportNoteAdded: '社内メモを追加しました',
  supportAssigned: '担当者を割り当てました',
  supportStatusChanged: 'ステータスを更新しました',
  supportCannedCreated: '定型文を追加しました',
  supportCannedDeleted: '定型文を削除しました',
};
