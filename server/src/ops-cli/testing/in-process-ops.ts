// The ops CLI driven in-process against a test app: its HTTP client answers through
// Fastify's inject, and its output is captured, so CLI tests read what an operator sees.
import type { FastifyInstance } from 'fastify';
import { parseOpsArgs } from '../args';
import { runOps, type HttpClient } from '../run';

const TEST_BASE_URL = 'http://kabuto.test';

export interface OpsRun {
  code: number;
  out: string;
  err: string;
}

function injectingHttp(app: FastifyInstance): HttpClient {
  return async (request) => {
    const res = await app.inject({ method: request.method, url: request.url.replace(TEST_BASE_URL, ''), headers: request.headers, payload: request.body });
    return { status: res.statusCode, body: res.json() };
  };
}

/** Runs `npm run ops -- <argv>` against `app` with the operator credential `token` (null: none). */
export async function runOpsAgainst(app: FastifyInstance, argv: string[], token: string | null): Promise<OpsRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOps(argv, { baseUrl: TEST_BASE_URL, token, http: injectingHttp(app), out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** `argv` is refused before any call is made, with an error matching `error`. */
export function expectArgsRefused(argv: string[], error: RegExp): void {
  const parsed = parseOpsArgs(argv);
  expect(parsed.ok).toBe(false);
  if (!parsed.ok) expect(parsed.error).toMatch(error);
}
