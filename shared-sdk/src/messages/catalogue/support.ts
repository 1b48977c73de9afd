// Customer support chat (docs/support.md). The published bounds are part of the text, so a
// refusal names the rule and its number in every language; the numbers come from the shared
// constants the server enforces, so text and rule cannot drift apart.
import type { MessageKeys } from './types';

/** Longest message text, in characters (after trimming). */
export const SUPPORT_TEXT_MAX = 2000;
/** Most images one message may carry. */
export const SUPPORT_ATTACHMENTS_MAX = 4;
/** Most messages one page of support/messages answers. */
export const SUPPORT_PAGE_MAX = 50;
/** Longest rating comment, in characters. */
export const SUPPORT_COMMENT_MAX = 500;
/** Messages one customer may send per minute (support/send). */
export const SUPPORT_SEND_PER_MINUTE = 20;

export const supportMessages = {
  supportMessageEmpty: '請輸入訊息或附加圖片',
  supportTextTooLong: `訊息最多${SUPPORT_TEXT_MAX}字`,
  supportTooManyAttachments: `每則訊息最多附加${SUPPORT_ATTACHMENTS_MAX}張圖片`,
  supportAttachmentNotFound: '附件不存在或已被使用',
  supportMessageNotFound: '客服訊息不存在',
  supportConversationNotFound: '客服對話不存在',
  supportSendTooFrequent: `訊息發送過於頻繁：每分鐘最多${SUPPORT_SEND_PER_MINUTE}則`,
  supportRatingInvalid: '請選擇1至5顆星',
  supportCommentTooLong: `評語最多${SUPPORT_COMMENT_MAX}字`,
  supportRateNotResolved: '對話結案後才能評分',
  supportAlreadyRated: '本次服務已評分',
  supportTopicInvalid: '請選擇諮詢主題',
  supportCannedInvalid: '請輸入範本標題（最多80字）',
  supportCannedNotFound: '回覆範本不存在',
  supportOperatorNotFound: '客服人員不存在',
  supportSent: '訊息已送出',
  supportRated: '感謝您的評分',
  supportDepositRequested: '入金申請已送出，客服將為您審核',
  supportNoteAdded: '內部備註已新增',
  supportAssigned: '對話已指派',
  supportStatusChanged: '對話狀態已更新',
  supportCannedCreated: '回覆範本已新增',
  supportCannedDeleted: '回覆範本已刪除',
} as const satisfies MessageKeys;
