// Every ops API call the console makes, by resource and action, with the role the server
// asks for it (server/src/modules/ops/roles.ts). The data provider sends only what is here,
// the access control reads the roles from here, and the server's parity test
// (server/src/ops-cli/console-parity.test.ts) checks both against the routes the server
// registers. Plain data with no imports, so that test can read it.

export const OPS_ROLES = ['viewer', 'reviewer', 'approver', 'admin'] as const;
export type OpsRole = (typeof OPS_ROLES)[number];

export interface OpsRoute {
  method: 'GET' | 'POST';
  /** Fastify's pattern, e.g. /api/ops/funds/deposits/:id/approve. */
  path: string;
  role: OpsRole;
}

const get = (path: string, role: OpsRole): OpsRoute => ({ method: 'GET', path, role });
const post = (path: string, role: OpsRole): OpsRoute => ({ method: 'POST', path, role });

export const OPS_ROUTES = {
  session: {
    /** The credential step: answers the passkey step (assert, or register the first passkey). */
    start: post('/api/ops/session', 'viewer'),
    passkey: post('/api/ops/session/passkey', 'viewer'),
    register: post('/api/ops/session/register', 'viewer'),
    me: get('/api/ops/session', 'viewer'),
    end: post('/api/ops/session/end', 'viewer'),
  },
  /** The signed-in operator's own passkeys. */
  passkeys: {
    list: get('/api/ops/passkeys', 'viewer'),
    options: post('/api/ops/passkeys/options', 'viewer'),
    create: post('/api/ops/passkeys', 'viewer'),
    remove: post('/api/ops/passkeys/:id/remove', 'viewer'),
  },
  deposits: {
    list: get('/api/ops/funds/deposits', 'viewer'),
    approve: post('/api/ops/funds/deposits/:id/approve', 'reviewer'),
    reject: post('/api/ops/funds/deposits/:id/reject', 'reviewer'),
  },
  withdrawals: {
    list: get('/api/ops/funds/withdrawals', 'viewer'),
    pay: post('/api/ops/funds/withdrawals/:id/pay', 'approver'),
    reject: post('/api/ops/funds/withdrawals/:id/reject', 'approver'),
  },
  creditLoans: {
    list: get('/api/ops/credit/loans', 'viewer'),
    approve: post('/api/ops/credit/loans/:id/approve', 'approver'),
    reject: post('/api/ops/credit/loans/:id/reject', 'approver'),
  },
  adjustments: {
    list: get('/api/ops/funds/adjustments', 'viewer'),
    create: post('/api/ops/funds/adjustments', 'reviewer'),
    approve: post('/api/ops/funds/adjustments/:id/approve', 'approver'),
    reject: post('/api/ops/funds/adjustments/:id/reject', 'approver'),
  },
  kyc: {
    list: get('/api/ops/kyc', 'viewer'),
    approve: post('/api/ops/kyc/:account/approve', 'reviewer'),
    reject: post('/api/ops/kyc/:account/reject', 'reviewer'),
  },
  uploads: {
    show: get('/api/ops/uploads/imgs/:name', 'reviewer'),
  },
  users: {
    list: get('/api/ops/users', 'viewer'),
    show: get('/api/ops/users/:account', 'viewer'),
    restrict: post('/api/ops/users/:account/restrictions', 'reviewer'),
    unlock: post('/api/ops/users/:account/unlock', 'reviewer'),
    vip: post('/api/ops/users/:account/vip', 'reviewer'),
    role: post('/api/ops/users/:account/role', 'admin'),
  },
  invites: {
    list: get('/api/ops/invites', 'viewer'),
    create: post('/api/ops/invites', 'reviewer'),
  },
  wallets: {
    show: get('/api/ops/funds/users/:account/wallet', 'viewer'),
  },
  ipo: {
    list: get('/api/ops/ipo/issues', 'viewer'),
    create: post('/api/ops/ipo/issues', 'approver'),
    price: post('/api/ops/ipo/issues/:code/offer-price', 'approver'),
    close: post('/api/ops/ipo/issues/:code/close', 'approver'),
    draw: post('/api/ops/ipo/issues/:code/draw', 'approver'),
    listing: post('/api/ops/ipo/issues/:code/list', 'approver'),
  },
  blockInventory: {
    list: get('/api/ops/block/inventory', 'viewer'),
    create: post('/api/ops/block/inventory', 'approver'),
  },
  blockOffers: {
    list: get('/api/ops/block/offers', 'viewer'),
    create: post('/api/ops/block/offers', 'approver'),
    close: post('/api/ops/block/offers/:id/close', 'approver'),
  },
  /** The published dividend schedule (a page of entries and the splits) and an entry's edit. */
  dividends: {
    list: get('/api/ops/dividends/schedule', 'viewer'),
    edit: post('/api/ops/dividends/events/:id', 'approver'),
  },
  splits: {
    create: post('/api/ops/dividends/splits', 'approver'),
  },
  /** A campaign coupon granted to one customer (audited). */
  campaignCoupons: {
    create: post('/api/ops/rewards/campaign', 'approver'),
  },
  /** One customer's coupons by state, by the customer's user id. */
  coupons: {
    show: get('/api/ops/rewards/customers/:userId/coupons', 'viewer'),
  },
  /** Investment trusts with their last NAV; setting one up (audited). */
  trusts: {
    list: get('/api/ops/trusts', 'viewer'),
    create: post('/api/ops/trusts', 'approver'),
  },
  news: {
    list: get('/api/ops/news', 'viewer'),
    create: post('/api/ops/news', 'reviewer'),
    publish: post('/api/ops/news/:id/publish', 'reviewer'),
    withdraw: post('/api/ops/news/:id/withdraw', 'reviewer'),
  },
  operators: {
    list: get('/api/ops/operators', 'viewer'),
    create: post('/api/ops/operators', 'admin'),
    role: post('/api/ops/operators/:name/role', 'admin'),
    retire: post('/api/ops/operators/:name/retire', 'admin'),
  },
  operatorProposals: {
    list: get('/api/ops/operators/proposals', 'viewer'),
    approve: post('/api/ops/operators/proposals/:id/approve', 'admin'),
    reject: post('/api/ops/operators/proposals/:id/reject', 'admin'),
  },
  audit: {
    list: get('/api/ops/audit', 'viewer'),
  },
  support: {
    list: get('/api/ops/support/conversations', 'viewer'),
    show: get('/api/ops/support/conversations/:id', 'viewer'),
    reply: post('/api/ops/support/conversations/:id/reply', 'reviewer'),
    note: post('/api/ops/support/conversations/:id/note', 'reviewer'),
    assign: post('/api/ops/support/conversations/:id/assign', 'reviewer'),
    status: post('/api/ops/support/conversations/:id/status', 'reviewer'),
    typing: post('/api/ops/support/conversations/:id/typing', 'reviewer'),
    read: post('/api/ops/support/conversations/:id/read', 'reviewer'),
    /** Server-sent events, read with a fetch stream (api/support-live.ts), not through the data provider. */
    live: get('/api/ops/support/live', 'viewer'),
  },
  supportCanned: {
    list: get('/api/ops/support/canned', 'viewer'),
    create: post('/api/ops/support/canned', 'reviewer'),
    delete: post('/api/ops/support/canned/:id/delete', 'reviewer'),
  },
  supportAttachments: {
    /** A signed URL for one attachment key (audited on the server). */
    url: get('/api/ops/support/attachments/url', 'reviewer'),
    /** An upload policy for one image of a reply to that conversation. */
    policy: post('/api/ops/support/conversations/:id/attachments/policy', 'reviewer'),
  },
} as const satisfies Record<string, Record<string, OpsRoute>>;

