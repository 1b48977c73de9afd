// A recorded fetch for the provider tests: answers queued per call, every request kept.
import type { FetchLike, HttpResponse } from '../api/ops-client';

export interface SentRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

export function answer(status: number, body: unknown, contentType = 'application/json'): HttpResponse {
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? contentType : null) },
    json: async () => (typeof body === 'string' ? JSON.parse(body) : body),
    blob: async () => new Blob([typeof body === 'string' ? body : JSON.stringify(body)], { type: contentType }),
  };
}

export function fakeFetch(...answers: HttpResponse[]): { fetch: FetchLike; sent: SentRequest[] } {
  const sent: SentRequest[] = [];
  const queue = [...answers];
  const fetch: FetchLike = async (url, init) => {
    sent.push({ url, method: init.method, headers: init.headers, body: init.body === undefined ? undefined : JSON.parse(init.body) });
    const next = queue.shift();
    if (!next) throw new TypeError('Failed to fetch');
    return next;
  };
  return { fetch, sent };
}
