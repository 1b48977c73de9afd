// The ipo messages in English, by name (the names and the catalogue keys: ../ipo.ts).
import type { ipoMessages } from '../ipo';
import type { MessageTexts } from '../types';

export const ipoMessagesEn: MessageTexts<typeof ipoMessages> = {
  ipoIssueNotFound: 'No such new issue',
  ipoUnitsNotWholeLots: 'Apply for whole lots (1 lot = 100 shares)',
  ipoUnitsAboveMax: 'Above the per-customer maximum',
  ipoUnitsNotPositive: 'Units must be more than zero',
  ipoSubscriptionNotFound: 'No such subscription',
  ipoPaymentDeadlinePassed: 'The payment deadline has passed',
  ipoNotWon: 'Not won: there is nothing to pay',
  ipoAlreadyPaid: 'Already paid: it cannot be waived',
  ipoAlreadyWaived: 'Already waived',
  ipoNotDrawnYet: 'Not drawn yet',
  ipoAlreadyDrawn: 'Already drawn: it cannot be drawn again',
  ipoDrawTooEarly: 'Applications have not closed: cannot draw yet',
  ipoOfferPriceMissing: 'The offer price is not set yet',
  ipoOfferPriceOutOfRange: 'The offer price must be inside the indicative range',
  ipoIssueInvalid: 'Invalid new-issue settings',
  ipoIssueCodeTaken: 'That stock code is already in use',
  ipoNotListableYet: 'Not ready to list yet',
  ipoAlreadyListed: 'Already listed',
  ipoPaySuccess: 'Payment completed',
  ipoWaiveSuccess: 'Purchase waived',
};
