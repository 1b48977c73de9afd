// Node-safe entry '@kabuto/shared-sdk/routes'.
export {
  REMOTE_NAMES,
  ROUTES,
  ROUTE_OWNERS,
  SIGNED_IN_PAGES,
  TABS,
  remotePackageDir,
  routeNamesOwnedBy,
  routeTo,
  routesOwnedBy,
  type RemoteName,
  type RouteName,
  type RouteNameOf,
  type RouteOwner,
  type RoutePath,
  type RouteQueries,
  type TabKey,
} from './route-table';
