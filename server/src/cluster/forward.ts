// A cluster's API server forwards the venue's routes (venue-routes.ts) to the venue leader over
// the bus, and the leader answers them through its own app (`inject`): the same checks, session,
// rate limits and idempotency as a request it had received itself. The customer's credentials
// travel with the request, so the API server can ask nothing the customer could not.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@kabuto/shared-sdk/messages';
import { ApiFailure } from '../http/envelope';
import type { ClusterBus } from './bus';
import { isVenueRoute } from './venue-routes';
import type { Database } from '../db/client';
import { formFields, partitionForRequest } from './partition-routing';

/** What crosses the bus: the request as the API server received it. */
interface ForwardedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** base64 */
  body: string;
  /** The client's address as the API server saw it (behind the load balancer: X-Forwarded-For). */
  ip: string;
}

interface ForwardedAnswer {
  status: number;
  headers: Record<string, string>;
  /** base64 */
  body: string;
}

export const venueSubject = (partition: number): string => `kabuto.venue.${partition}.http`;

/** How long an API server waits for the venue; then the customer is told to try again (the app resends with the same idempotency key). */
export const FORWARD_TIMEOUT_MS = 5_000;
/** Fastify's own default body limit: nothing larger reaches the venue's routes. */
const BODY_LIMIT = 1_048_576;

// Hop-by-hop headers and what the API server answers itself (compression) stay behind.
const DROPPED_REQUEST_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
  'accept-encoding',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
]);
const DROPPED_ANSWER_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'date', 'content-encoding']);

async function readBody(request: FastifyRequest): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.raw) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buffer.length;
    if (size > BODY_LIMIT) throw new ApiFailure(MSG.invalidParams, { field: 'body', limitBytes: BODY_LIMIT });
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * API server: every venue route is answered by a venue leader, the one of the partition holding
 * the request's instrument (partition-routing.ts).
 */
export function forwardVenueRoutes(
  app: FastifyInstance,
  bus: ClusterBus,
  partitions: { count: number; db: Database } | null = null,
  answeredHere: ReadonlySet<string> = new Set(),
): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    // By the route the request matched, not the URL as sent: '/api/vue/%74rade/place' reaches
    // the trade routes too, and must not be answered by this server's own idle venue.
    const route = request.routeOptions.url;
    if (route === undefined || !isVenueRoute(route) || answeredHere.has(route)) return;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined || DROPPED_REQUEST_HEADERS.has(name)) continue;
      headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    const body = await readBody(request);
    // A row is read to route only a request that carries a session (the venue checks it): nobody
    // signed in cannot make this server read the database, and lands at home to be refused there.
    const signedIn = typeof request.headers.token === 'string' && request.headers.token !== '';
    const partition = partitions
      ? await partitionForRequest(partitions.db, partitions.count, route, formFields(request.url, request.headers['content-type'], body), signedIn)
      : 0;
    const forwarded: ForwardedRequest = { method: request.method, url: request.url, headers, body: body.toString('base64'), ip: request.ip };
    let answerText: string;
    try {
      answerText = await bus.request(venueSubject(partition), JSON.stringify(forwarded), FORWARD_TIMEOUT_MS);
    } catch (error) {
      request.log.warn({ err: error, url: request.url }, 'venue did not answer');
      throw new ApiFailure(MSG.systemStarting, { venue: partition });
    }
    const answer = JSON.parse(answerText) as ForwardedAnswer;
    for (const [name, value] of Object.entries(answer.headers)) if (!DROPPED_ANSWER_HEADERS.has(name)) void reply.header(name, value);
    return reply.code(answer.status).send(Buffer.from(answer.body, 'base64'));
  });
}

/** Venue leader: answers forwarded requests through its own routes. Returns the stop. */
export function answerForwardedRequests(app: FastifyInstance, bus: ClusterBus, partition = 0): () => void {
  return bus.reply(
    venueSubject(partition),
    async (text) => {
      const forwarded = JSON.parse(text) as ForwardedRequest;
      const method = forwarded.method as 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS';
      const result = await app.inject({
        method,
        url: forwarded.url,
        headers: forwarded.headers,
        payload: Buffer.from(forwarded.body, 'base64'),
        remoteAddress: forwarded.ip,
      });
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(result.headers)) {
        if (value === undefined) continue;
        headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
      }
      const answer: ForwardedAnswer = { status: result.statusCode, headers, body: result.rawPayload.toString('base64') };
      return JSON.stringify(answer);
    },
    { queue: `venue-${partition}` },
  );
}
