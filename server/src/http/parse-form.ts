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
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw new ApiFailure(msgKeyForZodError(result.error));
  return result.data;
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
