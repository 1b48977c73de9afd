// The block trades messages in English, by name (the names and the catalogue keys: ../block-trades.ts).
import { BAND, type blockTradeMessages } from '../block-trades';
import type { MessageTexts } from '../types';

export const blockTradeMessagesEn: MessageTexts<typeof blockTradeMessages> = {
  blockOfferInvalid: 'Invalid block offer: check the quantity, window, minimum shares (≥ 300) and minimum amount (≥ ¥1,500,000)',
  blockPriceOutOfBand: `Block price must be within ±${BAND}% of the previous close`,
  blockInventoryShort: 'Not enough broker inventory for this quantity',
  blockInventoryInvalid: 'Invalid inventory entry: shares in whole lots of 100 and a positive price',
};
