// mf-funds's ./routes module (docs/development.md, "Remote module"): every route it owns,
// each page lazily loaded so it is its own chunk.
import 'antd-mobile/es/global';
import { unstableSetRender } from 'antd-mobile';
import { lazy } from 'react';
import type { RemoteName, RemotePage, Translations } from '@kabuto/shared-sdk';
import { FUNDS_TEXTS } from './translations';
import { bridgeAntdMobileToReact19 } from '@kabuto/shared-sdk/ui';

// This remote's own antd-mobile copy: its global styles, and Toast/Dialog rendered through
// React 19 (the kit is not a federation singleton; docs/development.md). Runs before any
// page of the remote.
bridgeAntdMobileToReact19(unstableSetRender);

export const contract: number = __KABUTO_SDK_CONTRACT__;
export const sdkVersion: string = __KABUTO_SDK_VERSION__;
export const name: RemoteName = 'mf_funds';
export const namespace = 'funds';
export const translations: Translations = FUNDS_TEXTS;

export const routes: RemotePage[] = [
  {
    path: '/pages/mine/capitalTransfer',
    titleKey: 'title_capitalTransfer',
    Component: lazy(() => import(/* webpackChunkName: "page-capitalTransfer" */ './pages/capitalTransfer/CapitalTransferPage')),
  },
  {
    path: '/pages/mine/capitalChannel',
    titleKey: 'title_capitalChannel',
    Component: lazy(() => import(/* webpackChunkName: "page-capitalChannel" */ './pages/capitalChannel/CapitalChannelPage')),
  },
  {
    path: '/pages/mine/cashOut',
    titleKey: 'title_cashOut',
    Component: lazy(() => import(/* webpackChunkName: "page-cashOut" */ './pages/cashOut/CashOutPage')),
  },
  {
    path: '/pages/mine/exChange',
    titleKey: 'title_exChange',
    Component: lazy(() => import(/* webpackChunkName: "page-exChange" */ './pages/exChange/ExchangePage')),
  },
  {
    path: '/pages/mine/change',
    titleKey: 'title_change',
    Component: lazy(() => import(/* webpackChunkName: "page-change" */ './pages/change/ExchangeRecordsPage')),
  },
  {
    path: '/pages/mine/bankManagement',
    titleKey: 'title_bankManagement',
    Component: lazy(() => import(/* webpackChunkName: "page-bankManagement" */ './pages/bankManagement/BankManagementPage')),
  },
  {
    path: '/pages/mine/bandBankCard',
    titleKey: 'title_bandBankCard',
    Component: lazy(() => import(/* webpackChunkName: "page-bandBankCard" */ './pages/bandBankCard/BindBankCardPage')),
  },
  {
    path: '/pages/mine/transactionRecord',
    titleKey: 'title_transactionRecord',
    Component: lazy(() => import(/* webpackChunkName: "page-transactionRecord" */ './pages/transactionRecord/TransactionRecordPage')),
  },
  {
    path: '/pages/mine/jkjl',
    titleKey: 'title_jkjl',
    Component: lazy(() => import(/* webpackChunkName: "page-jkjl" */ './pages/jkjl/LoanRecordsPage')),
  },
  {
    path: '/pages/mine/pj',
    titleKey: 'title_pj',
    Component: lazy(() => import(/* webpackChunkName: "page-pj" */ './pages/pj/CreditLoanPage')),
  },
  {
    path: '/pages/common/dividend',
    titleKey: 'title_dividend',
    Component: lazy(() => import(/* webpackChunkName: "page-dividend" */ './pages/dividend/DividendPage')),
  },
  {
    path: '/pages/common/dividendInfo',
    titleKey: 'title_dividendInfo',
    Component: lazy(() => import(/* webpackChunkName: "page-dividendInfo" */ './pages/dividendInfo/DividendInfoPage')),
  },
  {
    path: '/pages/common/dividend2',
    titleKey: 'title_dividend2',
    Component: lazy(() => import(/* webpackChunkName: "page-dividend2" */ './pages/dividend2/Dividend2Page')),
  },
  {
    path: '/pages/common/dividendInfo2',
    titleKey: 'title_dividendInfo2',
    Component: lazy(() => import(/* webpackChunkName: "page-dividendInfo2" */ './pages/dividendInfo2/DividendInfo2Page')),
  },
  {
    path: '/pages/common/dividend3',
    titleKey: 'title_dividend3',
    Component: lazy(() => import(/* webpackChunkName: "page-dividend3" */ './pages/dividend3/Dividend3Page')),
  },
  {
    path: '/pages/common/dividendInfo3',
    titleKey: 'title_dividendInfo3',
    Component: lazy(() => import(/* webpackChunkName: "page-dividendInfo3" */ './pages/dividendInfo3/DividendInfo3Page')),
  },
  {
    path: '/pages/common/dividend4',
    titleKey: 'title_dividend4',
    Component: lazy(() => import(/* webpackChunkName: "page-dividend4" */ './pages/dividend4/Dividend4Page')),
  },
  {
    path: '/pages/common/dividendInfo4',
    titleKey: 'title_dividendInfo4',
    Component: lazy(() => import(/* webpackChunkName: "page-dividendInfo4" */ './pages/dividendInfo4/DividendInfo4Page')),
  },
  {
    path: '/pages/common/dividend5',
    titleKey: 'title_dividend5',
    Component: lazy(() => import(/* webpackChunkName: "page-dividend5" */ './pages/dividend5/Dividend5Page')),
  },
  {
    path: '/pages/common/dividendInfo5',
    titleKey: 'title_dividendInfo5',
    Component: lazy(() => import(/* webpackChunkName: "page-dividendInfo5" */ './pages/dividendInfo5/DividendInfo5Page')),
  },
];