export type OpsResource = keyof typeof OPS_ROUTES;
export type OpsAction<R extends OpsResource> = keyof (typeof OPS_ROUTES)[R] & string;

export function isOpsResource(name: string): name is OpsResource {
  return Object.prototype.hasOwnProperty.call(OPS_ROUTES, name);
}

/** The route of `action` on `resource`, or undefined when the console has no such call. */
export function routeOf(resource: string, action: string): OpsRoute | undefined {
  if (!isOpsResource(resource)) return undefined;
  const actions: Record<string, OpsRoute> = OPS_ROUTES[resource];
  return Object.prototype.hasOwnProperty.call(actions, action) ? actions[action] : undefined;
}

/** Every call of the table as "METHOD /pattern" (the parity test's view of the console). */
export function consoleRouteKeys(): string[] {
  return Object.values(OPS_ROUTES).flatMap((actions) => Object.values(actions).map((r: OpsRoute) => `${r.method} ${r.path}`));
}

/** `path` with each `:name` replaced by the URI-encoded value of `params[name]`; throws for a missing one. */
export function fillPath(path: string, params: Readonly<Record<string, string | number>>): string {
  return path.replace(/:([A-Za-z]+)/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`route ${path} needs :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** Each role includes the ones before it (as the server's roleAllows). */
export function roleAllows(held: OpsRole, needed: OpsRole): boolean {
  return OPS_ROLES.indexOf(held) >= OPS_ROLES.indexOf(needed);
}
