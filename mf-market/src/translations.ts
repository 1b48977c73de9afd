// Texts of the market namespace (mf-market). tw, jp and en are complete; hi and id fall back to en.
import type { Translations } from '@kabuto/shared-sdk';

export const MARKET_TEXTS: Translations = {
  tw: {
    title_home: '首頁',
    title_news: '新聞',
    title_newsdetail: '新聞詳情',
    title_market: '行情',
    title_fllow: '自選',
    title_search: '搜尋',
    title_sharesDetails: '個股詳情',
  },
  jp: {
    title_home: 'ホーム',
    title_news: 'ニュース',
    title_newsdetail: 'ニュース詳細',
    title_market: 'マーケット',
    title_fllow: 'ウォッチリスト',
    title_search: '銘柄検索',
    title_sharesDetails: '銘柄詳細',
  },
  en: {
    title_home: 'Home',
    title_news: 'News',
    title_newsdetail: 'News detail',
    title_market: 'Market',
    title_fllow: 'Watchlist',
    title_search: 'Search',
    title_sharesDetails: 'Stock details',
  },
};
