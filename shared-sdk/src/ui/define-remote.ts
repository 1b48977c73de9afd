// Builds a remote's ./routes module (ARCHITECTURE §3, docs/development.md "Remote module")
// from what differs between remotes: its name, namespace, texts and one lazy page per
// route it owns. Every page is keyed by route name, so a remote that misses a route of
// the route table, or names one it does not own, fails to compile.
import { lazy, type ComponentType } from 'react';
import type { NamespaceTexts } from '../i18n/instance';
import type { RemotePage, RemoteRoutesModule } from '../remote/contract';
import { ROUTES, type RemoteName, type RouteNameOf } from '../routes/route-table';
import { bridgeAntdMobileToReact19 } from './antd-mobile-react19';

/** A page chunk: `() => import('./pages/withdraw/WithdrawPage')`. */
export type PageLoader = () => Promise<{ default: ComponentType }>;

export interface RemoteDefinition<N extends RemoteName> {
  name: N;
  /** Texts namespace the remote owns; a page's title is its `title_<route name>` text. */
  namespace: string;
  translations: NamespaceTexts;
  /**
   * mf-build's `{ contract: __KABUTO_SDK_CONTRACT__, sdkVersion: __KABUTO_SDK_VERSION__ }`:
   * the SDK the remote was built against. It cannot be read from the SDK here, because the
   * page runs the shell's copy, and the shell compares the two.
   */
  builtAgainst: { contract: number; sdkVersion: string };
  /** The remote's own antd-mobile `unstableSetRender` (its copy is bridged to React 19 once, here). */
  antdSetRender: Parameters<typeof bridgeAntdMobileToReact19>[0];
  pages: { readonly [K in RouteNameOf<N>]: PageLoader };
}

/** The title key of a route's page in its remote's namespace. */
export function pageTitleKey(routeName: string): string {
  return `title_${routeName}`;
}

export function defineRemote<N extends RemoteName>(definition: RemoteDefinition<N>): RemoteRoutesModule {
  // Runs before any page of the remote: Toast/Dialog of this remote's antd-mobile copy
  // render through React 19 (the kit is not a federation singleton; docs/development.md).
  bridgeAntdMobileToReact19(definition.antdSetRender);
  const routes: RemotePage[] = (Object.entries(definition.pages) as [RouteNameOf<N>, PageLoader][]).map(([routeName, load]) => ({
    path: ROUTES[routeName],
    titleKey: pageTitleKey(routeName),
    Component: lazy(load),
  }));
  return {
    contract: definition.builtAgainst.contract,
    sdkVersion: definition.builtAgainst.sdkVersion,
    name: definition.name,
    namespace: definition.namespace,
    translations: definition.translations,
    routes,
  };
}
