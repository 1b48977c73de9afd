// Operator authentication: `authorization: Bearer <credential>`; the credential's sha256
// names an active operator. The first operator comes from the bootstrap (bootstrap.ts),
// the others are added and retired by operators (operators.ts).
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { MSG } from '@kabuto/shared-sdk/messages';
import { operators } from './schema';
import { fail } from '../../http/envelope';
import { sha256Hex } from '../../crypto/tokens';

export interface OperatorIdentity {
  id: number;
  name: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    operator: OperatorIdentity | null;
  }
}

export function registerOperatorDecoration(app: FastifyInstance): void {
  if (!app.hasRequestDecorator('operator')) app.decorateRequest('operator', null);
}

function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

/** HTTP 401 unless the request carries the credential of an operator who is not retired. */
export const requireOperator: preHandlerAsyncHookHandler = async function requireOperator(request, reply) {
  const credential = bearerOf(request);
  if (!credential) return reply.code(401).send(fail(MSG.operatorCredentialRequired));
  const [row] = await request.server.db
    .select({ id: operators.id, name: operators.name })
    .from(operators)
    .where(and(eq(operators.credentialHash, sha256Hex(credential)), isNull(operators.retiredAt)))
    .limit(1);
  if (!row) return reply.code(401).send(fail(MSG.operatorCredentialRequired));
  request.operator = row;
};

export function currentOperator(request: FastifyRequest): OperatorIdentity {
  if (!request.operator) throw new Error('requireOperator must run before this handler');
  return request.operator;
}
