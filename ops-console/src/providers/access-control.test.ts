import { OPS_ROLES, OPS_ROUTES, type OpsRole } from '../api/route-table';
import { createAccessControl } from './access-control';

const reasonText = (needed: OpsRole, held: OpsRole) => `needs ${needed}, is ${held}`;

function can(role: OpsRole | null, resource: string, action: string) {
  return createAccessControl(() => role, reasonText).can({ resource, action });
}

describe('access control from the operator’s role', () => {
  it('allows each role what its rank allows and refuses the rest with the reason', async () => {
    expect(await can('viewer', 'deposits', 'list')).toEqual({ can: true });
    expect(await can('viewer', 'deposits', 'approve')).toEqual({ can: false, reason: 'needs reviewer, is viewer' });
    expect(await can('reviewer', 'deposits', 'approve')).toEqual({ can: true });
    expect(await can('reviewer', 'adjustments', 'create')).toEqual({ can: true });
    expect(await can('reviewer', 'adjustments', 'approve')).toEqual({ can: false, reason: 'needs approver, is reviewer' });
    expect(await can('approver', 'withdrawals', 'pay')).toEqual({ can: true });
    expect(await can('approver', 'operators', 'create')).toEqual({ can: false, reason: 'needs admin, is approver' });
    expect(await can('admin', 'operatorProposals', 'approve')).toEqual({ can: true });
  });

  it('follows the route table for every call: allowed exactly from the route’s role up', async () => {
    for (const [resource, actions] of Object.entries(OPS_ROUTES)) {
      for (const [action, route] of Object.entries(actions)) {
        for (const role of OPS_ROLES) {
          const allowed = OPS_ROLES.indexOf(role) >= OPS_ROLES.indexOf(route.role);
          expect({ resource, action, role, can: (await can(role, resource, action)).can }).toEqual({ resource, action, role, can: allowed });
        }
      }
    }
  });

  it('refuses without a reason when signed out or for a call the console does not have', async () => {
    expect(await can(null, 'deposits', 'list')).toEqual({ can: false });
    expect(await can('admin', 'deposits', 'delete')).toEqual({ can: false });
    expect(await can('admin', 'payments', 'list')).toEqual({ can: false });
  });
});
