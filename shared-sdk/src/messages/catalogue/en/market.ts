// The market messages in English, by name (the names and the catalogue keys: ../market.ts).
import type { marketMessages } from '../market';
import type { MessageTexts } from '../types';

export const marketMessagesEn: MessageTexts<typeof marketMessages> = {
  unknownStockCode: 'Unknown stock code',
  searchTooLong: 'Search for at most 40 characters',
  badKlineInterval: 'Unsupported chart interval',
  badKlineAdjustment: 'Unsupported price adjustment',
  tooManyStockCodes: 'Too many stock codes',
  watchlistFull: 'The watchlist is full',
  watchlistAdded: 'Added to the watchlist',
  watchlistRemoved: 'Removed from the watchlist',
  newsNotFound: 'News article not found',
  newsTitleRequired: 'A news title is required',
  newsBodyRequired: 'A news body is required',
  newsAlreadyPublished: 'The article is already published',
  wsBadFrame: 'Malformed market data request',
  wsBadChannel: 'Unsupported market data channel',
  clockRealCalendar: 'The business clock follows the real calendar and cannot be advanced',
  clockCannotGoBack: 'The business clock cannot go back: the target must be later than the current simulated time',
};
