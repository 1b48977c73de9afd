// The OpenAPI 3.1 description of every call, generated from the route catalogue: paths
// and methods from the routes themselves, request bodies and parameters from the zod schemas
// the handlers parse (rendered by zod-openapi, zod 4's toJSONSchema underneath, on the input
// side), security and refusals from the guards in each route's preHandler list.
import { z } from 'zod';
import {
  createDocument,
  type oas31,
  type ZodOpenApiComponentsObject,
  type ZodOpenApiObject,
  type ZodOpenApiOperationObject,
  type ZodOpenApiParameters,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponsesObject,
} from 'zod-openapi';
import { APP_VERSION } from '@kabuto/shared-sdk/constants';
import { MSG } from '@kabuto/shared-sdk/messages';
import { SESSION_ENDED_STATUS } from '../envelope';
import { guardNoteOf, type GuardNote } from './guard-notes';
import type { CatalogueRoute } from './route-catalogue';

/** A JSON (Schema) object as it appears in the served document. */
export type JsonSchema = Record<string, unknown>;

export const OPENAPI_PATH = '/api/openapi.json';
const OPS_PREFIX = '/api/ops/';
const FORM_TYPE = 'application/x-www-form-urlencoded';

// The served document's shape as its readers (the tests, tools) see it: zod-openapi's own
// output types leave security and our x-kabuto extensions optional on every operation.
export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
  description?: string;
}

export interface OpenApiOperation {
  operationId: string;
  summary?: string;
  description?: string;
  tags: string[];
  security: Array<Record<string, string[]>>;
  parameters?: OpenApiParameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, JsonSchema>;
  /** What the route's guards demand, e.g. ['login', 'not-institution', 'step-up:withdraw']. */
  'x-kabuto-guards': string[];
  /** A read index.html's boot script may send as a page's first call (route config `firstCall`). */
  'x-kabuto-first-call'?: true;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  jsonSchemaDialect: string;
  info: { title: string; version: string; description: string };
  tags: Array<{ name: string; description: string }>;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    securitySchemes: Record<string, JsonSchema>;
    schemas: Record<string, JsonSchema>;
    responses: Record<string, JsonSchema>;
  };
}

/** Which routes the document lists: everything under /api, and other calls that say what they are. */
export function isDocumented(route: CatalogueRoute): boolean {
  return route.url.startsWith('/api/') || route.summary !== undefined;
}

