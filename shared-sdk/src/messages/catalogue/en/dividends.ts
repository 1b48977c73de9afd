// The dividend and corporate-action messages in English, by name (the names and the catalogue keys: ../dividends.ts).
import type { dividendMessages } from '../dividends';
import type { MessageTexts } from '../types';

export const dividendMessagesEn: MessageTexts<typeof dividendMessages> = {
  dividendEventNotFound: 'Dividend schedule entry not found',
  dividendPaymentNotFound: 'Dividend payment not found',
  dividendAdjustmentNotFound: 'Dividend adjustment not found',
  corporateActionNotFound: 'Corporate action not found',
  perkNotFound: 'Shareholder perk not found',
  dividendRecordDateInPast: 'The record date cannot be before today',
  dividendPaymentBeforeRecord: 'The payment date must be after the record date',
  dividendPerShareNegative: 'The dividend per share cannot be below 0',
  dividendPerShareInvalid: 'The dividend per share must be a number with at most 1 decimal',
  dividendEventLocked: 'A dividend past its ex-date cannot be changed',
  splitRatioBelowOne: 'The split ratio must be a whole number of 1 or more',
  splitEffectiveDateInPast: 'The split effective date must be after today',
  splitAlreadyScheduled: 'A split is already scheduled for this stock on this date',
  dividendDateInvalid: 'Dates must be business days written YYYY-MM-DD',
  dividendScheduleUpdated: 'Dividend schedule updated',
  splitScheduled: 'Stock split scheduled',
  dividendReceivableBooked: 'Dividend receivable booked on the ex-date',
  dividendPaid: 'Dividend paid into your cash',
  dividendAdjustmentReserved: 'Dividend adjustment reserved from margin cash',
  dividendAdjustmentSettled: 'Dividend adjustment settled',
  dividendEquivalentPaid: 'Dividend-equivalent on lent shares paid',
  splitDone: 'Stock split took effect',
  ordersCancelledForSplit: 'Your orders in this stock were cancelled for the stock split',
};
