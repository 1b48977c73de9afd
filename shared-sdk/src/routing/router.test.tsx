// The page's router: what a customer does with addresses (open one, follow a link, Back,
// change a tab in the query) gives the location and history entries React Router gave.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Component, useLayoutEffect, type ReactNode } from 'react';
import { OPENING_KEY, createHashHistory, createMemoryHistory, parsePath } from './history';
import { useNavigate, useNavigateAndWait } from './index';
import { Link, MemoryRouter, Redirect, RouterProvider, createRouter, useLocation, useSearchParams, type Router } from './router';

class Catch extends Component<{ children: ReactNode }, { message: string | null }> {
  override state = { message: null };
  static getDerivedStateFromError(error: Error) {
    return { message: error.message };
  }
  override render() {
    return this.state.message === null ? this.props.children : <p role="alert">{this.state.message}</p>;
  }
}

function Where() {
  const { pathname, search, key, state } = useLocation();
  return <output data-testid="where">{JSON.stringify({ path: pathname + search, opening: key === OPENING_KEY, state })}</output>;
}

const where = () => JSON.parse(screen.getByTestId('where').textContent ?? '{}') as { path: string; opening: boolean; state: unknown };

function renderAt(router: Router, extra: ReactNode = null) {
  return render(
    <RouterProvider router={router}>
      <Where />
      {extra}
    </RouterProvider>,
  );
}

describe('parsePath', () => {
  it('splits path and query, and gives a path its leading slash', () => {
    expect(parsePath('/pages/common/sharesDetails?code=7203')).toEqual({ pathname: '/pages/common/sharesDetails', search: '?code=7203' });
    expect(parsePath('pages/home/home')).toEqual({ pathname: '/pages/home/home', search: '' });
    expect(parsePath('/a?')).toEqual({ pathname: '/a', search: '' });
  });
});

describe('memory router', () => {
  it('opens on the last initial entry, which is the opening entry only when it is the first', () => {
    renderAt(createRouter(createMemoryHistory(['/a'])));
    expect(where()).toEqual({ path: '/a', opening: true, state: null });
  });

  it('push, replace, Back and Forward move between entries; the state travels with its entry', async () => {
    const router = createRouter(createMemoryHistory(['/a']));
    renderAt(router);
    await act(async () => void router.navigate('/b?x=1', { state: { account: '09012345678' } }));
    expect(where()).toEqual({ path: '/b?x=1', opening: false, state: { account: '09012345678' } });
    await act(async () => void router.navigate('/c', { replace: true }));
    expect(where().path).toBe('/c');
    act(() => void router.navigate(-1));
    expect(where()).toEqual({ path: '/a', opening: true, state: null });
    act(() => void router.navigate(-1)); // nothing before the first entry
    expect(where().path).toBe('/a');
    act(() => void router.navigate(1));
    expect(where().path).toBe('/c');
  });

  it('a navigation before the provider subscribed (while the first render ran) is shown', async () => {
    const router = createRouter(createMemoryHistory(['/pages/login']));
    // A child's layout effect runs before its parent's, so this moves the router first.
    function EarlyBack() {
      useLayoutEffect(() => void router.navigate('/pages/mine/mine'), []);
      return null;
    }
    renderAt(router, <EarlyBack />);
    await act(async () => undefined);
    expect(where().path).toBe('/pages/mine/mine');
  });

  it('a query alone stays on the current page', async () => {
    const router = createRouter(createMemoryHistory(['/pages/market/market?tab=hot']));
    renderAt(router);
    await act(async () => void router.navigate('?tab=gainers'));
    expect(where().path).toBe('/pages/market/market?tab=gainers');
  });
});

