import { matchRoutes } from 'react-router';
import { ROUTE_OWNERS } from '@kabuto/shared-sdk';
import { buildRoutes } from './routes';
import { RemoteArea } from '../remotes/RemoteArea';

jest.mock('../remotes/federation', () => ({ loadRemoteModule: jest.fn(), registerRemoteEntries: jest.fn() }));

test.each(Object.entries(ROUTE_OWNERS))('%s is registered for %s', (path, owner) => {
  const matches = matchRoutes(buildRoutes(), path);
  const leaf = matches?.[matches.length - 1]?.route;
  expect(leaf).toBeDefined();
  // Matched by its own entry, not by the catch-all.
  expect(path === '/' ? leaf?.index : leaf?.path).toBe(path === '/' ? true : path);
  const element = leaf?.element as { type?: unknown; props?: { remote?: string } } | undefined;
  if (owner === 'shell') expect(element?.type).not.toBe(RemoteArea);
  else expect([element?.type, element?.props?.remote]).toEqual([RemoteArea, owner]);
});

test('an unknown path goes back to the start', () => {
  const matches = matchRoutes(buildRoutes(), '/nowhere');
  expect(matches?.[matches.length - 1]?.route.path).toBe('*');
});
