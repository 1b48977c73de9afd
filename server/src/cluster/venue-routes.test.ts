// Every /api route is either the venue leader's (forwarded by API servers) or answered by any API
// server: a new module's routes fail this test until they are placed in one list.
import { startTestApp, type TestContext } from '../testing/test-app';
import { isApiRoute, isVenueRoute } from './venue-routes';

let t: TestContext;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

test('each route belongs to the venue leader or to every API server, not both', async () => {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, unknown> };
  const paths = Object.keys(doc.paths);
  expect(paths.length).toBeGreaterThan(100);
  const unplaced = paths.filter((path) => isVenueRoute(path) === isApiRoute(path));
  expect(unplaced).toEqual([]);
  // Spot checks of the split.
  expect(isVenueRoute('/api/vue/trade/place')).toBe(true);
  expect(isVenueRoute('/api/vue/market/quote')).toBe(true);
  expect(isVenueRoute('/api/vue/user/Optionallist')).toBe(true);
  expect(isApiRoute('/api/vue/user/info')).toBe(true);
  expect(isApiRoute('/api/vue/funds/withdraw')).toBe(true);
  expect(isApiRoute('/api/ops/support/live')).toBe(true);
  expect(isVenueRoute('/api/vue/trader')).toBe(false);
});
