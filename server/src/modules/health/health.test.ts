// Liveness answers without the database; readiness tells when the database is gone.
import { jest } from '@jest/globals';
import { startTestApp, type TestContext } from '../../testing/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

it('answers liveness and readiness while the database is up', async () => {
  for (const url of ['/api/health', '/api/health/ready']) {
    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'pglite', time: '2025-01-06T01:00:00.000Z' });
    expect(res.headers['cache-control']).toBe('no-store');
  }
});

it('keeps liveness up but reports not ready when the database does not answer', async () => {
  const execute = jest.spyOn(ctx.database.db, 'execute');
  execute.mockRejectedValue(new Error('connection refused'));
  expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  const ready = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
  expect(ready.statusCode).toBe(503);
  expect(ready.json()).toMatchObject({ status: 'error' });
  // Liveness never asked the database.
  expect(execute).toHaveBeenCalledTimes(1);
  execute.mockRestore();
});
