// Per-route rate limits (@fastify/rate-limit) of the identity calls. Counted after the
// body is parsed (hook: preHandler) so the key can include the account: one attacker
// cannot lock out every account from one address, and a busy office behind one IP is
// not throttled as a whole on login.
import type { FastifyRequest } from 'fastify';

function accountOf(request: FastifyRequest): string {
  const body = request.body;
  if (typeof body === 'object' && body !== null && 'account' in body) {
    const account = (body as { account: unknown }).account;
    if (typeof account === 'string') return account.replace(/\D/g, '').slice(-10);
  }
  return '';
}

function byIpAndAccount(request: FastifyRequest): string {
  return `${request.ip}|${accountOf(request)}`;
}

function byUser(request: FastifyRequest): string {
  return `${request.ip}|${request.headers.account ?? ''}`;
}

export const RATE_LIMITS = {
  register: { max: 20, timeWindow: '10 minutes' },
  login: { max: 20, timeWindow: '5 minutes', hook: 'preHandler', keyGenerator: byIpAndAccount },
  loginPasskey: { max: 20, timeWindow: '5 minutes' },
  forgotCode: { max: 5, timeWindow: '10 minutes', hook: 'preHandler', keyGenerator: byIpAndAccount },
  forgotReset: { max: 10, timeWindow: '10 minutes', hook: 'preHandler', keyGenerator: byIpAndAccount },
  passwordChange: { max: 10, timeWindow: '10 minutes', keyGenerator: byUser },
  stepUp: { max: 20, timeWindow: '10 minutes', keyGenerator: byUser },
} as const;
