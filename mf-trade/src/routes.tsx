// mf-trade's ./routes module (docs/development.md, "Remote module"): every route it owns,
// each page lazily loaded so it is its own chunk.
import 'antd-mobile/es/global';
import { unstableSetRender } from 'antd-mobile';
import { lazy } from 'react';
import type { RemoteName, RemotePage, Translations } from '@kabuto/shared-sdk';
import { TRADE_TEXTS } from './translations';
import { bridgeAntdMobileToReact19 } from '@kabuto/shared-sdk/ui';

// This remote's own antd-mobile copy: its global styles, and Toast/Dialog rendered through
// React 19 (the kit is not a federation singleton; docs/development.md). Runs before any
// page of the remote.
bridgeAntdMobileToReact19(unstableSetRender);

export const contract: number = __KABUTO_SDK_CONTRACT__;
export const sdkVersion: string = __KABUTO_SDK_VERSION__;
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
