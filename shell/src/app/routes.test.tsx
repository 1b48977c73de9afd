import { ROUTE_OWNERS } from '@kabuto/shared-sdk';
import { buildRoutes } from './routes';
import { RemoteArea } from '../remotes/RemoteArea';

jest.mock('../remotes/federation', () => ({ loadRemoteModule: jest.fn(), registerRemoteEntries: jest.fn() }));

test.each(Object.entries(ROUTE_OWNERS))('%s is registered for %s', (path, owner) => {
  const page = buildRoutes().match(path);
  expect(page?.path).toBe(path);
  const element = page?.element as { type?: unknown; props?: { remote?: string } } | undefined;
  if (owner === 'shell') expect(element?.type).not.toBe(RemoteArea);
  else expect([element?.type, element?.props?.remote]).toEqual([RemoteArea, owner]);
});

test('a path is found in any case and with a trailing slash, as React Router matched it', () => {
  const pages = buildRoutes();
  expect(pages.match('/PAGES/home/home/')?.path).toBe('/pages/home/home');
  expect(pages.match('/')?.path).toBe('/');
});

test('an unknown path has no page (the frame sends it back to the start)', () => {
  expect(buildRoutes().match('/nowhere')).toBeNull();
  expect(buildRoutes().match('/pages/home')).toBeNull();
});
