// Input hygiene at one place: before any handler or guard of an /api call, every
// text the caller sent (form or JSON body, query string, path parameters) is refused with
// the catalogue's bad-input message when it carries NUL or another control character. Such
// text is never meaningful here, PostgreSQL cannot store NUL ("system busy" and an error
// log line an anonymous caller could flood), and a log or an operator's terminal should
// never print it. Tab, CR and LF pass only in fields a route names in config.multiline.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '@kabuto/shared-sdk/messages';
import { ApiFailure } from './envelope';
import { isApiPath } from './error-handler';

/** C0 controls except tab/LF/CR, DEL, and the C1 block. */
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's purpose
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** The same plus tab, LF and CR: fields without documented line breaks. */
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's purpose
const CONTROL_OR_LINE_BREAK = /[\u0000-\u001F\u007F-\u009F]/;

/** Whether `value` (a string, or strings nested in arrays and objects, names included) is clean. */
function clean(value: unknown, multiline: boolean, depth = 0): boolean {
  if (typeof value === 'string') return !(multiline ? CONTROL : CONTROL_OR_LINE_BREAK).test(value);
  if (depth > 32) return false;
  if (Array.isArray(value)) return value.every((item) => clean(item, multiline, depth + 1));
  if (typeof value === 'object' && value !== null) {
    for (const [name, item] of Object.entries(value)) if (CONTROL_OR_LINE_BREAK.test(name) || !clean(item, multiline, depth + 1)) return false;
  }
  return true;
}

function fieldsClean(part: unknown, multilineFields: readonly string[]): boolean {
  if (typeof part !== 'object' || part === null || Array.isArray(part)) return clean(part, false);
  // A loop over own keys, not Object.entries: most calls have an empty query and params.
  const fields = part as Record<string, unknown>;
  for (const name in fields) {
    if (!Object.hasOwn(fields, name)) continue;
    if (CONTROL_OR_LINE_BREAK.test(name) || !clean(fields[name], multilineFields.includes(name))) return false;
  }
  return true;
}

/** Throws the bad-input refusal when any part of the request carries a control character. */
export function checkInputHygiene(request: FastifyRequest): void {
  const multiline = request.routeOptions.config?.multiline ?? [];
  if (!fieldsClean(request.body, multiline) || !fieldsClean(request.query, []) || !fieldsClean(request.params, [])) {
    throw new ApiFailure(MSG.invalidParams);
  }
}

/** Registers the check for every /api route (preValidation: after parsing, before guards and handlers). */
export function registerInputHygiene(app: FastifyInstance): void {
  // A callback hook, not async: one promise less on every request.
  app.addHook('preValidation', function inputHygiene(request, _reply, done) {
    if (!isApiPath(request.url)) return done();
    try {
      checkInputHygiene(request);
    } catch (error) {
      return done(error as Error);
    }
    done();
  });
}
