// mf-market's ./routes module (docs/development.md, "Remote module"): one lazily loaded page
// (its own chunk) per route the route table gives this remote.
import { unstableSetRender } from 'antd-mobile';
import { defineRemote } from '@kabuto/shared-sdk/ui';
import { MARKET_TEXT_LOADERS } from './text-loaders';

export const { contract, sdkVersion, name, namespace, translations, routes } = defineRemote({
  name: 'mf_market',
  namespace: 'market',
  translations: MARKET_TEXT_LOADERS,
  builtAgainst: { contract: __KABUTO_SDK_CONTRACT__, sdkVersion: __KABUTO_SDK_VERSION__ },
  antdSetRender: unstableSetRender,
  pages: {
    home: () => import(/* webpackChunkName: "page-home" */ './pages/home/HomePage'),
    news: () => import(/* webpackChunkName: "page-news" */ './pages/news/NewsPage'),
    newsDetail: () => import(/* webpackChunkName: "page-news-detail" */ './pages/news-detail/NewsDetailPage'),
    market: () => import(/* webpackChunkName: "page-market" */ './pages/market/MarketPage'),
    watchlist: () => import(/* webpackChunkName: "page-watchlist" */ './pages/watchlist/WatchlistPage'),
    search: () => import(/* webpackChunkName: "page-search" */ './pages/search/SearchPage'),
    stockDetail: () => import(/* webpackChunkName: "page-stock-detail" */ './pages/stock-detail/StockDetailPage'),
  },
});
