// mf-trade's ./routes module (docs/development.md, "Remote module"): one lazily loaded page
// (its own chunk) per route the route table gives this remote.
import { unstableSetRender } from 'antd-mobile';
import { defineRemote } from '@kabuto/shared-sdk/ui';
import { TRADE_TEXT_LOADERS } from './text-loaders';

export const { contract, sdkVersion, name, namespace, translations, routes } = defineRemote({
  name: 'mf_trade',
  namespace: 'trade',
  translations: TRADE_TEXT_LOADERS,
  builtAgainst: { contract: __KABUTO_SDK_CONTRACT__, sdkVersion: __KABUTO_SDK_VERSION__ },
  antdSetRender: unstableSetRender,
  pages: {
    positions: () => import(/* webpackChunkName: "page-positions" */ './pages/positions/PositionsPage'),
    positionDetail: () => import(/* webpackChunkName: "page-position-detail" */ './pages/position-detail/PositionDetailPage'),
    openingAuction: () => import(/* webpackChunkName: "page-opening-auction" */ './pages/dayTrading/DayTradingPage'),
    coupons: () => import(/* webpackChunkName: "page-coupons" */ './pages/coupons/CouponsPage'),
    strategies: () => import(/* webpackChunkName: "page-strategies" */ './pages/strategies/StrategiesPage'),
    strategyDetail: () => import(/* webpackChunkName: "page-strategy-detail" */ './pages/strategy-detail/StrategyDetailPage'),
    followingDetail: () => import(/* webpackChunkName: "page-following-detail" */ './pages/following-detail/FollowingDetailPage'),
    strategyVerify: () => import(/* webpackChunkName: "page-strategy-verify" */ './pages/strategy-verify/StrategyVerifyPage'),
    trusts: () => import(/* webpackChunkName: "page-trusts" */ './pages/trust/TrustsPage'),
    trust: () => import(/* webpackChunkName: "page-trust" */ './pages/trust/TrustPage'),
  },
});
