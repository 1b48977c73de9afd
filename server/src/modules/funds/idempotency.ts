// Idempotency keys of money-moving calls. An accepted call stores (user, key) with a hash
// of what it asked for and the answer it got, in the same transaction as the movement;
// a repeat gets that answer again (marked replayed) and moves nothing, a different
// request under the same key is refused.
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { fundsIdempotency } from './schema';
import { ok, type OkEnvelope } from '../../http/envelope';
import { refuse } from './failures';

export interface IdempotentRequest {
  userId: number;
  key: string;
  action: string;
  /** The parameters that decide what moves (never secrets such as the fund password). */
  params: Record<string, string | number>;
}

export function requestHash(action: string, params: Record<string, string | number>): string {
  const canonical = JSON.stringify([
    action,
    Object.keys(params)
      .sort()
      .map((k) => [k, String(params[k])]),
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** The stored answer, marked `replayed`, or null when the key is new. Refuses a reused key. */
export async function replayIfSeen<T extends object>(db: Database, request: IdempotentRequest): Promise<OkEnvelope<T & { replayed: true }> | null> {
  const [row] = await db
    .select()
    .from(fundsIdempotency)
    .where(and(eq(fundsIdempotency.userId, request.userId), eq(fundsIdempotency.key, request.key)))
    .limit(1);
  if (!row) return null;
  if (row.action !== request.action || row.requestHash !== requestHash(request.action, request.params)) refuse(MSG.idempotencyKeyReused);
  return ok({ ...(row.response.data as T), replayed: true as const }, row.response.msg);
}

export async function rememberAnswer(tx: Database, clock: Clock, request: IdempotentRequest, answer: { msg: string; data: unknown }): Promise<void> {
  await tx.insert(fundsIdempotency).values({
    userId: request.userId,
    key: request.key,
    action: request.action,
    requestHash: requestHash(request.action, request.params),
    response: answer,
    createdAt: clock.now(),
  });
}
