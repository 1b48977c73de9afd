import { matchRoutes } from 'react-router-dom';
import { ROUTE_OWNERS, ROUTES } from '@kabuto/shared-sdk';
import { buildRoutes } from './routes';
import { tablePathOf } from './table-route';
import { RemoteArea } from '../remotes/RemoteArea';

jest.mock('../remotes/federation', () => ({ loadRemoteModule: jest.fn(), registerRemoteEntries: jest.fn() }));

function leafFor(pathname: string) {
  const matches = matchRoutes(buildRoutes(), pathname) ?? [];
  return { leaf: matches[matches.length - 1]?.route, tablePath: tablePathOf(matches.map((match) => ({ handle: match.route.handle }))) };
}

test.each(Object.entries(ROUTE_OWNERS))('%s is registered for %s', (path, owner) => {
  const { leaf, tablePath } = leafFor(path);
  // Matched by its own entry, not by the catch-all.
  expect(tablePath).toBe(path);
  expect(path === '/' ? leaf?.index : leaf?.path).toBe(path === '/' ? true : path);
  const element = leaf?.element as { type?: unknown; props?: { remote?: string } } | undefined;
  if (owner === 'shell') expect(element?.type).not.toBe(RemoteArea);
  else expect([element?.type, element?.props?.remote]).toEqual([RemoteArea, owner]);
});

test("an address in any case and with a trailing slash matches its route, which names the table's spelling", () => {
  expect(leafFor('/PAGES/home/home/').tablePath).toBe(ROUTES.home);
  expect(leafFor('/').tablePath).toBe(ROUTES.root);
});

test('an unknown path is matched by the catch-all only (the start page)', () => {
  for (const path of ['/nowhere', '/pages/home']) {
    const { leaf, tablePath } = leafFor(path);
    expect([path, leaf?.path, tablePath]).toEqual([path, '*', null]);
  }
});
