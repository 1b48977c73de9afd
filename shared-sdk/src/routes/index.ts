// Node-safe entry '@kabuto/shared-sdk/routes'.
export { REMOTE_NAMES, ROUTE_OWNERS, TABS, remotePackageDir, routesOwnedBy, type RemoteName, type RouteOwner, type TabKey } from './route-table';
