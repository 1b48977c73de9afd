import { consoleRouteKeys, fillPath, routeOf } from './route-table';

describe('the route table', () => {
  it('fills route parameters, encoded, and refuses a missing one', () => {
    expect(fillPath('/api/ops/users/:account/vip', { account: '0901234567' })).toBe('/api/ops/users/0901234567/vip');
    expect(fillPath('/api/ops/uploads/imgs/:name', { name: 'a b.png' })).toBe('/api/ops/uploads/imgs/a%20b.png');
    expect(() => fillPath('/api/ops/funds/deposits/:id/approve', {})).toThrow(':id');
  });

  it('finds actions by resource, and nothing for names it does not have', () => {
    expect(routeOf('deposits', 'approve')).toEqual({ method: 'POST', path: '/api/ops/funds/deposits/:id/approve', role: 'reviewer' });
    expect(routeOf('deposits', 'toString')).toBeUndefined();
    expect(routeOf('constructor', 'list')).toBeUndefined();
  });

  it('lists every call once', () => {
    const keys = consoleRouteKeys();
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toContain('POST /api/ops/session');
  });
});

describe('the support inbox entries', () => {
  it('reads as viewer and acts as reviewer, as the server’s roles', () => {
    expect(routeOf('support', 'list')).toEqual({ method: 'GET', path: '/api/ops/support/conversations', role: 'viewer' });
    expect(routeOf('support', 'show')).toEqual({ method: 'GET', path: '/api/ops/support/conversations/:id', role: 'viewer' });
    expect(routeOf('support', 'live')).toEqual({ method: 'GET', path: '/api/ops/support/live', role: 'viewer' });
    expect(routeOf('supportCanned', 'list')).toEqual({ method: 'GET', path: '/api/ops/support/canned', role: 'viewer' });
    for (const action of ['reply', 'note', 'assign', 'status', 'typing', 'read']) {
      expect(routeOf('support', action)).toEqual({ method: 'POST', path: `/api/ops/support/conversations/:id/${action}`, role: 'reviewer' });
    }
    expect(routeOf('supportCanned', 'create')).toEqual({ method: 'POST', path: '/api/ops/support/canned', role: 'reviewer' });
    expect(routeOf('supportCanned', 'delete')).toEqual({ method: 'POST', path: '/api/ops/support/canned/:id/delete', role: 'reviewer' });
    expect(routeOf('supportAttachments', 'url')).toEqual({ method: 'GET', path: '/api/ops/support/attachments/url', role: 'reviewer' });
  });

  it('covers every support route the server registers', () => {
    const support = consoleRouteKeys().filter((key) => key.includes('/api/ops/support/'));
    expect(support.sort()).toEqual(
      [
        'GET /api/ops/support/attachments/url',
        'GET /api/ops/support/canned',
        'POST /api/ops/support/canned',
        'POST /api/ops/support/canned/:id/delete',
        'GET /api/ops/support/conversations',
        'GET /api/ops/support/conversations/:id',
        'POST /api/ops/support/conversations/:id/assign',
        'POST /api/ops/support/conversations/:id/attachments/policy',
        'POST /api/ops/support/conversations/:id/note',
        'POST /api/ops/support/conversations/:id/read',
        'POST /api/ops/support/conversations/:id/reply',
        'POST /api/ops/support/conversations/:id/status',
        'POST /api/ops/support/conversations/:id/typing',
        'GET /api/ops/support/live',
      ].sort(),
    );
  });
});
