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

const dividendRoutes = ['', '2', '3', '4', '5'].flatMap((n) => [`/pages/common/dividend${n}`, `/pages/common/dividendInfo${n}`]);

export const ROUTE_OWNERS: Readonly<Record<string, RouteOwner>> = {
  '/': 'shell',
  '/pages/start': 'shell',
  '/pages/loading': 'shell',
  '/pages/logon': 'shell',
  '/pages/login': 'shell',
  '/pages/register': 'shell',
  '/pages/mine/agreement': 'shell',
  '/preview-image': 'shell',
  '/choose-location': 'shell',
  '/open-location': 'shell',

  '/pages/home/home': 'mf_market',
  '/pages/home/news': 'mf_market',
  '/pages/home/newsdetail': 'mf_market',
  '/pages/market/market': 'mf_market',
  '/pages/market/fllow': 'mf_market',
  '/pages/common/search': 'mf_market',
  '/pages/common/sharesDetails': 'mf_market',

  '/pages/common/position': 'mf_trade',
  '/pages/common/positionDetail': 'mf_trade',
  '/pages/common/dayTrading': 'mf_trade',
  '/pages/common/coupons': 'mf_trade',

  '/pages/market/subscribe': 'mf_ipo',
  '/pages/market/subs': 'mf_ipo',
  '/pages/mine/newList': 'mf_ipo',

  '/pages/mine/capitalTransfer': 'mf_funds',
  '/pages/mine/capitalChannel': 'mf_funds',
  '/pages/mine/cashOut': 'mf_funds',
  '/pages/mine/exChange': 'mf_funds',
  '/pages/mine/change': 'mf_funds',
  '/pages/mine/bankManagement': 'mf_funds',
  '/pages/mine/bandBankCard': 'mf_funds',
  '/pages/mine/transactionRecord': 'mf_funds',
  '/pages/mine/jkjl': 'mf_funds',
  '/pages/mine/pj': 'mf_funds',
  ...Object.fromEntries(dividendRoutes.map((r) => [r, 'mf_funds' as const])),

  '/pages/mine/mine': 'mf_account',
  '/pages/mine/setting': 'mf_account',
  '/pages/mine/resetPwd': 'mf_account',
  '/pages/mine/moneyPwd': 'mf_account',
  '/pages/mine/bandCard': 'mf_account',
  '/pages/home/message': 'mf_account',
  '/pages/home/msgdetail': 'mf_account',
};

export function routesOwnedBy(owner: RouteOwner): string[] {
  return Object.keys(ROUTE_OWNERS).filter((path) => ROUTE_OWNERS[path] === owner);
}

/** The five bottom-menu tabs, in the spec's order (spec §2). */
export const TABS = [
  { key: 'home', path: '/pages/home/home' },
  { key: 'market', path: '/pages/market/market' },
  { key: 'trade', path: '/pages/common/position' },
  { key: 'news', path: '/pages/home/news' },
  { key: 'mine', path: '/pages/mine/mine' },
] as const;

export type TabKey = (typeof TABS)[number]['key'];
