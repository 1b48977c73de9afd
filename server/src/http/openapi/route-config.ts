// What a route tells the OpenAPI description about itself, in its Fastify `config`:
//   app.post(url, { config: { summary: 'Log in', form: loginForm } }, async (request) => {
//     const form = parseRouteForm(request, loginForm); ... })
// parseRouteForm checks that the schema it is given is the one in config.form, so the
// description and the handler cannot drift apart.
import type { z } from 'zod';

export interface RouteDocConfig {
  /** One line for the OpenAPI description. */
  summary?: string;
  /** The schema the handler parses the body with (parseRouteForm). */
  form?: z.ZodType;
  /** The schema the handler parses the query string with (parseRouteQuery): an object, one parameter a field. */
  query?: z.ZodType<unknown, Record<string, unknown>>;
  /** The schema the handler parses the path parameters with (parseRouteParams): an object, one parameter a field. */
  params?: z.ZodType<unknown, Record<string, unknown>>;
  /** For answers that are not the { status, msg, data } envelope: what comes back instead. */
  plainAnswer?: string;
  /** Body fields that may hold tab, CR and LF (input-hygiene.ts refuses them everywhere else). */
  multiline?: readonly string[];
  /**
   * A read that changes nothing, which index.html's boot script may send as a page's first
   * call before the app has loaded (docs/first-screen.md). A release can declare only these:
   * whatever its list says, the boot script never sends a call that could change anything
   * with the customer's session.
   */
  firstCall?: boolean;
  /**
   * The answer holds public data only, so it may be sent compressed (http/compress.ts). Never on
   * an answer that can hold a secret: compressed sizes would leak it (BREACH).
   */
  compress?: boolean;
}

declare module 'fastify' {
  // Merged into Fastify's route config type, next to @fastify/rate-limit's rateLimit.
  interface FastifyContextConfig extends RouteDocConfig {}
}