/** Fastify's /users/:account → OpenAPI's /users/{account}. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function guardLabel(note: GuardNote): string {
  switch (note.kind) {
    case 'not-restricted':
      return `not-restricted:${note.restriction}`;
    case 'step-up':
      return `step-up:${note.purpose}`;
    default:
      return note.kind;
  }
}

/** One line per guard: what it demands and how the call is refused without it. */
function guardSentence(note: GuardNote): string {
  switch (note.kind) {
    case 'login':
      return `Needs login (headers token + account). Missing or unknown → HTTP 401 { status: 0, msg: '${MSG.loginRequired}' }; expired or revoked → HTTP 200 { status: ${SESSION_ENDED_STATUS}, msg: '${MSG.sessionExpired}' }.`;
    case 'optional-login':
      return `Works without login; when token/account are sent they must name a live session (HTTP 401 / status ${SESSION_ENDED_STATUS} otherwise).`;
    case 'not-institution':
      return `Not for institution (seat) accounts: { status: 0, msg: '${MSG.seatAccountSupportOnly}', data: { rule: 'seat-account-support-only', support: true } } (the client offers the support chat).`;
    case 'not-restricted':
      if (note.restriction === 'trade-reducing')
        return `Allowed under a trading bar (it only reduces exposure: a cancel or a close; what would open or add is refused with { status: 0, msg: '${MSG.tradingBarred}', data: { restriction, reason } }). HTTP 403 when the account is frozen ('${MSG.accountFrozen}') or disabled ('${MSG.accountDisabled}').`;
      return `Barred from ${note.restriction === 'trade' ? `trading: { status: 0, msg: '${MSG.tradingBarred}'` : `withdrawing: { status: 0, msg: '${MSG.withdrawBarred}'`}, data: { restriction, reason } } (the session stays). HTTP 403 only when the account is frozen ('${MSG.accountFrozen}') or disabled ('${MSG.accountDisabled}').`;
    case 'verified-identity':
      return `Needs verified identity: otherwise { status: 0 } with '${MSG.realNameRequiredBeforeWithdraw}', '${MSG.realNameUnderReview}' or '${MSG.realNameNotPassed}'.`;
    case 'step-up':
      return `Needs a fresh step-up for '${note.purpose}' (user/stepUpOptions → user/stepUpVerify); without one: { status: 0, msg: '${MSG.stepUpRequired}', data: { stepUp: '${note.purpose}' } }.`;
  }
}

function tagOf(url: string): string {
  if (url.startsWith(OPS_PREFIX)) return 'ops';
  const vue = /^\/api\/vue\/([^/]+)\//.exec(url);
  if (vue?.[1]) return vue[1];
  return 'service';
}

function operationIdOf(method: string, url: string): string {
  const words = url.split(/[^A-Za-z0-9]+/).filter((w) => w.length > 0);
  return [method.toLowerCase(), ...words.map((w) => w[0]?.toUpperCase() + w.slice(1))].join('');
}

const LOGIN: Record<string, string[]> = { token: [], account: [] };
const OPERATOR: Record<string, string[]> = { operator: [] };

function securityOf(route: CatalogueRoute, notes: readonly GuardNote[]): Array<Record<string, string[]>> {
  if (route.url.startsWith(OPS_PREFIX)) return [OPERATOR];
  if (notes.some((n) => n.kind === 'login')) return [LOGIN];
  // {} first: anonymous calls are fine.
  if (notes.some((n) => n.kind === 'optional-login')) return [{}, LOGIN];
  return [];
}

/** Path parameters from the route's params schema; a path without one has string parameters. */
function requestParamsOf(route: CatalogueRoute): ZodOpenApiParameters | undefined {
  const names = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] as string);
  const path = route.params ?? (names.length > 0 ? z.object(Object.fromEntries(names.map((name) => [name, z.string()]))) : undefined);
  if (!path && !route.query) return undefined;
  return { ...(path ? { path } : {}), ...(route.query ? { query: route.query } : {}) };
}

function requestBodyOf(route: CatalogueRoute): ZodOpenApiOperationObject['requestBody'] {
  const schema = route.form;
  if (!schema) return undefined;
  // An absent body is read as an empty form, so it is required only when an empty form is refused.
  const required = !schema.safeParse({}).success;
  // Customer calls are form-encoded; operator calls take JSON (forms work too).
  const content = route.url.startsWith(OPS_PREFIX) ? { 'application/json': { schema }, [FORM_TYPE]: { schema } } : { [FORM_TYPE]: { schema } };
  return { required, content };
}

const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });

function responsesOf(route: CatalogueRoute, notes: readonly GuardNote[]): ZodOpenApiResponsesObject {
  if (route.plainAnswer !== undefined) {
    return route.websocket ? { '101': { description: route.plainAnswer } } : { '200': { description: route.plainAnswer } };
  }
  const responses: ZodOpenApiResponsesObject = { '200': ref('Envelope') };
  if (route.url.startsWith(OPS_PREFIX)) responses['401'] = ref('OperatorCredentialRequired');
  if (notes.some((n) => n.kind === 'login' || n.kind === 'optional-login')) responses['401'] = ref('LoginRequired');
  if (notes.some((n) => n.kind === 'not-restricted')) responses['403'] = ref('Restricted');
  return responses;
}

