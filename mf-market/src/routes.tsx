// mf-market's ./routes module (docs/development.md, "Remote module"): every route it owns,
// each page lazily loaded so it is its own chunk.
import 'antd-mobile/es/global';
import { unstableSetRender } from 'antd-mobile';
import { lazy } from 'react';
import type { RemoteName, RemotePage, Translations } from '@kabuto/shared-sdk';
import { MARKET_TEXTS } from './translations';
import { bridgeAntdMobileToReact19 } from '@kabuto/shared-sdk/ui';

// This remote's own antd-mobile copy: its global styles, and Toast/Dialog rendered through
// React 19 (the kit is not a federation singleton; docs/development.md). Runs before any
// page of the remote.
bridgeAntdMobileToReact19(unstableSetRender);

export const contract: number = __KABUTO_SDK_CONTRACT__;
export const sdkVersion: string = __KABUTO_SDK_VERSION__;
export const name: RemoteName = 'mf_market';
export const namespace = 'market';
export const translations: Translations = MARKET_TEXTS;

export const routes: RemotePage[] = [
  {
    path: '/pages/home/home',
    titleKey: 'title_home',
    Component: lazy(() => import(/* webpackChunkName: "page-home" */ './pages/home/HomePage')),
  },
  {
    path: '/pages/home/news',
    titleKey: 'title_news',
    Component: lazy(() => import(/* webpackChunkName: "page-news" */ './pages/news/NewsPage')),
  },
  {
    path: '/pages/home/newsdetail',
    titleKey: 'title_newsdetail',
    Component: lazy(() => import(/* webpackChunkName: "page-newsdetail" */ './pages/newsdetail/NewsDetailPage')),
  },
  {
    path: '/pages/market/market',
    titleKey: 'title_market',
    Component: lazy(() => import(/* webpackChunkName: "page-market" */ './pages/market/MarketPage')),
  },
  {
    path: '/pages/market/fllow',
    titleKey: 'title_fllow',
    Component: lazy(() => import(/* webpackChunkName: "page-fllow" */ './pages/fllow/WatchlistPage')),
  },
  {
    path: '/pages/common/search',
    titleKey: 'title_search',
    Component: lazy(() => import(/* webpackChunkName: "page-search" */ './pages/search/SearchPage')),
  },
  {
    path: '/pages/common/sharesDetails',
    titleKey: 'title_sharesDetails',
    Component: lazy(() => import(/* webpackChunkName: "page-sharesDetails" */ './pages/sharesDetails/SharesDetailsPage')),
  },
];
