// Market data, watchlist, search and news answers (docs/api/market.md), and the
// WebSocket error frames' texts.
import type { MessageKeys } from './types';

export const marketMessages = {
  unknownStockCode: '股票代碼不存在',
  searchTooLong: '搜尋內容最多40個字',
  badKlineInterval: '不支援的K線週期',
  badKlineAdjustment: '不支援的復權方式',
  tooManyStockCodes: '股票代碼數量超過上限',
  watchlistFull: '自選股已達上限',
  watchlistAdded: '已加入自選',
  watchlistRemoved: '已移出自選',
  newsNotFound: '新聞不存在或已下架',
  newsTitleRequired: '新聞標題不能為空',
  newsBodyRequired: '新聞內容不能為空',
  newsAlreadyPublished: '新聞已發布',
  wsBadFrame: '行情訂閱請求格式錯誤',
  wsBadChannel: '不支援的行情頻道',
  clockRealCalendar: '營業時鐘依真實日曆運行，無法快轉',
  clockCannotGoBack: '營業時鐘不能倒退：目標時間須晚於目前的模擬時間',
} as const satisfies MessageKeys;
