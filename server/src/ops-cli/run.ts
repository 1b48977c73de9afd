// Runs one CLI command against the operator API. The HTTP client is injected so tests
// drive the real server in-process.
import { parseOpsArgs, USAGE } from './args';
import { formatAnswer, refusalText } from './format';

export interface HttpAnswer {
  status: number;
  body: unknown;
}

export type HttpClient = (request: { method: 'GET' | 'POST'; url: string; headers: Record<string, string>; body?: string }) => Promise<HttpAnswer>;

export interface RunOptions {
  baseUrl: string;
  token: string | null;
  http: HttpClient;
  out: (line: string) => void;
  err: (line: string) => void;
}

export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

export async function runOps(argv: string[], opts: RunOptions): Promise<number> {
  const parsed = parseOpsArgs(argv);
  if (!parsed.ok) {
    (parsed.error === USAGE ? opts.out : opts.err)(parsed.error);
    return parsed.error === USAGE && (argv[0] === 'help' || argv[0] === '--help') ? EXIT_OK : EXIT_USAGE;
  }
  if (!opts.token) {
    opts.err('No operator credential: set KABUTO_OPERATOR_TOKEN or start the server once to create <data dir>/operator-token.');
    return EXIT_FAILED;
  }
  const { call } = parsed;
  let answer: HttpAnswer;
  try {
    answer = await opts.http({
      method: call.method,
      url: `${opts.baseUrl.replace(/\/+$/, '')}${call.path}`,
      headers: { authorization: `Bearer ${opts.token}`, ...(call.body ? { 'content-type': 'application/json' } : {}) },
      body: call.body ? JSON.stringify(call.body) : undefined,
    });
  } catch (error) {
    opts.err(`Could not reach ${opts.baseUrl}: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT_FAILED;
  }
  const envelope = (answer.body ?? {}) as { status?: unknown; msg?: unknown; data?: unknown };
  if (answer.status === 401) {
    opts.err('The server refused the operator credential.');
    return EXIT_FAILED;
  }
  if (answer.status !== 200 || envelope.status !== 1) {
    opts.err(`Refused: ${typeof envelope.msg === 'string' && envelope.msg ? await refusalText(envelope.msg) : `HTTP ${answer.status}`}`);
    return EXIT_FAILED;
  }
  opts.out(formatAnswer(call.command, envelope.data));
  return EXIT_OK;
}
