// The support chat messages in English, by name (the names and the catalogue keys: ../support.ts).
import { SUPPORT_ATTACHMENTS_MAX, SUPPORT_COMMENT_MAX, SUPPORT_SEND_PER_MINUTE, SUPPORT_TEXT_MAX, type supportMessages } from '../support';
import type { MessageTexts } from '../types';

export const supportMessagesEn: MessageTexts<typeof supportMessages> = {
  supportMessageEmpty: 'Type a message or attach an image',
  supportTextTooLong: `A message can be at most ${SUPPORT_TEXT_MAX} characters`,
  supportTooManyAttachments: `A message can carry at most ${SUPPORT_ATTACHMENTS_MAX} images`,
  supportAttachmentNotFound: 'The attachment does not exist or has already been used',
  supportMessageNotFound: 'The support message does not exist',
  supportConversationNotFound: 'The support conversation does not exist',
  supportSendTooFrequent: `Sending too often: at most ${SUPPORT_SEND_PER_MINUTE} messages a minute`,
  supportRatingInvalid: 'Choose 1 to 5 stars',
  supportCommentTooLong: `A comment can be at most ${SUPPORT_COMMENT_MAX} characters`,
  supportRateNotResolved: 'You can rate support once the conversation is resolved',
  supportAlreadyRated: 'You have already rated this resolution',
  supportTopicInvalid: 'Choose what your question is about',
  supportCannedInvalid: 'Give the canned reply a title (at most 80 characters)',
  supportCannedNotFound: 'The canned reply does not exist',
  supportOperatorNotFound: 'No such support operator',
  supportSent: 'Message sent',
  supportRated: 'Thank you for your rating',
  supportDepositRequested: 'Deposit request sent; support will review it',
  supportNoteAdded: 'Private note added',
  supportAssigned: 'Conversation assigned',
  supportStatusChanged: 'Conversation status updated',
  supportCannedCreated: 'Canned reply added',
  supportCannedDeleted: 'Canned reply deleted',
};
