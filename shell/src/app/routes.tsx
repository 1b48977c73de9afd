// Every path of the route table is registered here (ARCHITECTURE §2): shell pages
// render directly, every other path is its owner's RemoteArea. The table's paths are
// fixed (a page's parameters are in the query), so a path is found by a lookup.
import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { ROUTES, ROUTE_OWNERS, Redirect, routeNamesOwnedBy, type RouteNameOf, type RouteOwner } from '@kabuto/shared-sdk';
import { DelayedPlaceholder } from '../remotes/DelayedPlaceholder';
import { RemoteArea } from '../remotes/RemoteArea';
import { LoadingPage } from '../pages/LoadingPage';
import { LogonPage } from '../pages/LogonPage';
import { NotOnWebPage } from '../pages/NotOnWebPage';
import { PreviewImagePage } from '../pages/PreviewImagePage';
import { StartPage } from '../pages/StartPage';

// Not on the way to the home tab: their code loads only when they are opened.
const LoginPage = lazy(() => import('../pages/access/LoginPage'));
const RegisterPage = lazy(() => import('../pages/access/RegisterPage'));
const AgreementPage = lazy(() => import('../pages/access/AgreementPage'));

function lazyPage(Page: ComponentType): ReactElement {
  return (
    <Suspense fallback={<DelayedPlaceholder />}>
      <Page />
    </Suspense>
  );
}

// Keyed by route name: a shell route of the table without a page here does not compile.
const SHELL_PAGES: Readonly<Record<RouteNameOf<'shell'>, () => ReactElement>> = {
  root: () => <StartPage />,
  start: () => <StartPage />,
  loading: () => <LoadingPage />,
  sessionEnded: () => <LogonPage />,
  login: () => lazyPage(LoginPage),
  register: () => lazyPage(RegisterPage),
  agreement: () => lazyPage(AgreementPage),
  previewImage: () => <PreviewImagePage />,
  chooseLocation: () => <NotOnWebPage />,
  openLocation: () => <NotOnWebPage />,
};

const SHELL_PAGE_BY_PATH = new Map<string, () => ReactElement>(routeNamesOwnedBy('shell').map((name) => [ROUTES[name], SHELL_PAGES[name]]));

function elementFor(path: string, owner: RouteOwner): ReactElement {
  if (owner !== 'shell') return <RemoteArea remote={owner} path={path} />;
  const page = SHELL_PAGE_BY_PATH.get(path);
  if (!page) throw new Error(`The route table gives ${path} to the shell, but the shell has no page for it`);
  return page();
}

/** A path as the route table writes it: any case, no trailing slash (React Router matched so). */
function routeKey(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (trimmed || '/').toLowerCase();
}

export interface RoutePages {
  /** The page for `pathname`, or null when the route table does not know it. */
  match(pathname: string): { path: string; element: ReactElement } | null;
  /** An unknown address goes back to the start. */
  readonly notFound: ReactElement;
}

export function buildRoutes(): RoutePages {
  const pages = new Map(Object.entries(ROUTE_OWNERS).map(([path, owner]) => [routeKey(path), { path, element: elementFor(path, owner) }]));
  return {
    match: (pathname) => pages.get(routeKey(pathname)) ?? null,
    notFound: <Redirect to={ROUTES.root} replace />,
  };
}
