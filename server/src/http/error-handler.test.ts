import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MSG } from '@kabuto/shared-sdk/messages';
import { ApiFailure, fail, ok } from './envelope';
import { registerErrorHandling } from './error-handler';
import { parseForm } from './parse-form';

describe('envelope and error handling', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    registerErrorHandling(app);
    await app.register(formbody);
    app.post('/api/vue/test/refuse', async () => {
      throw new ApiFailure(MSG.tooFrequent);
    });
    app.post('/api/vue/test/crash', async () => {
      throw new Error('database on fire');
    });
    app.post('/api/vue/test/zod', async (request) => {
      const form = parseForm(z.object({ amount: z.coerce.number().int().positive(MSG.positiveIntegerRequired) }), request.body);
      return ok(form);
    });
    app.post('/api/vue/test/thrown-zod', async () => z.object({ a: z.string() }).parse({}));
    app.get('/files/crash', async () => {
      throw new Error('disk on fire');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('builds the two envelope shapes', () => {
    expect(ok([1, 2])).toEqual({ status: 1, msg: '', data: [1, 2] });
    expect(fail(MSG.invalidParams)).toEqual({ status: 0, msg: '參數錯誤', data: null });
  });

  it('answers an ApiFailure with HTTP 200 and its catalogue key', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/vue/test/refuse' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 0, msg: MSG.tooFrequent, data: null });
  });

  it('hides an unexpected error behind "system busy", still HTTP 200', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/vue/test/crash' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 0, msg: MSG.systemBusy, data: null });
    expect(res.body).not.toContain('fire');
  });

  it('passes a catalogue key given as a zod message through, else invalid params', async () => {
    const negative = await app.inject({
      method: 'POST',
      url: '/api/vue/test/zod',
      payload: 'amount=-5',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(negative.json()).toEqual({ status: 0, msg: MSG.positiveIntegerRequired, data: null });
    const good = await app.inject({
      method: 'POST',
      url: '/api/vue/test/zod',
      payload: 'amount=5',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(good.json()).toEqual({ status: 1, msg: '', data: { amount: 5 } });
    const thrown = await app.inject({ method: 'POST', url: '/api/vue/test/thrown-zod' });
    expect(thrown.statusCode).toBe(200);
    expect(thrown.json()).toEqual({ status: 0, msg: MSG.invalidParams, data: null });
  });

  it('answers unparseable bodies under /api with invalid params, never a 4xx/5xx', async () => {
    const json = await app.inject({ method: 'POST', url: '/api/vue/test/zod', payload: '{"amount":', headers: { 'content-type': 'application/json' } });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toEqual({ status: 0, msg: MSG.invalidParams, data: null });
    const media = await app.inject({ method: 'POST', url: '/api/vue/test/zod', payload: 'amount=5', headers: { 'content-type': 'text/csv' } });
    expect(media.statusCode).toBe(200);
    expect(media.json()).toEqual({ status: 0, msg: MSG.invalidParams, data: null });
  });

  it('answers unknown /api actions with "not open"', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/vue/nothing/here',
      payload: 'a=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 0, msg: MSG.notOpen, data: null });
  });

  it('answers outside /api with plain JSON errors and real status codes', async () => {
    const missing = await app.inject({ method: 'GET', url: '/no/such/file' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'NotFound', message: 'Not found' });
    const crash = await app.inject({ method: 'GET', url: '/files/crash' });
    expect(crash.statusCode).toBe(500);
    expect(crash.json()).toEqual({ code: 'InternalError', message: 'Internal error' });
  });
});
