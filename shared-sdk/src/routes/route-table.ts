// Every hash route of the product (spec §2) and the package that owns it
// (ARCHITECTURE §2). A route's prefix does not decide its owner: this table does.
// The shell registers every entry; each remote's ./routes must cover its entries.

export type RemoteName = 'mf_market' | 'mf_trade' | 'mf_funds' | 'mf_account' | 'mf_ipo';
export type RouteOwner = 'shell' | RemoteName;

export const REMOTE_NAMES: readonly RemoteName[] = ['mf_market', 'mf_trade', 'mf_funds', 'mf_account', 'mf_ipo'];

/** Folder / package name of a remote: mf_market → mf-market. */
export function remotePackageDir(name: RemoteName): string {
  return name.replace('_', '-');
}

// Routes are named for what the page does; the spec's legacy paths (spec §2) appear here
// and nowhere else. Code navigates by name (`ROUTES.withdraw`, `routeTo('stockDetail', …)`),
// so a misspelt name does not compile. Grouped by owner: the owner map below is derived.
const SHELL_ROUTES = {
  root: '/',
  start: '/pages/start',
  loading: '/pages/loading',
  /** Where an ended session lands, with v=1|2|3 (spec §4). */
  sessionEnded: '/pages/logon',
  login: '/pages/login',
  register: '/pages/register',
  agreement: '/pages/mine/agreement',
  previewImage: '/preview-image',
  chooseLocation: '/choose-location',
  openLocation: '/open-location',
} as const;

const MARKET_ROUTES = {
  home: '/pages/home/home',
  news: '/pages/home/news',
  newsDetail: '/pages/home/newsdetail',
  market: '/pages/market/market',
  watchlist: '/pages/market/fllow',
  search: '/pages/common/search',
  stockDetail: '/pages/common/sharesDetails',
} as const;

const TRADE_ROUTES = {
  positions: '/pages/common/position',
  positionDetail: '/pages/common/positionDetail',
  /** Agreement bidding (the opening auction, spec §2). */
  openingAuction: '/pages/common/dayTrading',
  coupons: '/pages/common/coupons',
  /** Strategies (copy trading, simulated venue); not spec routes. */
  strategies: '/pages/common/strategies',
  strategyDetail: '/pages/common/strategyDetail',
  followingDetail: '/pages/common/followingDetail',
  strategyVerify: '/pages/common/strategyVerify',
  /** The investment trusts (copy trading as a pooled fund); not spec routes. */
  trusts: '/pages/common/trusts',
  trust: '/pages/common/trust',
} as const;

const IPO_ROUTES = {
  ipoSubscribe: '/pages/market/subscribe',
  ipoSubscriptions: '/pages/market/subs',
  ipoList: '/pages/mine/newList',
  /** Recompute a published IPO draw (not a spec page, so a plain path). */
  ipoVerify: '/ipo/verify',
} as const;

const FUNDS_ROUTES = {
  deposit: '/pages/mine/capitalTransfer',
  depositChannel: '/pages/mine/capitalChannel',
  withdraw: '/pages/mine/cashOut',
  exchange: '/pages/mine/exChange',
  exchangeRecords: '/pages/mine/change',
  bankCards: '/pages/mine/bankManagement',
  bankCardAdd: '/pages/mine/bandBankCard',
  fundRecords: '/pages/mine/transactionRecord',
  loanRecords: '/pages/mine/jkjl',
  creditLoan: '/pages/mine/pj',
  /** Stock lending (貸株): per-holding status, rate, fees and mode; not a spec route. */
  lending: '/pages/mine/lending',
  dividends: '/pages/common/dividend',
  dividendDetail: '/pages/common/dividendInfo',
  dividends2: '/pages/common/dividend2',
  dividendDetail2: '/pages/common/dividendInfo2',
  dividends3: '/pages/common/dividend3',
  dividendDetail3: '/pages/common/dividendInfo3',
  dividends4: '/pages/common/dividend4',
  dividendDetail4: '/pages/common/dividendInfo4',
  dividends5: '/pages/common/dividend5',
  dividendDetail5: '/pages/common/dividendInfo5',
} as const;

const ACCOUNT_ROUTES = {
  mine: '/pages/mine/mine',
  settings: '/pages/mine/setting',
  loginPassword: '/pages/mine/resetPwd',
  fundPassword: '/pages/mine/moneyPwd',
  identityVerification: '/pages/mine/bandCard',
  messages: '/pages/home/message',
  messageDetail: '/pages/home/msgdetail',
  /** Price alerts: every alert of mine with its state; not a spec route. */
  priceAlerts: '/pages/mine/priceAlerts',
  /** The customer-service chat line (spec §1); not a spec route. */
  supportChat: '/pages/mine/support',
} as const;

