// Operator authentication and authorisation: `authorization: Bearer <credential>`; the
// credential's sha256 names an active operator (not retired, not awaiting approval), and
// that operator's role must allow the call (roles.ts). Every module's ops routes use this
// one guard, so the role of every operator call is decided here. The first operator comes
// from the bootstrap (bootstrap.ts), the others are added and retired by operators
// (operators.ts).
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { MSG } from '@kabuto/shared-sdk/messages';
import { operators } from './schema';
import { fail } from '../../http/envelope';
import { sha256Hex } from '../../crypto/tokens';
import { roleAllows, roleForRoute, type OperatorRole } from './roles';
import { writeAudit } from './audit';
import { operatorOfSession } from './console-sessions';
import { OPS_API } from './deps';
import { addressMatcher, DEFAULT_OPERATOR_CREDENTIAL_NETWORKS, type AddressMatcher } from './networks';
import { type BearerOperator, type OperatorCache } from './operator-cache';

export interface OperatorIdentity {
  id: number;
  name: string;
}

/** How the caller was let in: their role, and the console session used (null: the credential itself). */
export interface OperatorAccess {
  role: OperatorRole;
  session: { id: number; expiresAt: Date } | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Client addresses from which the credential alone opens the ops API (networks.ts; buildApp decorates it). */
    operatorCredentialNetworks?: AddressMatcher;
    /** Checked operator credentials and console sessions of this app (below); absent or ttl 0 = off. */
    operatorCache?: OperatorCache;
  }
  interface FastifyRequest {
    operator: OperatorIdentity | null;
    operatorAccess: OperatorAccess | null;
  }
}

export function registerOperatorDecoration(app: FastifyInstance): void {
  if (!app.hasRequestDecorator('operator')) app.decorateRequest('operator', null);
  if (!app.hasRequestDecorator('operatorAccess')) app.decorateRequest('operatorAccess', null);
}

/** Every route registered on `app` (an encapsulated plugin) answers active operators only. */
export function operatorsOnly(app: FastifyInstance): void {
  registerOperatorDecoration(app);
  app.addHook('preHandler', requireOperator);
}

const hostOnly = addressMatcher(DEFAULT_OPERATOR_CREDENTIAL_NETWORKS);
/** The console's sign-in steps: the credential is how they start, from wherever the console is used. */
const SIGN_IN_ROUTES: ReadonlySet<string> = new Set([`${OPS_API}/session`, `${OPS_API}/session/passkey`, `${OPS_API}/session/register`]);

/** A schedule field of an operator's form: seconds from `now` when a number, else an ISO instant. */
export function scheduledAt(now: Date, v: string | number): Date {
  return typeof v === 'number' ? new Date(now.getTime() + v * 1000) : new Date(v);
}

function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

/** The active operator whose credential (or live console session, console-sessions.ts) `bearer` is. */
async function readOperatorOfBearer(request: FastifyRequest, bearer: string): Promise<BearerOperator | undefined> {
  const { db, clock } = request.server;
  const [row] = await db
    .select({ id: operators.id, name: operators.name, role: operators.role })
    .from(operators)
    .where(and(eq(operators.credentialHash, sha256Hex(bearer)), isNull(operators.retiredAt), eq(operators.state, 'active')))
    .limit(1);
  if (row) return { ...row, access: { role: row.role, session: null } };
  const bySession = await operatorOfSession(db, clock, bearer);
  if (!bySession) return undefined;
  return { ...bySession, access: { role: bySession.role, session: { id: bySession.sessionId, expiresAt: bySession.expiresAt } } };
}

function operatorOfBearer(request: FastifyRequest, bearer: string): Promise<BearerOperator | undefined> {
  const cache = request.server.operatorCache;
  return cache ? cache.load(bearer, () => readOperatorOfBearer(request, bearer)) : readOperatorOfBearer(request, bearer);
}

/** Who tried which call, and why it was refused (`ops.refused`). */
function auditRefused(request: FastifyRequest, operator: string, details: Record<string, unknown>): Promise<void> {
  return writeAudit(request.server.db, request.server.clock, { name: operator }, { action: 'ops.refused', targetUserId: null, reason: null, details });
}

/**
 * HTTP 401 unless the request carries the credential (or a live console session) of an active operator, and the
 * credential alone comes from the operator networks (or starts a console sign-in); HTTP 403 when
 * their role does not allow the call, audited as `ops.refused` (who tried what).
 */
export const requireOperator: preHandlerAsyncHookHandler = async function requireOperator(request, reply) {
  const credential = bearerOf(request);
  if (!credential) return reply.code(401).send(fail(MSG.operatorCredentialRequired));
  const row = await operatorOfBearer(request, credential);
  if (!row) return reply.code(401).send(fail(MSG.operatorCredentialRequired));
  const route = request.routeOptions.url ?? request.url;
  const onNetwork = request.server.operatorCredentialNetworks ?? hostOnly;
  if (row.access.session === null && !SIGN_IN_ROUTES.has(route) && !onNetwork(request.ip)) {
    await auditRefused(request, row.name, { call: `${request.method} ${route}`, rule: 'credential outside the operator networks', address: request.ip });
    return reply.code(401).send(fail(MSG.operatorCredentialOffNetwork));
  }
  const needed: OperatorRole = roleForRoute(request.method, route);
  if (!roleAllows(row.role, needed)) {
    await auditRefused(request, row.name, { call: `${request.method} ${route}`, role: row.role, needed });
    return reply.code(403).send(fail(MSG.noPermission));
  }
  request.operator = { id: row.id, name: row.name };
  request.operatorAccess = row.access;
};

export function currentAccess(request: FastifyRequest): OperatorAccess {
  if (!request.operatorAccess) throw new Error('requireOperator must run before this handler');
  return request.operatorAccess;
}

export function currentOperator(request: FastifyRequest): OperatorIdentity {
  if (!request.operator) throw new Error('requireOperator must run before this handler');
  return request.operator;
}
