// The operator API call a command line becomes: what args.ts and every *-commands.ts parser
// return (its own file, so the parsers and args.ts do not import each other).
export type HttpMethod = 'GET' | 'POST';

export interface OpsCall {
  /** The command name, which also picks the output format. */
  command: string;
  method: HttpMethod;
  path: string;
  body?: Record<string, unknown>;
}

export type ParseResult = { ok: true; call: OpsCall } | { ok: false; error: string };
