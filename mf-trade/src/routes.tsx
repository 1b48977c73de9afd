// mf-trade's ./routes module (docs/development.md, "Remote module"): every route it owns,
// each page lazily loaded so it is its own chunk.
import { lazy } from 'react';
import type { RemoteName, RemotePage, Translations } from '@kabuto/shared-sdk';
import { TRADE_TEXTS } from './translations';

export const contract: number = __KABUTO_SDK_CONTRACT__;
export const name: RemoteName = 'mf_trade';
export const namespace = 'trade';
export const translations: Translations = TRADE_TEXTS;

export const routes: RemotePage[] = [
  {
    path: '/pages/common/position',
    titleKey: 'title_position',
    Component: lazy(() => import(/* webpackChunkName: "page-position" */ './pages/position/PositionPage')),
  },
  {
    path: '/pages/common/positionDetail',
    titleKey: 'title_positionDetail',
    Component: lazy(() => import(/* webpackChunkName: "page-positionDetail" */ './pages/positionDetail/PositionDetailPage')),
  },
  {
    path: '/pages/common/dayTrading',
    titleKey: 'title_dayTrading',
    Component: lazy(() => import(/* webpackChunkName: "page-dayTrading" */ './pages/dayTrading/DayTradingPage')),
  },
  {
    path: '/pages/common/coupons',
    titleKey: 'title_coupons',
    Component: lazy(() => import(/* webpackChunkName: "page-coupons" */ './pages/coupons/CouponsPage')),
  },
];
