import { act, screen } from '@testing-library/react';
import { startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Outlet, createMemoryRouter } from 'react-router-dom';
import { makeStore } from '@kabuto/shared-sdk';
import { createRemoteLoader } from '../remotes/remote-loader';
import { App } from './App';

jest.mock('../remotes/federation', () => ({ loadRemoteModule: jest.fn(), registerRemoteEntries: jest.fn() }));

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
});

/** Keeps the render busy long enough for React to yield between components (a time-sliced start). */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // spin
  }
}

// The first render is a long transition (start.tsx), and RouterProvider subscribes to the router
// only once it commits: a navigation made meanwhile (Back, a new hash typed in, a redirect) must
// still be shown. react-router keeps the state update for the first subscriber; this fails if it
// stops doing so.
test('a navigation made while the first render runs is shown once it commits', async () => {
  let navigated = false;
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <SlowFrame />,
        children: [
          { path: 'a', element: <p>page a</p> },
          { path: 'b', element: <p>page b</p> },
        ],
      },
    ],
    { initialEntries: ['/a'] },
  );
  // RouterProvider has read the router when these render. The navigation starts in the first
  // and completes while React yields between them, before anything has subscribed: each
  // stays busy until it has.
  function Slow({ navigates }: { navigates: boolean }) {
    if (navigates && !navigated) {
      navigated = true;
      void router.navigate('/b');
    }
    if (router.state.location.pathname !== '/b') busy(10);
    return null;
  }
  function SlowFrame() {
    return (
      <>
        <Slow navigates />
        {Array.from({ length: 300 }, (_, i) => (
          <Slow key={i} navigates={false} />
        ))}
        <Outlet />
      </>
    );
  }
  root = createRoot(document.body.appendChild(document.createElement('div')));
  const app = <App store={makeStore()} router={router} remoteLoader={createRemoteLoader({ readRegistry: async () => null })} />;
  // Outside act(), which would render it in one go: React renders as in the browser, in slices.
  const actEnvironment = Reflect.get(globalThis, 'IS_REACT_ACT_ENVIRONMENT') as unknown;
  Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', false);
  try {
    startTransition(() => root?.render(app));
    expect(await screen.findByText('page b')).toBeTruthy();
  } finally {
    Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', actEnvironment);
  }
  expect(router.state.location.pathname).toBe('/b');
});
