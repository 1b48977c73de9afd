// mf-ipo's ./routes module (docs/development.md, "Remote module"): one lazily loaded page
// (its own chunk) per route the route table gives this remote.
import { unstableSetRender } from 'antd-mobile';
import { defineRemote } from '@kabuto/shared-sdk/ui';
import { IPO_TEXT_LOADERS } from './text-loaders';

export const { contract, sdkVersion, name, namespace, translations, routes } = defineRemote({
  name: 'mf_ipo',
  namespace: 'ipo',
  translations: IPO_TEXT_LOADERS,
  builtAgainst: { contract: __KABUTO_SDK_CONTRACT__, sdkVersion: __KABUTO_SDK_VERSION__ },
  antdSetRender: unstableSetRender,
  pages: {
    ipoSubscribe: () => import(/* webpackChunkName: "page-ipo-subscribe" */ './pages/subscribe/SubscribePage'),
    ipoSubscriptions: () => import(/* webpackChunkName: "page-ipo-subscriptions" */ './pages/subscriptions/SubscriptionsPage'),
    ipoList: () => import(/* webpackChunkName: "page-ipo-list" */ './pages/ipo-list/IpoListPage'),
    ipoVerify: () => import(/* webpackChunkName: "page-ipo-verify" */ './pages/verify/VerifyPage'),
  },
});
