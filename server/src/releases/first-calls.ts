// The first API calls a remote declares for its pages (shared-sdk remote/first-calls.ts),
// read from a release's kabuto-pages.json. A release is operator-supplied input that ends up
// in every index.html and in requests the boot script sends, so each route's list is checked
// here: names are plain identifiers, values short text, lists short. A route whose list is
// not valid gets no early calls; its page simply asks for its data itself.
import { z } from 'zod';
import { FIRST_CALLS_MAX, FIRST_CALL_PARAMS_MAX, type FirstCall } from '@kabuto/shared-sdk/remote';

const NAME = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/);
const TEXT = z.string().max(64);

const param = z.union([TEXT, z.strictObject({ query: NAME }), z.strictObject({ session: z.literal('lang') })]);

const call = z.strictObject({
  group: NAME,
  action: NAME,
  params: z
    .record(NAME, param)
    .refine((params) => Object.keys(params).length <= FIRST_CALL_PARAMS_MAX)
    .optional(),
  signedIn: z.boolean().optional(),
  onlyIf: z
    .record(NAME, z.array(TEXT).max(8))
    .refine((conditions) => Object.keys(conditions).length <= FIRST_CALL_PARAMS_MAX)
    .optional(),
});

const routeCalls = z.array(call).max(FIRST_CALLS_MAX);

/** One route's declared calls, or null when the declaration is not valid. */
export function parseRouteFirstCalls(value: unknown): FirstCall[] | null {
  const parsed = routeCalls.safeParse(value);
  return parsed.success ? parsed.data : null;
}
