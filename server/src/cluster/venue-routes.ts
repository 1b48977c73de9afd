// Which requests a cluster's API server forwards to the venue leader: the routes of the modules
// that read or drive the simulated venue (quotes, orders, fills, sweeps), and the operator calls
// that move the business clock. Everything else is answered by any API server from PostgreSQL.
// `venue-routes.test.ts` fails when a route is in neither list.

export const VENUE_ROUTE_PREFIXES: readonly string[] = [
  '/api/vue/trade',
  '/api/vue/market',
  '/api/vue/user/Optionallist',
  '/api/vue/alerts',
  '/api/vue/strategy',
  '/api/vue/credit',
  '/api/vue/lending',
  '/api/vue/dividend',
  '/api/vue/block',
  '/api/vue/ipo',
  '/api/ops/market',
  '/api/ops/clock',
  '/api/ops/ipo',
  '/api/ops/block',
  '/api/ops/credit',
  '/api/ops/dividends',
  '/api/ops/trusts',
];

/** Answered by every API server (identity, funds, support, rewards, news, uploads, releases, the app itself). */
export const API_ROUTE_PREFIXES: readonly string[] = [
  '/api/vue/user',
  '/api/vue/funds',
  '/api/vue/support',
  '/api/vue/rewards',
  '/api/vue/common',
  '/api/ops',
  '/api/health',
  '/api/openapi.json',
  '/api/common',
  '/ws',
];

const matches = (url: string, prefix: string): boolean => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`);

/** Venue routes an API server answers itself when it writes placements (KABUTO_PLACEMENTS=api). */
export const PLACEMENT_ROUTES: ReadonlySet<string> = new Set(['/api/vue/trade/place']);

export function isVenueRoute(url: string): boolean {
  return VENUE_ROUTE_PREFIXES.some((prefix) => matches(url, prefix));
}

export function isApiRoute(url: string): boolean {
  return !isVenueRoute(url) && (!url.startsWith('/api/') || API_ROUTE_PREFIXES.some((prefix) => matches(url, prefix)));
}
