// Validation of form-encoded /api bodies with zod. A schema may name a catalogue key as
// an issue's message (e.g. z.string().min(1, MSG.accountEmpty)); the client then shows
// that precise message. Anything else is reported as invalid parameters.
// Route handlers use parseRouteForm/Query/Params: the same schema is then the route's
// OpenAPI description (config.form/query/params), checked to be one and the same.
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { MSG, type MessageKey } from '@kabuto/shared-sdk/messages';
import { ApiFailure } from './envelope';
import type { RouteDocConfig } from './openapi/route-config';

const CATALOGUE_KEYS: ReadonlySet<string> = new Set(Object.values(MSG));

export function isCatalogueKey(text: string): text is MessageKey {
  return CATALOGUE_KEYS.has(text);
}

export function msgKeyForZodError(error: z.ZodError): MessageKey {
  const message = error.issues[0]?.message;
  return message !== undefined && isCatalogueKey(message) ? message : MSG.invalidParams;
}

/**
 * The parsed form, or an ApiFailure (answered as { status: 0, msg }) when it does not
 * fit. A missing body is treated as an empty form.
 */
export function parseForm<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(plainNumbers(schema, body ?? {}));
  if (!result.success) throw new ApiFailure(msgKeyForZodError(result.error));
  return result.data;
}

// ---- number fields: plain decimal text only --------------------------------------------
// z.coerce.number() reads text with Number(), which also takes '0x10', '+5', '5.', '1e3',
// ' 5 ' and '' (as 0). Every coerced number field of every form is checked here first: an
// integer field takes only decimal digits with an optional leading minus (the schema's own
// minimum then decides whether negatives are allowed), a decimal field also one fraction.

interface NumberField {
  integer: boolean;
  optional: boolean;
  schema: z.ZodType;
}

interface SchemaDef {
  type: string;
  coerce?: boolean;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  checks?: ReadonlyArray<{ _zod: { def: { check?: string; format?: string } } }>;
}

const defOf = (schema: z.ZodType): SchemaDef => (schema as unknown as { def: SchemaDef }).def;
const WRAPPERS: ReadonlySet<string> = new Set(['optional', 'default', 'prefault', 'nullable', 'catch', 'readonly', 'nonoptional']);
const OPTIONAL_WRAPPERS: ReadonlySet<string> = new Set(['optional', 'default', 'prefault']);

/** The schema under optional/default/…/pipe wrappers, and whether one made it optional. */
function unwrap(schema: z.ZodType): { def: SchemaDef; optional: boolean } {
  let def = defOf(schema);
  let optional = false;
  for (let depth = 0; depth < 16; depth += 1) {
    if (WRAPPERS.has(def.type) && def.innerType) {
      optional ||= OPTIONAL_WRAPPERS.has(def.type);
      def = defOf(def.innerType);
    } else if (def.type === 'pipe' && def.in) {
      def = defOf(def.in);
    } else {
      break;
    }
  }
  return { def, optional };
}

const numberFieldsCache = new WeakMap<z.ZodType, ReadonlyMap<string, NumberField>>();

function numberFieldsOf(schema: z.ZodType): ReadonlyMap<string, NumberField> {
  const cached = numberFieldsCache.get(schema);
  if (cached) return cached;
  const fields = new Map<string, NumberField>();
  const { def } = unwrap(schema);
  for (const [name, field] of Object.entries(def.type === 'object' ? (def.shape ?? {}) : {})) {
    const inner = unwrap(field);
    if (inner.def.type !== 'number' || inner.def.coerce !== true) continue;
    const integer = (inner.def.checks ?? []).some((check) => check._zod.def.check === 'number_format' && /int/.test(check._zod.def.format ?? ''));
    fields.set(name, { integer, optional: inner.optional, schema: field });
  }
  numberFieldsCache.set(schema, fields);
  return fields;
}

const INTEGER_TEXT = /^-?\d{1,16}$/;
const DECIMAL_TEXT = /^-?\d{1,16}(\.\d{1,16})?$/;

/** The field's own refusal (e.g. MSG.orderNotFound for an order id), else invalid parameters. */
function refusalOf(field: NumberField): ApiFailure {
  const result = field.schema.safeParse(Number.NaN);
  return new ApiFailure(result.success ? MSG.invalidParams : msgKeyForZodError(result.error));
}

/** `body` with its coerced number fields checked (an empty optional one counts as not sent). */
function plainNumbers(schema: z.ZodType, body: unknown): unknown {
  const fields = numberFieldsOf(schema);
  if (fields.size === 0 || typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  let checked: Record<string, unknown> | undefined;
  for (const [name, field] of fields) {
    const value = (body as Record<string, unknown>)[name];
    if (value === undefined || typeof value === 'number') continue;
    if (value === '' && field.optional) {
      checked ??= { ...(body as Record<string, unknown>) };
      delete checked[name];
      continue;
    }
    if (typeof value !== 'string' || !(field.integer ? INTEGER_TEXT : DECIMAL_TEXT).test(value)) throw refusalOf(field);
  }
  return checked ?? body;
}

type DocumentedPart = 'form' | 'query' | 'params';

const PART_OF_REQUEST: Readonly<Record<DocumentedPart, (request: FastifyRequest) => unknown>> = {
  form: (request) => request.body,
  query: (request) => request.query,
  params: (request) => request.params,
};

function parseDocumented<S extends z.ZodType>(request: FastifyRequest, part: DocumentedPart, schema: S): z.output<S> {
  const config: RouteDocConfig = request.routeOptions.config;
  if (config[part] !== schema) {
    // A programming error: the OpenAPI description would show another schema than the one enforced.
    throw new Error(`${request.routeOptions.url ?? request.url} parses a ${part} that its route config.${part} does not declare`);
  }
  return parseForm(schema, PART_OF_REQUEST[part](request));
}

/** parseForm on the body, with the schema the route declares as config.form (its OpenAPI request body). */
export function parseRouteForm<S extends z.ZodType>(request: FastifyRequest, schema: S): z.output<S> {
  return parseDocumented(request, 'form', schema);
}

/** parseForm on the query string, with the schema the route declares as config.query. */
export function parseRouteQuery<S extends z.ZodType>(request: FastifyRequest, schema: S): z.output<S> {
  return parseDocumented(request, 'query', schema);
}

/** parseForm on the path parameters, with the schema the route declares as config.params. */
export function parseRouteParams<S extends z.ZodType>(request: FastifyRequest, schema: S): z.output<S> {
  return parseDocumented(request, 'params', schema);
}
