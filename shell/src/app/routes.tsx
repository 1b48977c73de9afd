// Every path of the route table is registered here (ARCHITECTURE §2): shell pages
// render directly, every other path is its owner's RemoteArea.
import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { ROUTE_OWNERS, type RouteOwner } from '@kabuto/shared-sdk';
import { Frame } from '../frame/Frame';
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

const SHELL_PAGES: Readonly<Record<string, () => ReactElement>> = {
  '/': () => <StartPage />,
  '/pages/start': () => <StartPage />,
  '/pages/loading': () => <LoadingPage />,
  '/pages/logon': () => <LogonPage />,
  '/pages/login': () => lazyPage(LoginPage),
  '/pages/register': () => lazyPage(RegisterPage),
  '/pages/mine/agreement': () => lazyPage(AgreementPage),
  '/preview-image': () => <PreviewImagePage />,
  '/choose-location': () => <NotOnWebPage />,
  '/open-location': () => <NotOnWebPage />,
};

function elementFor(path: string, owner: RouteOwner): ReactElement {
  if (owner !== 'shell') return <RemoteArea remote={owner} path={path} />;
  const page = SHELL_PAGES[path];
  if (!page) throw new Error(`The route table gives ${path} to the shell, but the shell has no page for it`);
  return page();
}

export function buildRoutes(): RouteObject[] {
  const pages: RouteObject[] = Object.entries(ROUTE_OWNERS).map(([path, owner]) =>
    path === '/' ? { index: true, element: elementFor(path, owner) } : { path, element: elementFor(path, owner) },
  );
  return [
    {
      path: '/',
      element: <Frame />,
      children: [...pages, { path: '*', element: <Navigate to="/" replace /> }],
    },
  ];
}
