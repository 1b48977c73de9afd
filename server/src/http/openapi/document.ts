// The OpenAPI 3.1 description of every call, generated from the route catalogue: paths
// and methods from the routes themselves, request bodies from the zod schemas the
// handlers parse, security and refusals from the guards in each route's preHandler list.
import { APP_VERSION } from '@kabuto/shared-sdk/constants';
import { MSG } from '@kabuto/shared-sdk/messages';
import { SESSION_ENDED_STATUS } from '../envelope';
import { formJsonSchema, type JsonSchema } from './form-schema';
import { guardNoteOf, type GuardNote } from './guard-notes';
import type { CatalogueRoute } from './route-catalogue';

export const OPENAPI_PATH = '/api/openapi.json';
const OPS_PREFIX = '/api/ops/';
const FORM_TYPE = 'application/x-www-form-urlencoded';

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
      return `Not for institution (seat) accounts: { status: 0, msg: '${MSG.seatAccountSupportOnly}' }.`;
    case 'not-restricted':
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

function propertiesOf(schema: JsonSchema): { properties: Record<string, JsonSchema>; required: string[] } {
  const properties = typeof schema.properties === 'object' && schema.properties !== null ? (schema.properties as Record<string, JsonSchema>) : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [];
  return { properties, required };
}

function parametersOf(route: CatalogueRoute): OpenApiParameter[] {
  const parameters: OpenApiParameter[] = [];
  const pathSchema = route.params ? propertiesOf(formJsonSchema(route.params)) : undefined;
  for (const match of route.url.matchAll(/:([A-Za-z0-9_]+)/g)) {
    const name = match[1] as string;
    parameters.push({ name, in: 'path', required: true, schema: pathSchema?.properties[name] ?? { type: 'string' } });
  }
  if (route.query) {
    const { properties, required } = propertiesOf(formJsonSchema(route.query));
    for (const [name, schema] of Object.entries(properties)) {
      parameters.push({ name, in: 'query', required: required.includes(name), schema });
    }
  }
  return parameters;
}

function requestBodyOf(route: CatalogueRoute): OpenApiOperation['requestBody'] {
  if (!route.form) return undefined;
  const schema = formJsonSchema(route.form);
  // An absent body is read as an empty form, so it is required only when some field is.
  const required = propertiesOf(schema).required.length > 0;
  // Customer calls are form-encoded; operator calls take JSON (forms work too).
  const content: Record<string, { schema: JsonSchema }> = route.url.startsWith(OPS_PREFIX)
    ? { 'application/json': { schema }, [FORM_TYPE]: { schema } }
    : { [FORM_TYPE]: { schema } };
  return { required, content };
}

const ref = (name: string): JsonSchema => ({ $ref: `#/components/responses/${name}` });

function responsesOf(route: CatalogueRoute, notes: readonly GuardNote[]): Record<string, JsonSchema> {
  if (route.plainAnswer !== undefined) {
    return route.websocket ? { '101': { description: route.plainAnswer } } : { '200': { description: route.plainAnswer } };
  }
  const responses: Record<string, JsonSchema> = { '200': ref('Envelope') };
  if (route.url.startsWith(OPS_PREFIX)) responses['401'] = ref('OperatorCredentialRequired');
  if (notes.some((n) => n.kind === 'login' || n.kind === 'optional-login')) responses['401'] = ref('LoginRequired');
  if (notes.some((n) => n.kind === 'not-restricted')) responses['403'] = ref('Restricted');
  return responses;
}

function operationOf(route: CatalogueRoute): OpenApiOperation {
  const notes = route.preHandlers.map(guardNoteOf).filter((n): n is GuardNote => n !== undefined);
  const sentences = notes.map(guardSentence);
  if (route.url.startsWith(OPS_PREFIX))
    sentences.unshift(
      `Operator call: header authorization: Bearer <operator credential>, else HTTP 401 '${MSG.operatorCredentialRequired}'. Every change is audited.`,
    );
  const parameters = parametersOf(route);
  const requestBody = requestBodyOf(route);
  return {
    operationId: operationIdOf(route.method, route.url),
    ...(route.summary !== undefined ? { summary: route.summary } : {}),
    ...(sentences.length > 0 ? { description: sentences.join('\n\n') } : {}),
    tags: [tagOf(route.url)],
    security: securityOf(route, notes),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: responsesOf(route, notes),
    'x-kabuto-guards': [...(route.url.startsWith(OPS_PREFIX) ? ['operator'] : []), ...notes.map(guardLabel)],
    ...(route.firstCall === true ? { 'x-kabuto-first-call': true as const } : {}),
  };
}

const ENVELOPE_SCHEMA: JsonSchema = {
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
};

const envelopeResponse = (description: string): JsonSchema => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } },
});

const COMPONENTS: OpenApiDocument['components'] = {
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
  const paths: OpenApiDocument['paths'] = {};
  const documented = routes.filter(isDocumented).sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
  for (const route of documented) {
    const path = openApiPath(route.url);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operationOf(route) };
  }
  const tagNames = [...new Set(documented.map((r) => tagOf(r.url)))].sort();
  return {
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
}
