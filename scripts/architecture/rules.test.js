// Proves every architecture rule in .dependency-cruiser.cjs refuses a bad import: the
// real config cruises fixtures/, a small tree laid out like the repository whose files
// make each kind of bad import once next to the allowed ones. Each rule must report
// exactly the bad imports listed for it here, so deleting or weakening a rule fails its
// test, and so does widening one until it refuses an allowed import.
// Run by `npm test` (scripts/test.js): `node --test scripts/architecture/rules.test.js`.
const assert = require('node:assert/strict');
const { test } = require('node:test');
const path = require('node:path');
const { ROOT, cruise } = require('./cruise');

const FIXTURES = path.join(__dirname, 'fixtures');

// rule name → the bad imports it must refuse, as "from → to".
const EXPECTED = {
  'remote-not-to-other-remote': ['mf-market/src/pages/home/home-page.ts → mf-trade/src/pages/coupons/coupons-page.ts'],
  'remote-not-to-shell': ['mf-market/src/pages/home/home-page.ts → shell/src/frame/frame.ts'],
  'shell-not-to-remote': ['shell/src/frame/frame.ts → mf-funds/src/routes.ts'],
  'sdk-not-to-app': ['shared-sdk/src/index.ts → mf-account/src/routes.ts'],
  'page-not-to-other-page': ['mf-market/src/pages/home/home-page.ts → mf-market/src/pages/watchlist/watchlist-page.ts'],
  'server-core-not-to-modules': ['server/src/clock.ts → server/src/modules/funds/index.ts', 'server/src/http/router.ts → server/src/modules/funds/index.ts'],
  'module-through-index': ['server/src/modules/trading/orders/place.ts → server/src/modules/funds/ledger/post.ts'],
  'module-schema-through-schema': ['server/src/modules/identity/schema.ts → server/src/modules/funds/index.ts'],
  'server-not-to-front-end': ['server/src/notifications/mailer.ts → mf-ipo/src/routes.ts', 'server/src/notifications/mailer.ts → shared-sdk/src/ui/button.ts'],
  'ops-console-through-api': ['ops-console/src/pages/deposits.ts → server/src/clock.ts', 'ops-console/src/pages/deposits.ts → shell/src/frame/frame.ts'],
  'server-not-to-ops-console': ['server/src/notifications/mailer.ts → ops-console/src/api/route-table.ts'],
  'production-not-to-test-code': [
    'mf-market/src/routes.ts → mf-market/src/test-utils/render-page.ts',
    'server/src/modules/trading/orders/place.ts → server/src/modules/funds/testing/funds-test-kit.ts',
  ],
  'no-circular': ['server/src/db/migrate.ts → server/src/db/pool.ts', 'shared-sdk/src/api/base-api.ts → shared-sdk/src/state/store.ts'],
  'not-to-unresolvable': ['server/src/config/load.ts → ./does-not-exist'],
};

const result = cruise(FIXTURES, ['mf-market', 'mf-trade', 'mf-funds', 'mf-account', 'mf-ipo', 'shell', 'shared-sdk', 'server', 'ops-console']);

function refusedBy(rule) {
  return result.summary.violations
    .filter((v) => v.rule.name === rule)
    .map((v) => `${v.from} → ${v.to}`)
    .sort();
}

test('every rule in the config has a fixture, and every fixture a rule', () => {
  const configured = require(path.join(ROOT, '.dependency-cruiser.cjs')).forbidden.map((r) => r.name);
  assert.deepEqual([...configured].sort(), Object.keys(EXPECTED).sort());
});

for (const [rule, imports] of Object.entries(EXPECTED)) {
  test(`${rule} refuses exactly its bad imports`, () => {
    assert.deepEqual(refusedBy(rule), [...imports].sort());
  });
}

test('a cycle made with a type-only import counts', () => {
  const edge = result.summary.violations.find((v) => v.rule.name === 'no-circular' && v.from === 'shared-sdk/src/api/base-api.ts');
  assert.ok(edge, 'the store ↔ base-api fixture cycle is not reported');
  const back = result.modules
    .find((m) => m.source === 'shared-sdk/src/api/base-api.ts')
    .dependencies.find((d) => d.resolved === 'shared-sdk/src/state/store.ts');
  assert.ok(back.dependencyTypes.includes('type-only'), 'the fixture should close the cycle with `import type`');
});

test('every refused import is an error, which fails the check (a warning would not)', () => {
  assert.equal(result.summary.error, Object.values(EXPECTED).flat().length);
  assert.equal(result.summary.warn, 0);
});
