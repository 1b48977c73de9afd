// Refusals of the funds calls. Catalogue keys go through ApiFailure as everywhere; the
// spec's special messages (請於出金時間：…, 出金最小值…) are formats the client parses
// (shared-sdk messages/special.ts), not catalogue keys, so they get their own helper.
import type { MessageKey } from '@kabuto/shared-sdk/messages';
import { ApiFailure } from '../../http/envelope';
export { isUniqueViolation } from '../../db/errors';

export function refuse(msgKey: MessageKey, data: unknown = null): never {
  throw new ApiFailure(msgKey, data);
}

/** A special message built with depositWindowMessage / withdrawWindowMessage / withdrawMinMessage / withdrawMaxMessage. */
export function refuseSpecial(text: string): never {
  // The envelope's msg is text either way; the cast only lets a parsed format through the
  // catalogue-typed error path.
  throw new ApiFailure(text as MessageKey);
}

/** Postgres errors that mean "another transaction holds this user's funds lock". */
export function isLockContention(error: unknown): boolean {
  for (let e: unknown = error; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (code === '55P03' || code === '40P01' || code === '40001') return true;
  }
  return false;
}