function operationOf(route: CatalogueRoute): ZodOpenApiOperationObject {
  const notes = route.preHandlers.map(guardNoteOf).filter((n): n is GuardNote => n !== undefined);
  const sentences = notes.map(guardSentence);
  if (route.url.startsWith(OPS_PREFIX))
    sentences.unshift(
      `Operator call: header authorization: Bearer <operator credential>, else HTTP 401 '${MSG.operatorCredentialRequired}'. Every change is audited.`,
    );
  const requestParams = requestParamsOf(route);
  const requestBody = requestBodyOf(route);
  return {
    operationId: operationIdOf(route.method, route.url),
    ...(route.summary !== undefined ? { summary: route.summary } : {}),
    ...(sentences.length > 0 ? { description: sentences.join('\n\n') } : {}),
    tags: [tagOf(route.url)],
    security: securityOf(route, notes),
    ...(requestParams ? { requestParams } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: responsesOf(route, notes),
    'x-kabuto-guards': [...(route.url.startsWith(OPS_PREFIX) ? ['operator'] : []), ...notes.map(guardLabel)],
    ...(route.firstCall === true ? { 'x-kabuto-first-call': true as const } : {}),
  };
}

const ENVELOPE_SCHEMA = {
  type: 'object',
  required: ['status', 'msg', 'data'],
  properties: {
    status: {
      type: 'integer',
      description: `1: done, data is the answer. 0: refused, msg is the catalogue key. ${SESSION_ENDED_STATUS}: the session has ended (log in again).`,
      examples: [1, 0, SESSION_ENDED_STATUS],
    },
    msg: { type: 'string', description: 'A message catalogue key (Traditional Chinese text) the client translates; may be empty on success.' },
    data: { description: 'The answer; null on most refusals.' },
  },
} satisfies oas31.SchemaObject;

const envelopeResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } },
});

const COMPONENTS: ZodOpenApiComponentsObject = {
  securitySchemes: {
    token: { type: 'apiKey', in: 'header', name: 'token', description: 'Session token from user/login; always sent together with account.' },
    account: { type: 'apiKey', in: 'header', name: 'account', description: 'The ten-digit account the session belongs to.' },
    operator: { type: 'http', scheme: 'bearer', description: 'Operator credential (KABUTO_OPERATOR_TOKEN) for /api/ops/*.' },
  },
  schemas: { Envelope: ENVELOPE_SCHEMA },
  responses: {
    Envelope: envelopeResponse(
      `HTTP 200 for every answer, refusals included: status 1 with data, or status 0 with a catalogue key in msg (bad input '${MSG.invalidParams}', too many calls '${MSG.tooFrequent}', unexpected failure '${MSG.systemBusy}').`,
    ),
    LoginRequired: envelopeResponse(`Missing or unknown token/account: { status: 0, msg: '${MSG.loginRequired}' }.`),
    Restricted: envelopeResponse(
      "The account is frozen or disabled (the session must end): { status: 0, msg: <the restriction's catalogue key> }. A trade/withdraw ban is status 0 with HTTP 200.",
    ),
    OperatorCredentialRequired: envelopeResponse(`Missing or unknown operator credential: { status: 0, msg: '${MSG.operatorCredentialRequired}' }.`),
  },
};

const DESCRIPTION = [
  'Kabuto broker API. Customer calls are POST /api/vue/{group}/{action}, form-encoded (application/x-www-form-urlencoded), with headers token and account once logged in.',
  'Every /api answer is the envelope { status, msg, data } with HTTP 200, except HTTP 401 (missing or invalid credentials) and HTTP 403 (forbidden by a restriction).',
  `Unknown /api actions answer { status: 0, msg: '${MSG.notOpen}' }.`,
  'Contracts in prose: docs/api/identity.md, docs/api/funds.md, docs/api/market.md (including the /ws WebSocket protocol).',
].join('\n\n');

export function buildOpenApiDocument(routes: readonly CatalogueRoute[]): OpenApiDocument {
  const paths: ZodOpenApiPathsObject = {};
  const documented = routes.filter(isDocumented).sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
  for (const route of documented) {
    const path = openApiPath(route.url);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operationOf(route) };
  }
  const tagNames = [...new Set(documented.map((r) => tagOf(r.url)))].sort();
  // jsonSchemaDialect is OpenAPI 3.1's; zod-openapi passes it through but leaves it out of its type.
  const source: ZodOpenApiObject & { jsonSchemaDialect: string } = {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: { title: 'Kabuto API', version: APP_VERSION, description: DESCRIPTION },
    tags: tagNames.map((name) => ({
      name,
      description: name === 'ops' ? 'Operator calls (/api/ops)' : name === 'service' ? 'Service routes outside the envelope groups' : `POST /api/vue/${name}/*`,
    })),
    paths,
    components: COMPONENTS,
  };
  // A form part OpenAPI cannot express (z.custom, a function) makes this throw rather than
  // describe it wrongly; openapi.test.ts builds the document from every route, so such a form
  // fails there. A recursive one becomes a component it refers to. `reused: 'inline'`: a schema
  // shared by two forms is written out in both.
  return createDocument(source, { reused: 'inline' }) as unknown as OpenApiDocument;
}
