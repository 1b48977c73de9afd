// The investment trust messages in English, by name (the names and the catalogue keys: ../trust.ts).
import type { trustMessages } from '../trust';
import type { MessageTexts } from '../types';

export const trustMessagesEn: MessageTexts<typeof trustMessages> = {
  trustUnitsInsufficient: 'Not enough trust units held',
  trustUnitsInvalid: 'Enter a valid number of units',
  trustSubscribeAccepted: 'Subscription accepted: it is priced at the next NAV',
  trustRedeemAccepted: 'Redemption accepted: it is priced at the next NAV',
  trustCreated: 'Investment trust created',
  trustFeeInvalid: 'The trust fee must be a whole number of basis points a year, from 0 to 300',
  trustCancelled: 'Request cancelled',
  trustRequestNotPending: 'This request is already filled or cancelled and cannot be cancelled',
  trustCancelPastCutoff: 'Past the cancellation cut-off (the close of its NAV date): the request is being priced and cannot be cancelled',
  trustOwesRedemptions: 'The trust owes redemption proceeds: it mirrors no buy until they are paid',
};
