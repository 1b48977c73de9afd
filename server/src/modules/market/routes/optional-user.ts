// A preHandler for calls that work with or without a session (search): without session
// headers the call is anonymous; with them, the session must be live, exactly as requireUser
// decides (401 / status 410002), so a stale login is noticed here as everywhere else.
import type { preHandlerAsyncHookHandler } from 'fastify';
import { noteGuard } from '../../../http/openapi/guard-notes';
import { requireUser } from '../../identity';

export const optionalUser: preHandlerAsyncHookHandler = noteGuard(
  async function optionalUser(request, reply) {
    if (request.headers.token === undefined && request.headers.account === undefined) return;
    await requireUser.call(this, request, reply);
    if (reply.sent) return reply;
  },
  { kind: 'optional-login' },
);