const ROUTES_BY_OWNER = {
  shell: SHELL_ROUTES,
  mf_market: MARKET_ROUTES,
  mf_trade: TRADE_ROUTES,
  mf_ipo: IPO_ROUTES,
  mf_funds: FUNDS_ROUTES,
  mf_account: ACCOUNT_ROUTES,
} as const satisfies Record<RouteOwner, Readonly<Record<string, string>>>;

/** Every hash route of the product by name, e.g. `ROUTES.withdraw === '/pages/mine/cashOut'`. */
export const ROUTES = {
  ...SHELL_ROUTES,
  ...MARKET_ROUTES,
  ...TRADE_ROUTES,
  ...IPO_ROUTES,
  ...FUNDS_ROUTES,
  ...ACCOUNT_ROUTES,
} as const;

export type RouteName = keyof typeof ROUTES;
export type RoutePath = (typeof ROUTES)[RouteName];
/** The names of the routes `owner` serves, e.g. RouteNameOf<'mf_funds'> includes 'withdraw'. */
export type RouteNameOf<O extends RouteOwner> = keyof (typeof ROUTES_BY_OWNER)[O] & RouteName;

/** Path → owner, for the shell's router and the contract tests. */
export const ROUTE_OWNERS: Readonly<Record<string, RouteOwner>> = Object.fromEntries(
  (Object.keys(ROUTES_BY_OWNER) as RouteOwner[]).flatMap((owner) => Object.values(ROUTES_BY_OWNER[owner]).map((path) => [path, owner])),
);

/**
 * Pages made only of the customer's own data: every call they make needs a session. A visitor
 * who opens one goes straight to logon with v=2, where the page's first answer (HTTP 401, spec
 * §8) would have sent them, without loading the page's code and making calls that can only
 * fail (the trade tab, opened by a visitor, would load mf-trade and send five calls first).
 */
export const SIGNED_IN_PAGES: readonly string[] = [ROUTES.positions, ROUTES.positionDetail];

export function routesOwnedBy(owner: RouteOwner): string[] {
  return Object.values(ROUTES_BY_OWNER[owner]);
}

/** The route names `owner` serves. */
export function routeNamesOwnedBy<O extends RouteOwner>(owner: O): RouteNameOf<O>[] {
  return Object.keys(ROUTES_BY_OWNER[owner]) as RouteNameOf<O>[];
}

type QueryValue = string | number | undefined;

/**
 * The query each route reads (the pages' own parameters; spec §2 shows only logon's v).
 * A route not listed takes none. An undefined value leaves the parameter out.
 */
export interface RouteQueries {
  sessionEnded: { v: 1 | 2 | 3 };
  previewImage: { src: string };
  stockDetail: { code: string };
  newsDetail: { id: number | string };
  messageDetail: { id: number | string };
  search: { q?: string };
  market: { tab?: 'stocks' | 'watchlist'; board?: string };
  positions: { code?: string; side?: 'buy' | 'sell'; status?: 'pending' | 'holding' | 'closed' | 'cancelled' };
  /** `close: 'sell'` opens the close form at once (a cash Sell on the ticket sells the holding there). */
  positionDetail: { id: number | string; close?: 'sell' };
  depositChannel: { channel: string };
  fundRecords: { tab?: 'trade' | 'deposit' | 'withdraw' | 'postings' };
  ipoVerify: { code?: string };
  /** One company's dividend history and forecast. */
  dividendDetail: { code: string };
  /** One dividend payment, margin adjustment, corporate action or perk, by its record id. */
  dividendDetail2: { id: number | string };
  dividendDetail3: { id: number | string };
  dividendDetail4: { id: number | string };
  dividendDetail5: { id: number | string };
  strategyDetail: { id: number | string };
  followingDetail: { id: number | string };
  strategyVerify: { id: number | string };
  /** One investment trust by id. */
  trust: { id: number | string };
}

/** routeTo's query argument: required when the route needs a parameter, absent when it takes none. */
type QueryArgs<N extends RouteName> = N extends keyof RouteQueries
  ? Record<string, never> extends RouteQueries[N]
    ? [query?: RouteQueries[N]]
    : [query: RouteQueries[N]]
  : [];

/**
 * The hash path of a named route with its query, e.g.
 * routeTo('stockDetail', { code: '7203' }) → '/pages/common/sharesDetails?code=7203'.
 */
export function routeTo<N extends RouteName>(name: N, ...query: QueryArgs<N>): string {
  const path: string = ROUTES[name];
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((query[0] ?? {}) as Record<string, QueryValue>)) {
    if (value !== undefined) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** The five bottom-menu tabs, in the spec's order (spec §2). */
export const TABS = [
  { key: 'home', path: ROUTES.home },
  { key: 'market', path: ROUTES.market },
  { key: 'trade', path: ROUTES.positions },
  { key: 'news', path: ROUTES.news },
  { key: 'mine', path: ROUTES.mine },
] as const;

export type TabKey = (typeof TABS)[number]['key'];
