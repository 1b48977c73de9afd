// Refine's data provider over the ops API. The ops routes are not REST-uniform, so each
// resource's calls come from the route table (api/route-table.ts): list → getList, show →
// getOne, create → create, every other action (approve, reject, pay, close, …) → custom with
// meta { resource, action, params }. Answers are passed on as the server sent them; a refusal
// becomes Refine's HttpError with the server's message translated and its key kept in `msg`.
import type { BaseRecord, CrudFilter, DataProvider, HttpError } from '@refinedev/core';
import { OpsRefusal, type OpsClient } from '../api/ops-client';
import { routeOf, type OpsRoute } from '../api/route-table';

export interface OpsHttpError extends HttpError {
  /** The server's message key (or text), untranslated. */
  msg: string;
}

/** A list call that answers a page (`{ list, total, … }`) rather than an array. */
interface ListPage<T> {
  list: T[];
  /** Absent when the list is whole (the trusts). */
  total?: number;
}

/** What custom() needs to find its route: which action of which resource, and the route's parameters. */
export interface ActionMeta {
  resource: string;
  action: string;
  params?: Record<string, string | number>;
}

function isActionMeta(meta: unknown): meta is ActionMeta {
  if (typeof meta !== 'object' || meta === null) return false;
  const m = meta as Record<string, unknown>;
  return typeof m.resource === 'string' && typeof m.action === 'string';
}

/** Equality filters become the list call's query (state=pending, q=123, account=…). */
export function queryOf(filters: readonly CrudFilter[] | undefined): Record<string, string> {
  const query: Record<string, string> = {};
  for (const filter of filters ?? []) {
    if ('field' in filter && filter.operator === 'eq' && filter.value !== undefined && filter.value !== null && filter.value !== '') {
      query[filter.field] = String(filter.value);
    }
  }
  return query;
}

function needRoute(resource: string, action: string): OpsRoute {
  const route = routeOf(resource, action);
  if (!route) throw new Error(`the console has no "${action}" call for ${resource}`);
  return route;
}

/** The route's one parameter (":id", ":account", ":code", ":name") filled with `id`. */
function singleParam(route: OpsRoute, id: string | number): Record<string, string | number> {
  const name = /:([A-Za-z]+)/.exec(route.path)?.[1];
  if (!name) throw new Error(`${route.path} takes no parameter`);
  return { [name]: id };
}

export function createOpsDataProvider(client: OpsClient, translateRefusal: (msg: string, httpStatus: number) => string): DataProvider {
  async function run<T>(route: OpsRoute, input: Parameters<OpsClient['call']>[1]): Promise<T> {
    try {
      return await client.call<T>(route, input);
    } catch (error) {
      if (error instanceof OpsRefusal) {
        const refusal: OpsHttpError = { message: translateRefusal(error.msg, error.httpStatus), statusCode: error.httpStatus, msg: error.msg };
        throw refusal;
      }
      throw error;
    }
  }

  const unsupported = (what: string) => async (): Promise<never> => {
    throw new Error(`the ops API has no generic ${what}; use an action of the route table`);
  };

  return {
    getApiUrl: () => '/api/ops',
    async getList<TData extends BaseRecord = BaseRecord>({ resource, filters }: Parameters<DataProvider['getList']>[0]) {
      const answer = await run<TData[] | ListPage<TData>>(needRoute(resource, 'list'), { query: queryOf(filters) });
      // Most lists answer an array; a paged one (credit loans, the dividend schedule) answers a page
      // and the total, with anything else the page carries (the schedule's splits) kept beside them.
      if (Array.isArray(answer)) return { data: answer, total: answer.length };
      const { list, total, ...rest } = answer;
      return { ...rest, data: list, total: total ?? list.length };
    },
    async getOne<TData extends BaseRecord = BaseRecord>({ resource, id }: Parameters<DataProvider['getOne']>[0]) {
      const route = needRoute(resource, 'show');
      return { data: await run<TData>(route, { params: singleParam(route, id) }) };
    },
    async create<TData extends BaseRecord = BaseRecord>({ resource, variables }: Parameters<DataProvider['create']>[0]) {
      return { data: await run<TData>(needRoute(resource, 'create'), { body: variables as Record<string, unknown> }) };
    },
    async custom<TData extends BaseRecord = BaseRecord>({ meta, payload }: Parameters<NonNullable<DataProvider['custom']>>[0]) {
      if (!isActionMeta(meta)) throw new Error('custom(): give meta { resource, action, params }');
      const data = await run<TData>(needRoute(meta.resource, meta.action), {
        params: meta.params ?? {},
        body: (payload ?? {}) as Record<string, unknown>,
      });
      return { data };
    },
    update: unsupported('update'),
    deleteOne: unsupported('delete'),
  };
}
