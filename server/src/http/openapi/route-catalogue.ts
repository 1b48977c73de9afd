// Every route the app registers, seen through Fastify's onRoute hook, with what its
// config says about it. The OpenAPI document is generated from this list, so a route
// cannot exist without appearing there.
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { RouteDocConfig } from './route-config';

export interface CatalogueRoute extends RouteDocConfig {
  method: string;
  /** Fastify's path, e.g. /api/ops/users/:account. */
  url: string;
  /** The route's own preHandlers, in order (hooks added to a plugin context are not listed). */
  preHandlers: readonly unknown[];
  websocket: boolean;
}

function methodsOf(route: RouteOptions): string[] {
  return (Array.isArray(route.method) ? route.method : [route.method]).map((m) => m.toUpperCase());
}

function preHandlersOf(route: RouteOptions): unknown[] {
  const handlers: unknown = route.preHandler;
  if (handlers === undefined) return [];
  return Array.isArray(handlers) ? [...(handlers as unknown[])] : [handlers];
}

/**
 * Starts listing routes; call before any route is registered. The returned array fills
 * up as plugins register theirs (HEAD twins of GET routes are left out).
 */
export function collectRoutes(app: FastifyInstance): readonly CatalogueRoute[] {
  const routes: CatalogueRoute[] = [];
  app.addHook('onRoute', (route) => {
    const config = route.config ?? {};
    const websocket = (route as RouteOptions & { websocket?: boolean }).websocket === true;
    for (const method of methodsOf(route)) {
      if (method === 'HEAD') continue;
      routes.push({
        method,
        url: route.url,
        preHandlers: preHandlersOf(route),
        summary: config.summary,
        form: config.form,
        query: config.query,
        params: config.params,
        plainAnswer: config.plainAnswer,
        firstCall: config.firstCall,
        websocket,
      });
    }
  });
  return routes;
}

/**
 * The paths of the routes marked `firstCall` (reads a page may ask for before the app loads),
 * worked out on first use: by then every plugin has registered its routes.
 */
export function firstCallPaths(routes: readonly CatalogueRoute[]): () => ReadonlySet<string> {
  let paths: ReadonlySet<string> | null = null;
  return () => (paths ??= new Set(routes.filter((route) => route.firstCall === true && route.method === 'POST').map((route) => route.url)));
}
