// Operator roles, least privilege first. Each role includes everything the roles before it
// may do: a viewer reads, a reviewer also decides customer cases (identity checks, deposits,
// restrictions, support, news), an approver also moves money (withdrawals, adjustments,
// IPO and block-trade books), an admin also manages operators and settings.
//
// The role each operator call needs is listed here, in one place, by method and route
// pattern, and the operator guard (auth.ts) enforces it for every module's ops routes. A
// route missing from the list needs admin, so a new call is closed until someone decides
// who may use it; the test in operators-roles.test.ts fails while one is missing.

export const OPERATOR_ROLES = ['viewer', 'reviewer', 'approver', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export function isOperatorRole(value: unknown): value is OperatorRole {
  return typeof value === 'string' && (OPERATOR_ROLES as readonly string[]).includes(value);
}

export function roleAllows(held: OperatorRole, needed: OperatorRole): boolean {
  return OPERATOR_ROLES.indexOf(held) >= OPERATOR_ROLES.indexOf(needed);
}

const viewerReads = [
  // The console's sign-in and sign-out, and who the caller is: every operator.
  'POST /api/ops/session',
  'GET /api/ops/session',
  'POST /api/ops/session/end',
  'POST /api/ops/session/passkey',
  'POST /api/ops/session/register',
  // Each operator's own passkeys (the console's second factor).
  'GET /api/ops/passkeys',
  'POST /api/ops/passkeys/options',
  'POST /api/ops/passkeys',
  'POST /api/ops/passkeys/:id/remove',
  'GET /api/ops/operators',
  'GET /api/ops/operators/proposals',
  'GET /api/ops/audit',
  'GET /api/ops/users',
  'GET /api/ops/users/:account',
  'GET /api/ops/invites',
  'GET /api/ops/kyc',
  'GET /api/ops/news',
  'GET /api/ops/funds/deposits',
  'GET /api/ops/funds/withdrawals',
  'GET /api/ops/funds/adjustments',
  'GET /api/ops/funds/users/:account/wallet',
  'GET /api/ops/funds/ledger/check',
  'GET /api/ops/funds/config',
  'GET /api/ops/ipo/issues',
  'GET /api/ops/block/inventory',
  'GET /api/ops/block/offers',
  'GET /api/ops/clock',
  'GET /api/ops/support/conversations',
  'GET /api/ops/support/conversations/:id',
  'GET /api/ops/support/canned',
  'GET /api/ops/support/live',
  'GET /api/ops/credit/loans',
  'GET /api/ops/credit/customers/:userId',
  'GET /api/ops/rewards/customers/:userId/coupons',
  'GET /api/ops/dividends/schedule',
  'GET /api/ops/trusts',
];

// Identity documents and the outbox (which carries what was sent to customers) are
// customer data a reviewer needs for a case; a viewer does not.
const reviewerCases = [
  'GET /api/ops/uploads/imgs/:name',
  'GET /api/ops/outbox',
  'POST /api/ops/invites',
  'POST /api/ops/users/:account/restrictions',
  'POST /api/ops/users/:account/unlock',
  'POST /api/ops/users/:account/vip',
  'POST /api/ops/kyc/:account/approve',
  'POST /api/ops/kyc/:account/reject',
  'POST /api/ops/funds/deposits/:id/approve',
  'POST /api/ops/funds/deposits/:id/reject',
  // Proposing moves nothing: an approver (another operator) decides.
  'POST /api/ops/funds/adjustments',
  'POST /api/ops/news',
  'POST /api/ops/news/:id/publish',
  'POST /api/ops/news/:id/withdraw',
  // Support: answering customers and opening their attachments (customer data, like the outbox).
  'GET /api/ops/support/attachments/url',
  'POST /api/ops/support/conversations/:id/reply',
  'POST /api/ops/support/conversations/:id/attachments/policy',
  'POST /api/ops/support/conversations/:id/note',
  'POST /api/ops/support/conversations/:id/assign',
  'POST /api/ops/support/conversations/:id/status',
  'POST /api/ops/support/conversations/:id/typing',
  'POST /api/ops/support/conversations/:id/read',
  'POST /api/ops/support/canned',
  'POST /api/ops/support/canned/:id/delete',
];

const approverMoney = [
  'POST /api/ops/funds/withdrawals/:id/pay',
  'POST /api/ops/funds/withdrawals/:id/reject',
  'POST /api/ops/funds/adjustments/:id/approve',
  'POST /api/ops/funds/adjustments/:id/reject',
  'POST /api/ops/ipo/issues',
  'POST /api/ops/ipo/issues/:code/offer-price',
  'POST /api/ops/ipo/issues/:code/close',
  'POST /api/ops/ipo/issues/:code/draw',
  'POST /api/ops/ipo/issues/:code/list',
  'POST /api/ops/block/inventory',
  'POST /api/ops/block/offers',
  'POST /api/ops/block/offers/:id/close',
  // A loan's approval pays the (simulated) bank's money into cash; a rejection moves none but
  // belongs with the decision.
  'POST /api/ops/credit/loans/:id/approve',
  'POST /api/ops/credit/loans/:id/reject',
  // A campaign's cash coupon becomes the customer's money (from marketing expense) when redeemed.
  'POST /api/ops/rewards/campaign',
  // A dividend's amount and dates decide what every holder is paid; a split changes their shares.
  'POST /api/ops/dividends/events/:id',
  'POST /api/ops/dividends/splits',
  // A trust takes customers' money into a pooled account following a strategy.
  'POST /api/ops/trusts',
];

const adminManagement = [
  'POST /api/ops/operators',
  'POST /api/ops/operators/:name/retire',
  'POST /api/ops/operators/:name/role',
  'POST /api/ops/operators/proposals/:id/approve',
  'POST /api/ops/operators/proposals/:id/reject',
  'POST /api/ops/users/:account/role',
  'POST /api/ops/funds/config',
  // Moves every customer's business date (settlement, deadlines, IPO steps): demo only.
  'POST /api/ops/clock/advance',
  // Moves a simulated issue's price for everyone (collateral, margin, alerts): demo only.
  'POST /api/ops/market/shock',
];

export const ROUTE_ROLES: ReadonlyMap<string, OperatorRole> = new Map<string, OperatorRole>([
  ...viewerReads.map((route) => [route, 'viewer'] as const),
  ...reviewerCases.map((route) => [route, 'reviewer'] as const),
  ...approverMoney.map((route) => [route, 'approver'] as const),
  ...adminManagement.map((route) => [route, 'admin'] as const),
]);

/** The role an operator call needs; admin for a call nobody has placed yet. */
export function roleForRoute(method: string, routeUrl: string): OperatorRole {
  return ROUTE_ROLES.get(`${method.toUpperCase()} ${routeUrl}`) ?? 'admin';
}
