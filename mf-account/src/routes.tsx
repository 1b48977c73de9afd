// mf-account's ./routes module (docs/development.md, "Remote module"): every route it owns,
// each page lazily loaded so it is its own chunk.
import 'antd-mobile/es/global';
import { unstableSetRender } from 'antd-mobile';
import { lazy } from 'react';
import type { RemoteName, RemotePage, Translations } from '@kabuto/shared-sdk';
import { ACCOUNT_TEXTS } from './translations';
import { bridgeAntdMobileToReact19 } from '@kabuto/shared-sdk/ui';

// This remote's own antd-mobile copy: its global styles, and Toast/Dialog rendered through
// React 19 (the kit is not a federation singleton; docs/development.md). Runs before any
// page of the remote.
bridgeAntdMobileToReact19(unstableSetRender);

export const contract: number = __KABUTO_SDK_CONTRACT__;
export const sdkVersion: string = __KABUTO_SDK_VERSION__;
export const name: RemoteName = 'mf_account';
export const namespace = 'account';
export const translations: Translations = ACCOUNT_TEXTS;

export const routes: RemotePage[] = [
  {
    path: '/pages/mine/mine',
    titleKey: 'title_mine',
    Component: lazy(() => import(/* webpackChunkName: "page-mine" */ './pages/mine/MinePage')),
  },
  {
    path: '/pages/mine/setting',
    titleKey: 'title_setting',
    Component: lazy(() => import(/* webpackChunkName: "page-setting" */ './pages/setting/SettingsPage')),
  },
  {
    path: '/pages/mine/resetPwd',
    titleKey: 'title_resetPwd',
    Component: lazy(() => import(/* webpackChunkName: "page-resetPwd" */ './pages/resetPwd/ResetPasswordPage')),
  },
  {
    path: '/pages/mine/moneyPwd',
    titleKey: 'title_moneyPwd',
    Component: lazy(() => import(/* webpackChunkName: "page-moneyPwd" */ './pages/moneyPwd/FundPasswordPage')),
  },
  {
    path: '/pages/mine/bandCard',
    titleKey: 'title_bandCard',
    Component: lazy(() => import(/* webpackChunkName: "page-bandCard" */ './pages/bandCard/IdentityVerificationPage')),
  },
  {
    path: '/pages/home/message',
    titleKey: 'title_message',
    Component: lazy(() => import(/* webpackChunkName: "page-message" */ './pages/message/MessagesPage')),
  },
  {
    path: '/pages/home/msgdetail',
    titleKey: 'title_msgdetail',
    Component: lazy(() => import(/* webpackChunkName: "page-msgdetail" */ './pages/msgdetail/MessageDetailPage')),
  },
];
