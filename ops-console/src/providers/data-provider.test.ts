import { MSG } from '@kabuto/shared-sdk/messages';
import { createOpsClient } from '../api/ops-client';
import { answer, fakeFetch } from '../testing/fake-fetch';
import { createOpsDataProvider, type OpsHttpError } from './data-provider';

const ok = (data: unknown) => answer(200, { status: 1, msg: '', data });
const translate = (msg: string, httpStatus: number) => `[${msg}|${httpStatus}]`;

function providerWith(...answers: ReturnType<typeof answer>[]) {
  const { fetch, sent } = fakeFetch(...answers);
  const client = createOpsClient({ fetch, token: () => 'session-token' });
  return { provider: createOpsDataProvider(client, translate), sent };
}

async function refusalOf(promise: Promise<unknown>): Promise<OpsHttpError> {
  try {
    await promise;
  } catch (error) {
    return error as OpsHttpError;
  }
  throw new Error('the call was not refused');
}

describe('the ops data provider maps resources to the ops routes', () => {
  it('lists through the resource’s list route with equality filters as the query, and the session as bearer', async () => {
    const rows = [{ id: 7, state: 'pending' }];
    const { provider, sent } = providerWith(ok(rows));
    const list = await provider.getList({ resource: 'deposits', filters: [{ field: 'state', operator: 'eq', value: 'pending' }] });
    expect(list).toEqual({ data: rows, total: 1 });
    expect(sent).toEqual([
      {
        url: '/api/ops/funds/deposits?state=pending',
        method: 'GET',
        headers: { accept: 'application/json', authorization: 'Bearer session-token' },
        body: undefined,
      },
    ]);
  });

  it('takes the rows and the total of a list that answers a page, keeping what else the page carries', async () => {
    const rows = [{ id: 3, status: 'pending' }];
    const { provider, sent } = providerWith(ok({ list: rows, page: 1, size: 20, total: 41, hasMore: true }));
    expect(await provider.getList({ resource: 'creditLoans', filters: [{ field: 'status', operator: 'eq', value: 'pending' }] })).toEqual({
      data: rows,
      total: 41,
      page: 1,
      size: 20,
      hasMore: true,
    });
    expect(sent[0]?.url).toBe('/api/ops/credit/loans?status=pending');
  });

  it('leaves empty filters out of the query', async () => {
    const { provider, sent } = providerWith(ok([]));
    await provider.getList({ resource: 'users', filters: [{ field: 'q', operator: 'eq', value: '' }] });
    expect(sent[0]?.url).toBe('/api/ops/users');
  });

  it('reads one record through the show route, the id in the route’s parameter (encoded)', async () => {
    const { provider, sent } = providerWith(ok({ account: '0901234567' }));
    expect((await provider.getOne({ resource: 'users', id: '0901234567' })).data).toEqual({ account: '0901234567' });
    expect(sent[0]).toMatchObject({ method: 'GET', url: '/api/ops/users/0901234567' });
  });

  it('creates through the create route with the form as JSON', async () => {
    const { provider, sent } = providerWith(ok({ id: 3, state: 'proposed' }));
    const body = { account: '0901234567', currency: 'JPY', amount: '-500', reason: 'goodwill' };
    expect((await provider.create({ resource: 'adjustments', variables: body })).data).toEqual({ id: 3, state: 'proposed' });
    expect(sent[0]).toMatchObject({ method: 'POST', url: '/api/ops/funds/adjustments', body, headers: { 'content-type': 'application/json' } });
  });

  it('sends an action (custom) to its route with the parameters filled in', async () => {
    const { provider, sent } = providerWith(ok({ id: 12, state: 'approved' }));
    const custom = provider.custom;
    if (!custom) throw new Error('the provider has custom()');
    await custom({ url: '', method: 'post', payload: { reason: 'receipt matches' }, meta: { resource: 'deposits', action: 'approve', params: { id: 12 } } });
    expect(sent[0]).toMatchObject({ method: 'POST', url: '/api/ops/funds/deposits/12/approve', body: { reason: 'receipt matches' } });
  });

  it('refuses a call the route table does not have, before anything is sent', async () => {
    const { provider, sent } = providerWith();
    await expect(provider.getOne({ resource: 'deposits', id: 1 })).rejects.toThrow('no "show" call for deposits');
    await expect(provider.update({ resource: 'deposits', id: 1, variables: {} })).rejects.toThrow('no generic update');
    expect(sent).toEqual([]);
  });
});

describe('refusals pass through as the server sent them', () => {
  it('an envelope refusal keeps the server’s message key, translated for the screen, with its HTTP status', async () => {
    const { provider } = providerWith(answer(200, { status: 0, msg: MSG.noPermission, data: null }));
    const custom = provider.custom;
    if (!custom) throw new Error('the provider has custom()');
    const refusal = await refusalOf(custom({ url: '', method: 'post', meta: { resource: 'adjustments', action: 'approve', params: { id: 4 } } }));
    expect(refusal).toEqual({ message: `[${MSG.noPermission}|200]`, statusCode: 200, msg: MSG.noPermission });
  });

  it('the guard’s 403 and 401 come through with their status (the auth provider signs out on 401)', async () => {
    const { provider } = providerWith(
      answer(403, { status: 0, msg: MSG.noPermission, data: null }),
      answer(401, { status: 0, msg: MSG.operatorCredentialRequired, data: null }),
    );
    expect(await refusalOf(provider.create({ resource: 'ipo', variables: {} }))).toMatchObject({ statusCode: 403, msg: MSG.noPermission });
    expect(await refusalOf(provider.getList({ resource: 'audit' }))).toMatchObject({ statusCode: 401, msg: MSG.operatorCredentialRequired });
  });

  it('an answer that is not the envelope (a proxy page) or no answer at all is a network refusal with the status', async () => {
    const { provider } = providerWith(answer(502, '"<html>bad gateway</html>"'));
    expect(await refusalOf(provider.getList({ resource: 'news' }))).toMatchObject({ statusCode: 502, msg: MSG.networkErrorCode });
    expect(await refusalOf(provider.getList({ resource: 'news' }))).toMatchObject({ statusCode: 0, msg: MSG.networkErrorCode });
  });
});
