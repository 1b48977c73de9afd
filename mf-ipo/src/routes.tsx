// mf-ipo's ./routes module (docs/development.md, "Remote module"): every route it owns,
// each page lazily loaded so it is its own chunk.
import 'antd-mobile/es/global';
import { unstableSetRender } from 'antd-mobile';
import { lazy } from 'react';
import type { RemoteName, RemotePage, Translations } from '@kabuto/shared-sdk';
import { IPO_TEXTS } from './translations';
import { bridgeAntdMobileToReact19 } from '@kabuto/shared-sdk/ui';

// This remote's own antd-mobile copy: its global styles, and Toast/Dialog rendered through
// React 19 (the kit is not a federation singleton; docs/development.md). Runs before any
// page of the remote.
bridgeAntdMobileToReact19(unstableSetRender);

export const contract: number = __KABUTO_SDK_CONTRACT__;
export const sdkVersion: string = __KABUTO_SDK_VERSION__;
export const name: RemoteName = 'mf_ipo';
export const namespace = 'ipo';
export const translations: Translations = IPO_TEXTS;

export const routes: RemotePage[] = [
  {
    path: '/pages/market/subscribe',
    titleKey: 'title_subscribe',
    Component: lazy(() => import(/* webpackChunkName: "page-subscribe" */ './pages/subscribe/SubscribePage')),
  },
  {
    path: '/pages/market/subs',
    titleKey: 'title_subs',
    Component: lazy(() => import(/* webpackChunkName: "page-subs" */ './pages/subs/SubscriptionsPage')),
  },
  {
    path: '/pages/mine/newList',
    titleKey: 'title_newList',
    Component: lazy(() => import(/* webpackChunkName: "page-newList" */ './pages/newList/NewListPage')),
  },
];
