// Market data, watchlist, search and news answers (issue 5; docs/api/market.md), and the
// WebSocket error frames' texts.
import type { MessageGroup } from './types';

export const marketMessages = {
  unknownStockCode: { tw: '股票代碼不存在', jp: '銘柄コードが存在しません', en: 'Unknown stock code' },
  searchTooLong: { tw: '搜尋內容最多40個字', jp: '検索語は40文字以内で入力してください', en: 'Search for at most 40 characters' },
  badKlineInterval: { tw: '不支援的K線週期', jp: 'このチャート期間には対応していません', en: 'Unsupported chart interval' },
  badKlineAdjustment: { tw: '不支援的復權方式', jp: 'この株価調整方法には対応していません', en: 'Unsupported price adjustment' },
  tooManyStockCodes: { tw: '股票代碼數量超過上限', jp: '銘柄コードの数が上限を超えています', en: 'Too many stock codes' },
  watchlistFull: { tw: '自選股已達上限', jp: 'ウォッチリストが上限に達しました', en: 'The watchlist is full' },
  watchlistAdded: { tw: '已加入自選', jp: 'ウォッチリストに追加しました', en: 'Added to the watchlist' },
  watchlistRemoved: { tw: '已移出自選', jp: 'ウォッチリストから削除しました', en: 'Removed from the watchlist' },
  newsNotFound: { tw: '新聞不存在或已下架', jp: 'ニュースが見つかりません', en: 'News article not found' },
  newsTitleRequired: { tw: '新聞標題不能為空', jp: 'ニュースのタイトルを入力してください', en: 'A news title is required' },
  newsBodyRequired: { tw: '新聞內容不能為空', jp: 'ニュースの本文を入力してください', en: 'A news body is required' },
  newsAlreadyPublished: { tw: '新聞已發布', jp: 'このニュースはすでに公開されています', en: 'The article is already published' },
  wsBadFrame: { tw: '行情訂閱請求格式錯誤', jp: '配信リクエストの形式が正しくありません', en: 'Malformed market data request' },
  wsBadChannel: { tw: '不支援的行情頻道', jp: 'この配信チャネルには対応していません', en: 'Unsupported market data channel' },
} as const satisfies MessageGroup;
