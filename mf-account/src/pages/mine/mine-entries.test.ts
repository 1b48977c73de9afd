import { ROUTE_OWNERS } from '@kabuto/shared-sdk';
import { MEMBER_ENTRIES, SUPPORT_ENTRY, mineEntriesFor } from './mine-entries';

test('a member gets a shortcut to every mine route of the route table, plus support', () => {
  const mineRoutes = Object.keys(ROUTE_OWNERS).filter(
    (path) =>
      path.startsWith('/pages/mine/') && !['/pages/mine/mine', '/pages/mine/change', '/pages/mine/capitalChannel', '/pages/mine/bandBankCard'].includes(path),
  );
  const linked = MEMBER_ENTRIES.map((entry) => entry.path);
  expect(mineRoutes.filter((path) => !linked.includes(path))).toEqual([]);
  expect(linked).toContain('/pages/home/message');
  expect(mineEntriesFor({ supportOnly: false })).toContain(SUPPORT_ENTRY);
});

test('an institution account sees only customer support (spec §6)', () => {
  expect(mineEntriesFor({ supportOnly: true })).toEqual([SUPPORT_ENTRY]);
});
