// mf-account's ./routes module (docs/development.md, "Remote module"): one lazily loaded page
// (its own chunk) per route the route table gives this remote.
import { unstableSetRender } from 'antd-mobile';
import { defineRemote } from '@kabuto/shared-sdk/ui';
import { ACCOUNT_TEXT_LOADERS } from './text-loaders';

export const { contract, sdkVersion, name, namespace, translations, routes } = defineRemote({
  name: 'mf_account',
  namespace: 'account',
  translations: ACCOUNT_TEXT_LOADERS,
  builtAgainst: { contract: __KABUTO_SDK_CONTRACT__, sdkVersion: __KABUTO_SDK_VERSION__ },
  antdSetRender: unstableSetRender,
  pages: {
    mine: () => import(/* webpackChunkName: "page-mine" */ './pages/mine/MinePage'),
    settings: () => import(/* webpackChunkName: "page-settings" */ './pages/settings/SettingsPage'),
    loginPassword: () => import(/* webpackChunkName: "page-login-password" */ './pages/login-password/LoginPasswordPage'),
    fundPassword: () => import(/* webpackChunkName: "page-fund-password" */ './pages/fund-password/FundPasswordPage'),
    identityVerification: () => import(/* webpackChunkName: "page-identity-verification" */ './pages/identity-verification/IdentityVerificationPage'),
    messages: () => import(/* webpackChunkName: "page-messages" */ './pages/messages/MessagesPage'),
    messageDetail: () => import(/* webpackChunkName: "page-message-detail" */ './pages/message-detail/MessageDetailPage'),
    priceAlerts: () => import(/* webpackChunkName: "page-price-alerts" */ './pages/price-alerts/PriceAlertsPage'),
    supportChat: () => import(/* webpackChunkName: "page-support-chat" */ './pages/support-chat/SupportChatPage'),
  },
});
