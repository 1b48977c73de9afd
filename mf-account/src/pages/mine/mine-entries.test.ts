import { ROUTES, type RouteName } from '@kabuto/shared-sdk';
import { MEMBER_ENTRIES, SUPPORT_ENTRY, mineEntriesFor } from './mine-entries';

// The spec's "Mine" routes (§2) but the personal centre itself and the pages reached from
// another mine page (exchange records, deposit channel, add a bank card).
const MINE_ROUTES: readonly RouteName[] = [
  'settings',
  'loginPassword',
  'fundPassword',
  'exchange',
  'bankCards',
  'identityVerification',
  'deposit',
  'withdraw',
  'fundRecords',
  'ipoList',
  'creditLoan',
  'loanRecords',
  'lending',
  'agreement',
];

test('a member gets a shortcut to every mine route of the route table, plus support', () => {
  const linked: string[] = MEMBER_ENTRIES.map((entry) => entry.path);
  expect(MINE_ROUTES.filter((name) => !linked.includes(ROUTES[name]))).toEqual([]);
  expect(linked).toContain(ROUTES.messages);
  expect(mineEntriesFor({ supportOnly: false })).toContain(SUPPORT_ENTRY);
});

test('an institution account sees only customer support (spec §6), which opens the support chat', () => {
  expect(mineEntriesFor({ supportOnly: true })).toEqual([SUPPORT_ENTRY]);
  expect(SUPPORT_ENTRY.path).toBe(ROUTES.supportChat);
});