describe('hooks and components', () => {
  function Tabs() {
    const [params, setParams] = useSearchParams();
    return (
      <button type="button" onClick={() => setParams({ tab: 'losers', board: params.get('board') ?? 'prime' }, { replace: true })}>
        {params.get('tab') ?? 'none'}
      </button>
    );
  }

  it('useSearchParams reads the query and changes it in place', () => {
    render(
      <MemoryRouter initialEntries={['/pages/market/market?tab=gainers']}>
        <Where />
        <Tabs />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button').textContent).toBe('gainers');
    fireEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button').textContent).toBe('losers');
    // A replace is a navigation too: a new key, as React Router gave it.
    expect(where()).toEqual({ path: '/pages/market/market?tab=losers&board=prime', opening: false, state: null });
  });

  it('a link navigates on a plain click, replaces when it points at the page shown, and leaves modified clicks to the browser', async () => {
    const history = createMemoryHistory(['/a']);
    const router = createRouter(history);
    renderAt(
      router,
      <>
        <Link to="/b">to b</Link>
        <Link to="/a?x=1" state={{ from: 'a' }}>
          to a
        </Link>
      </>,
    );
    const toB = screen.getByText('to b');
    expect(toB.getAttribute('href')).toBe('#/b');
    fireEvent.click(toB, { ctrlKey: true });
    expect(where().path).toBe('/a');
    fireEvent.click(toB);
    await act(async () => undefined);
    expect(where().path).toBe('/b');
    fireEvent.click(toB); // already there: no second entry for /b
    fireEvent.click(screen.getByText('to a'));
    await act(async () => undefined);
    expect(where()).toEqual({ path: '/a?x=1', opening: false, state: { from: 'a' } });
    act(() => void router.navigate(-1));
    expect(where().path).toBe('/b');
    act(() => void router.navigate(-1));
    expect(where().path).toBe('/a');
  });

  it('Redirect replaces the entry it is rendered on', async () => {
    const router = createRouter(createMemoryHistory(['/start', '/nowhere']));
    function Page() {
      return useLocation().pathname === '/nowhere' ? <Redirect to="/" replace /> : null;
    }
    renderAt(router, <Page />);
    await act(async () => undefined);
    expect(where().path).toBe('/');
    act(() => void router.navigate(-1));
    expect(where().path).toBe('/start');
  });

  it('useNavigateAndWait resolves once the new page is rendered', async () => {
    const seen: string[] = [];
    function SignOut() {
      const navigate = useNavigateAndWait();
      const { pathname } = useLocation();
      return (
        <button
          type="button"
          onClick={() => void navigate('/pages/login').then(() => seen.push(document.querySelector('[data-testid=where]')?.textContent ?? ''))}
        >
          {pathname}
        </button>
      );
    }
    render(
      <MemoryRouter initialEntries={['/pages/mine/setting']}>
        <Where />
        <SignOut />
      </MemoryRouter>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button'));
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toContain('/pages/login');
  });

  it('useNavigate outside a router says so', () => {
    function Lost() {
      useNavigate();
      return null;
    }
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <Catch>
        <Lost />
      </Catch>,
    );
    expect(screen.getByRole('alert').textContent).toMatch(/useRouter\(\) is used outside the app's router/);
  });
});

describe('hash history', () => {
  beforeEach(() => window.history.replaceState(null, '', '#/pages/home/home'));

  it('reads the address, writes entries with their state and key, and follows Back', async () => {
    const history = createHashHistory(window);
    expect(history.location).toMatchObject({ pathname: '/pages/home/home', search: '', key: OPENING_KEY });
    const router = createRouter(history);
    renderAt(router);
    await act(async () => void router.navigate('/pages/common/sharesDetails?code=7203', { state: { from: 'home' } }));
    expect(window.location.hash).toBe('#/pages/common/sharesDetails?code=7203');
    expect(where()).toEqual({ path: '/pages/common/sharesDetails?code=7203', opening: false, state: { from: 'home' } });
    // A reload of this entry knows it is not the opening one (the key is in history.state).
    expect(createHashHistory(window).location.key).not.toBe(OPENING_KEY);

    await act(async () => {
      const back = new Promise((done) => window.addEventListener('popstate', done, { once: true }));
      void router.navigate(-1);
      await back;
    });
    expect(where()).toEqual({ path: '/pages/home/home', opening: true, state: null });
  });

  it('an empty hash is the start page', () => {
    window.history.replaceState(null, '', '#');
    expect(createHashHistory(window).location.pathname).toBe('/');
  });
});
