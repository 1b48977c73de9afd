// Every ops API route the server registers is used by the operator console or by the ops CLI:
// a route neither uses is an operator capability nobody can reach. The console's calls come
// from its data provider's route table (ops-console/src/api/route-table.ts), the CLI's from
// its command table — the synopsis of each command in USAGE, run through the CLI's own parser
// with sample arguments. The console's roles must also be the server's (roles.ts), since its
// buttons are enabled by them.
import { consoleRouteKeys, OPS_ROUTES } from '../../../ops-console/src/api/route-table';
import { startFundsTestApp, type FundsTestContext } from '../modules/funds/testing/funds-test-kit';
import { roleForRoute } from '../modules/ops';
import { parseOpsArgs, USAGE } from './args';

/** A sample value for each placeholder of the synopses: what the parser accepts for it. */
const SAMPLES: Record<string, string> = {
  account: '0901234567',
  id: '1',
  code: '7203',
  name: 'sample-op',
  role: 'viewer',
  R: 'viewer',
  restriction: 'frozen',
  level: '1',
  currency: 'JPY',
  amount: '100',
  yen: '1000',
  shares: '100',
  value: '1',
  N: '1',
  S: 'proposed',
  p: '1',
  s: '60',
  t: 'sample',
  T: 'sample',
  text: 'sample',
  note: 'sample',
  HTML: '<p>sample</p>',
  days: '1',
  'ISO-instant': '2099-01-01T00:00:00Z',
  userId: '1',
  ratio: '2',
  date: '2099-01-05',
};

/** Tokens of a synopsis: words, [optional groups] and (alternatives) kept whole. */
function tokens(synopsis: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of synopsis) {
    if (ch === '[' || ch === '(') depth += 1;
    if (ch === ']' || ch === ')') depth -= 1;
    if (ch === ' ' && depth === 0) {
      if (current) out.push(current);
      current = '';
    } else current += ch;
  }
  if (current) out.push(current);
  return out;
}

function sample(placeholder: string): string {
  const value = SAMPLES[placeholder];
  if (value === undefined) throw new Error(`no sample for <${placeholder}>: add one`);
  return value;
}

/**
 * The argv a synopsis describes, with or without its optional parts; stops at the first word
 * that is not part of the grammar (the description after the synopsis).
 */
function argvOf(command: string, rest: string[], withOptional: boolean): string[] {
  const argv = [command];
  for (let i = 0; i < rest.length; i += 1) {
    const token = rest[i] ?? '';
    if (token.startsWith('[')) {
      if (withOptional) argv.push(...argvOf('', tokens(token.slice(1, -1)), true).slice(1));
      continue;
    }
    if (token.startsWith('(')) {
      // (--a x | --b y): the first alternative.
      argv.push(...argvOf('', tokens(token.slice(1, -1).split('|')[0]?.trim() ?? ''), withOptional).slice(1));
      continue;
    }
    const placeholder = /^<(.+)>$/.exec(token);
    if (placeholder?.[1]) {
      argv.push(sample(placeholder[1]));
      continue;
    }
    if (token.startsWith('--')) {
      argv.push(token);
      const next = rest[i + 1];
      // A flag's value: a placeholder word (yen, N, text, …) or a list of choices; a boolean flag has none.
      if (next !== undefined && !next.startsWith('--') && !next.startsWith('[') && (next.includes('|') || SAMPLES[next] !== undefined || /^\d/.test(next))) {
        argv.push(next.includes('|') ? (next.split('|')[0] ?? '') : /^\d/.test(next) ? next : sample(next));
        i += 1;
      }
      continue;
    }
    if (token.includes('|')) {
      argv.push(token.split('|')[0] ?? '');
      continue;
    }
    break;
  }
  return argv;
}

/** Each command line of USAGE: two spaces, the command, its synopsis. */
function commandLines(): { command: string; rest: string[] }[] {
  return USAGE.split('\n')
    .filter((line) => /^ {2}[a-z][a-z-]*(\s|$)/.test(line))
    .map((line) => {
      const [command = '', ...rest] = tokens(line.trim());
      return { command, rest };
    });
}

/** "METHOD /pattern" of a concrete call path, against the registered patterns. */
function patternOf(method: string, path: string, patterns: readonly string[]): string | undefined {
  const bare = path.split('?')[0] ?? '';
  return patterns.find((pattern) => {
    const [m, p = ''] = pattern.split(' ');
    if (m !== method) return false;
    const regex = new RegExp(`^${p.replace(/:[A-Za-z]+/g, '[^/]+')}$`);
    return regex.test(bare);
  });
}

let t: FundsTestContext;
let registered: string[];

beforeAll(async () => {
  t = await startFundsTestApp();
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
  registered = Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/ops/'))
    .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`));
});
afterAll(async () => t.close());

describe('ops API parity: every route has a user', () => {
  it('derives the CLI’s calls from every command of its usage', () => {
    const lines = commandLines();
    expect(lines.length).toBeGreaterThan(50);
    // Every command of the usage makes a call with its synopsis filled in; otherwise this derivation would miss it.
    const unparsed = lines
      .filter(({ command, rest }) => ![argvOf(command, rest, false), argvOf(command, rest, true)].some((argv) => parseOpsArgs(argv).ok))
      .map(({ command }) => command);
    expect(unparsed).toEqual([]);
  });

  it('fails for an ops route that neither the console nor the CLI uses', () => {
    expect(registered.length).toBeGreaterThan(40);
    const cli = new Set<string>();
    for (const { command, rest } of commandLines()) {
      for (const argv of [argvOf(command, rest, false), argvOf(command, rest, true)]) {
        const parsed = parseOpsArgs(argv);
        if (!parsed.ok) continue;
        const pattern = patternOf(parsed.call.method, parsed.call.path, registered);
        if (pattern) cli.add(pattern);
      }
    }
    // The derivation finds the CLI's calls (most of the API), not an empty set that would hide the console's gaps.
    expect(cli.size).toBeGreaterThan(40);
    const consoleCalls = new Set(consoleRouteKeys());
    const unused = registered.filter((route) => !cli.has(route) && !consoleCalls.has(route));
    expect(unused).toEqual([]);
  });

  it('the console calls only registered routes, each with the role the server asks', () => {
    const unknown = consoleRouteKeys().filter((route) => !registered.includes(route));
    expect(unknown).toEqual([]);
    for (const [resource, actions] of Object.entries(OPS_ROUTES)) {
      for (const [action, route] of Object.entries(actions)) {
        expect({ resource, action, role: route.role }).toEqual({ resource, action, role: roleForRoute(route.method, route.path) });
      }
    }
  });
});
