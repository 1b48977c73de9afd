// The console's one way to the ops API: the route table's call with the console session
// token as bearer. Answers come back as the server sent them; a refusal (HTTP error or
// envelope status 0) becomes an OpsRefusal carrying the server's `msg` untouched, which the
// screens translate with the customer catalogue (shared-sdk translateMessage).
import { MSG } from '@kabuto/shared-sdk/messages';
import { fillPath, type OpsRoute } from './route-table';

export interface Envelope<T> {
  status: number;
  msg: string;
  data: T;
}

export class OpsRefusal extends Error {
  constructor(
    /** The server's message: a catalogue key, or text when the server had no key. */
    readonly msg: string,
    readonly httpStatus: number,
    readonly data: unknown,
  ) {
    super(msg);
    this.name = 'OpsRefusal';
  }
}

export interface CallInput {
  params?: Readonly<Record<string, string | number>>;
  query?: Readonly<Record<string, string | number | undefined>>;
  body?: Readonly<Record<string, unknown>>;
}

/** What the client reads of an answer (window.fetch's Response has it all). */
export type HttpResponse = Pick<Response, 'ok' | 'status' | 'json' | 'blob'> & { headers: Pick<Headers, 'get'> };

export type FetchLike = (url: string, init: { method: string; headers: Record<string, string>; body?: string }) => Promise<HttpResponse>;

export interface OpsClient {
  call<T>(route: OpsRoute, input?: CallInput): Promise<T>;
  /** A binary answer (a customer's uploaded image), for an object URL. */
  blob(route: OpsRoute, input?: CallInput): Promise<Blob>;
}

export function urlOf(route: OpsRoute, input: CallInput = {}): string {
  const path = fillPath(route.path, input.params ?? {});
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(input.query ?? {})) if (value !== undefined && value !== '') search.set(name, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** Not the envelope the API promises (a proxy's error page, a dropped connection): shown with the HTTP status. */
export const NO_ANSWER = MSG.networkErrorCode;

export function createOpsClient(opts: { fetch: FetchLike; token: () => string | null }): OpsClient {
  async function send(route: OpsRoute, input: CallInput = {}): Promise<HttpResponse> {
    const token = opts.token();
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    const body = route.method === 'POST' ? JSON.stringify(input.body ?? {}) : undefined;
    if (body !== undefined) headers['content-type'] = 'application/json';
    try {
      return await opts.fetch(urlOf(route, input), { method: route.method, headers, body });
    } catch {
      throw new OpsRefusal(NO_ANSWER, 0, null);
    }
  }

  async function envelopeOf(response: HttpResponse): Promise<Envelope<unknown> | null> {
    try {
      const parsed: unknown = await response.json();
      return typeof parsed === 'object' && parsed !== null && 'status' in parsed ? (parsed as Envelope<unknown>) : null;
    } catch {
      return null;
    }
  }

  return {
    async call<T>(route: OpsRoute, input?: CallInput): Promise<T> {
      const response = await send(route, input);
      const envelope = await envelopeOf(response);
      if (!envelope) throw new OpsRefusal(NO_ANSWER, response.status, null);
      if (!response.ok || envelope.status !== 1) throw new OpsRefusal(envelope.msg, response.status, envelope.data ?? null);
      return envelope.data as T;
    },
    async blob(route: OpsRoute, input?: CallInput): Promise<Blob> {
      const response = await send(route, input);
      const type = response.headers.get('content-type') ?? '';
      if (response.ok && !type.includes('application/json')) return response.blob();
      const envelope = await envelopeOf(response);
      throw new OpsRefusal(envelope?.msg ?? NO_ANSWER, response.status, envelope?.data ?? null);
    },
  };
}
