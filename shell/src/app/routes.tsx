// Every path of the route table is registered here (ARCHITECTURE §2), as children of the
// frame: shell pages render directly, every other path is its owner's RemoteArea.
import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { ROUTES, ROUTE_OWNERS, routeNamesOwnedBy, type RouteNameOf, type RouteOwner } from '@kabuto/shared-sdk';
import { Frame } from '../frame/Frame';
import type { TableRouteHandle } from './table-route';
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

export function buildRoutes(): RouteObject[] {
  const pages: RouteObject[] = Object.entries(ROUTE_OWNERS).map(([path, owner]) => {
    const handle: TableRouteHandle = { tablePath: path };
    const element = elementFor(path, owner);
    return path === ROUTES.root ? { index: true, element, handle } : { path, element, handle };
  });
  return [
    {
      path: '/',
      element: <Frame />,
      // An unknown address goes back to the start.
      children: [...pages, { path: '*', element: <Navigate to={ROUTES.root} replace /> }],
    },
  ];
}
