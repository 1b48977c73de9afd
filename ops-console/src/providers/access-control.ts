// Refine's access control from the operator's role: an action is allowed when the role
// allows the route the console would call for it (api/route-table.ts, the server's roles).
// A refused action comes with the reason the screens show on the disabled button; the
// server still decides, and its 403 is shown as it comes.
import type { AccessControlProvider } from '@refinedev/core';
import { roleAllows, routeOf, type OpsRole } from '../api/route-table';

export function createAccessControl(roleOf: () => OpsRole | null, needsRoleText: (needed: OpsRole, held: OpsRole) => string): AccessControlProvider {
  return {
    can: async ({ resource, action }) => {
      const route = resource ? routeOf(resource, action) : undefined;
      const held = roleOf();
      // Pages and menu entries (Refine's "list" of a resource the console reads) fall under the same table.
      if (!route || !held) return { can: false };
      if (roleAllows(held, route.role)) return { can: true };
      return { can: false, reason: needsRoleText(route.role, held) };
    },
    // The role only changes with a new session; a sign-out clears the cached answers.
    options: { buttons: { enableAccessControl: true, hideIfUnauthorized: false }, queryOptions: { staleTime: 0 } },
  };
}
