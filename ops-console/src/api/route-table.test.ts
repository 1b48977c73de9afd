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
