// Validation of form-encoded /api bodies with zod. A schema may name a catalogue key as
// an issue's message (e.g. z.string().min(1, MSG.accountEmpty)); the client then shows
// that precise message. Anything else is reported as invalid parameters.
import type { z } from 'zod';
import { MSG, type MessageKey } from '@kabuto/shared-sdk/messages';
import { ApiFailure } from './envelope';

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
