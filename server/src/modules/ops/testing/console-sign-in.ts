// The console's sign-in through the API, for tests: the credential step, then the passkey step
// with a software authenticator (registering it when the operator has none yet).
import type { FastifyInstance } from 'fastify';
import type { SoftAuthenticator } from '../../../crypto/testing/soft-authenticator';

export interface OpsAnswer {
  http: number;
  answer: { status: number; msg: string; data: Record<string, unknown> & { options?: { challenge: string } } };
}

export async function opsCall(app: FastifyInstance, method: 'GET' | 'POST', path: string, bearer: string, body?: Record<string, unknown>): Promise<OpsAnswer> {
  const res = await app.inject({
    method,
    url: `/api/ops${path}`,
    headers: { authorization: `Bearer ${bearer}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    payload: body ? JSON.stringify(body) : undefined,
  });
  return { http: res.statusCode, answer: res.json() as OpsAnswer['answer'] };
}

/** Credential + passkey → the console session's answer (token, expiresAt, operator); throws when refused. */
export async function signInWithPasskey(app: FastifyInstance, credential: string, key: SoftAuthenticator): Promise<OpsAnswer['answer']['data']> {
  const first = await opsCall(app, 'POST', '/session', credential);
  if (first.answer.status !== 1) throw new Error(`credential step refused: ${first.answer.msg}`);
  const { step, ticket, options } = first.answer.data as { step: string; ticket: string; options: { challenge: string } };
  const second =
    step === 'register'
      ? await opsCall(app, 'POST', '/session/register', credential, { ticket, credential: key.register(options) })
      : await opsCall(app, 'POST', '/session/passkey', credential, { ticket, credential: key.assert(options) });
  if (second.answer.status !== 1) throw new Error(`passkey step refused: ${second.answer.msg}`);
  return second.answer.data;
}
