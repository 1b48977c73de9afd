import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MSG } from '@kabuto/shared-sdk/messages';
import { ok } from './envelope';
import { registerErrorHandling } from './error-handler';
import { parseRouteForm, parseRouteParams, parseRouteQuery } from './parse-form';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('parseRouteForm / Query / Params', () => {
  let app: FastifyInstance;
  const amountForm = z.object({ amount: z.coerce.number().int().positive(MSG.positiveIntegerRequired) });
  const idParams = z.object({ id: z.coerce.number().int() });
  const stateQuery = z.object({ state: z.enum(['open', 'closed']).optional().default('open') });
  beforeAll(async () => {
    app = Fastify({ logger: false });
    registerErrorHandling(app);
    await app.register(formbody);
    app.post('/api/vue/test/documented/:id', { config: { form: amountForm, params: idParams, query: stateQuery } }, async (request) =>
      ok({ ...parseRouteForm(request, amountForm), ...parseRouteParams(request, idParams), ...parseRouteQuery(request, stateQuery) }),
    );
    // Parses a schema its config does not name: the description would be wrong.
    app.post('/api/vue/test/undocumented', { config: { form: z.object({ other: z.string() }) } }, async (request) => ok(parseRouteForm(request, amountForm)));
    await app.ready();
  });
  afterAll(() => app.close());

  it('parses body, path and query with the schemas the route config declares', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/vue/test/documented/7?state=closed', headers: FORM, payload: 'amount=5' });
    expect(res.json()).toEqual({ status: 1, msg: '', data: { amount: 5, id: 7, state: 'closed' } });
    const refused = await app.inject({ method: 'POST', url: '/api/vue/test/documented/7', headers: FORM, payload: 'amount=-1' });
    expect(refused.json()).toEqual({ status: 0, msg: MSG.positiveIntegerRequired, data: null });
  });

  it('refuses to parse with a schema the route does not document', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/vue/test/undocumented', headers: FORM, payload: 'amount=5' });
    expect(res.json()).toEqual({ status: 0, msg: MSG.systemBusy, data: null });
  });
});
