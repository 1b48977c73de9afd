// Per-route rate limits (@fastify/rate-limit) of the identity calls, and the key makers
// other modules use. The rule: a limit that protects a customer's account counts
// only calls proven to be that customer's (keyed by the session's user, counted after
// requireUser); calls nobody is proven for are counted per client address, and per
// address + account for the login-like calls. The account is normalised first (full-width
// digits, spaces, +81), so '９０１２…' and '9012…' share one allowance.
import type { FastifyRequest } from 'fastify';
import { normaliseAccount } from '@kabuto/shared-sdk/schemas';

function accountOf(request: FastifyRequest): string {
  const body = request.body;
  if (typeof body === 'object' && body !== null && 'account' in body) {
    const account = (body as { account: unknown }).account;
    if (typeof account === 'string') return normaliseAccount(account.trim()).slice(0, 32);
  }
  return '';
}

/** Address + the (normalised) account the body names: one address cannot spend another address's allowance. */
export function byIpAndAccount(request: FastifyRequest): string {
  return `${request.ip}|${accountOf(request)}`;
}

/** The proven user (requireUser ran before: hook 'preHandler'), else the client address. */
export function byProvenUser(request: FastifyRequest): string {
  return request.user ? `user:${request.user.id}` : `ip:${request.ip}`;
}

/** A limit on a logged-in customer's calls: counted after requireUser, per user. */
export function provenUserLimit(max: number, timeWindow: string) {
  return { max, timeWindow, hook: 'preHandler', keyGenerator: byProvenUser } as const;
}

export const RATE_LIMITS = {
  register: { max: 20, timeWindow: '10 minutes' },
  login: { max: 20, timeWindow: '5 minutes', hook: 'preHandler', keyGenerator: byIpAndAccount },
  loginPasskey: { max: 20, timeWindow: '5 minutes' },
  forgotCode: { max: 5, timeWindow: '10 minutes', hook: 'preHandler', keyGenerator: byIpAndAccount },
  forgotReset: { max: 10, timeWindow: '10 minutes', hook: 'preHandler', keyGenerator: byIpAndAccount },
  passwordChange: provenUserLimit(10, '10 minutes'),
  stepUp: provenUserLimit(20, '10 minutes'),
  /** One a ticket opened: a customer asks a few a minute at most; a guesser of the six digits gets 30 tries in 10 minutes. */
  fundPasswordGrant: provenUserLimit(30, '10 minutes'),
} as const;

/**
 * Failed password logins from one address, whatever the account: one address trying one
 * wrong password on each of many accounts is stopped here (the per-account delay cannot see
 * it). Only failures count, so an office of many customers behind one address is not held up.
 */
export const LOGIN_ADDRESS_CAP = { max: 50, timeWindow: '10 minutes', keyGenerator: (request: FastifyRequest) => `login-fail:${request.ip}` } as const;
