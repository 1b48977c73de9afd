import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { MSG } from '@kabuto/shared-sdk/messages';
import { startTestApp, type TestContext } from '../../testing/test-app';
import { openApiPath, OPENAPI_PATH, type OpenApiDocument, type OpenApiOperation } from './document';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * Every (METHOD, path) Fastify has registered, read from app.printRoutes(): a listing
 * independent of the onRoute catalogue the document is built from. Lines look like
 * `│   ├── /api/vue/user/login (POST)`; a nested line continues its parent's path.
 */
function registeredRoutes(tree: string): Array<{ method: string; url: string }> {
  const found: Array<{ method: string; url: string }> = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const branch = line.search(/[├└]── /);
    if (branch < 0) continue;
    const depth = branch / 4;
    const match = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line.slice(branch + 4));
    if (!match) continue;
    const url = (stack[depth - 1] ?? '') + (match[1] ?? '');
    stack[depth] = url;
    stack.length = depth + 1;
    for (const method of (match[2] ?? '').split(', ').filter((m) => m !== '' && m !== 'HEAD')) found.push({ method, url });
  }
  return found;
}

function operations(doc: OpenApiDocument): Array<{ path: string; method: string; operation: OpenApiOperation }> {
  return Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ path, method, operation })));
}

/** Every "$ref" string anywhere in `value`. */
function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => (key === '$ref' && typeof inner === 'string' ? [inner] : refsIn(inner)));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('GET /api/openapi.json', () => {
  let ctx: TestContext;
  let doc: OpenApiDocument;
  beforeAll(async () => {
    ctx = await startTestApp();
    const res = await ctx.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    doc = res.json<OpenApiDocument>();
  });
  afterAll(() => ctx.close());

  it('is an OpenAPI 3.1 document whose references all resolve', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Kabuto API');
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['account', 'operator', 'token']);
    expect(doc.components.securitySchemes.token).toEqual(expect.objectContaining({ type: 'apiKey', in: 'header', name: 'token' }));
    const ids = new Set<string>();
    for (const { path, method, operation } of operations(doc)) {
      expect(path.startsWith('/')).toBe(true);
      expect(HTTP_METHODS).toContain(method);
      expect(Object.keys(operation.responses).length).toBeGreaterThan(0);
      expect(ids.has(operation.operationId)).toBe(false);
      ids.add(operation.operationId);
      // Each {name} in the path is a declared, required path parameter.
      const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      const declared = (operation.parameters ?? []).filter((p) => p.in === 'path');
      expect(declared.map((p) => p.name).sort()).toEqual(inPath.sort());
      for (const p of declared) expect(p.required).toBe(true);
      for (const scheme of operation.security.flatMap((requirement) => Object.keys(requirement))) expect(doc.components.securitySchemes).toHaveProperty(scheme);
    }
    for (const ref of refsIn(doc)) {
      const [, section, name] = /^#\/components\/(\w+)\/(\w+)$/.exec(ref) ?? [];
      expect((doc.components as unknown as Record<string, Record<string, unknown>>)[section ?? '']?.[name ?? '']).toBeDefined();
    }
    // The JSON Schema dialect is the document's; converted schemas carry no $schema of their own.
    expect(JSON.stringify(doc.paths)).not.toContain('"$schema"');
  });

  it('is valid OpenAPI 3.1 by @apidevtools/swagger-parser, which refuses a broken copy', async () => {
    type ApiDocument = Parameters<typeof SwaggerParser.validate>[0];
    // validate() dereferences in place: each call gets its own copy.
    const validated = await SwaggerParser.validate(structuredClone(doc) as unknown as ApiDocument);
    expect(validated).toEqual(expect.objectContaining({ openapi: '3.1.0' }));

    const badLocation = structuredClone(doc);
    const vip = badLocation.paths['/api/ops/users/{account}/vip']?.post?.parameters?.[0];
    expect(vip).toBeDefined();
    (vip as unknown as { in: string }).in = 'body';
    await expect(SwaggerParser.validate(badLocation as unknown as ApiDocument)).rejects.toThrow();

    const danglingRef = structuredClone(doc);
    delete (danglingRef.components.responses as Record<string, unknown>).LoginRequired;
    await expect(SwaggerParser.validate(danglingRef as unknown as ApiDocument)).rejects.toThrow();
  });

  it('lists every route the app registers under /api, each with a summary', () => {
    const registered = registeredRoutes(ctx.app.printRoutes({ commonPrefix: false })).filter((r) => r.url.startsWith('/api/'));
    // The listing itself is sane: the known calls are in it.
    expect(registered).toEqual(
      expect.arrayContaining([
        { method: 'POST', url: '/api/vue/user/register' },
        { method: 'GET', url: '/api/ops/users/:account' },
        { method: 'POST', url: '/api/ops/news/:id/withdraw' },
      ]),
    );
    expect(registered.length).toBeGreaterThan(80);
    for (const route of registered) {
      const operation = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      expect({ route, documented: operation !== undefined }).toEqual({ route, documented: true });
      expect({ route, summary: typeof operation?.summary === 'string' && operation.summary.length > 0 }).toEqual({ route, summary: true });
    }
    // And nothing is documented that the app does not serve.
    for (const { path, method } of operations(doc)) {
      const url = path.replace(/\{([^}]+)\}/g, ':$1');
      expect({ url, method, served: ctx.app.hasRoute({ method: method.toUpperCase() as 'GET', url }) }).toEqual({ url, method, served: true });
    }
  });

  it('also describes the calls outside /api: upload target, remotes, WebSocket', () => {
    expect(doc.paths['/uploads/']?.post?.summary).toMatch(/upload/i);
    expect(doc.paths['/remotes.json']?.get?.summary).toBeDefined();
    expect(doc.paths['/ws']?.get?.responses['101']).toBeDefined();
    // Static files (shell, releases, logo) are not calls.
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/releases/') || p === '/')).toBe(false);
  });

  it('gives every form-parsing call its request body, form-encoded for customer calls', () => {
    const vue = operations(doc).filter(({ path }) => path.startsWith('/api/vue/'));
    expect(vue.length).toBeGreaterThan(50);
    const withBody = vue.filter(({ operation }) => operation.requestBody !== undefined);
    expect(withBody.length).toBeGreaterThan(40);
    for (const { operation } of withBody) {
      const schema = operation.requestBody?.content['application/x-www-form-urlencoded']?.schema;
      expect(schema).toEqual(expect.objectContaining({ type: 'object' }));
    }
    const ops = doc.paths['/api/ops/funds/adjustments']?.post?.requestBody?.content;
    expect(Object.keys(ops ?? {})).toEqual(['application/json', 'application/x-www-form-urlencoded']);
  });

  it('routes parse request input only through the schemas their config documents', () => {
    // parseRouteForm/Query/Params check their schema is config.form/query/params; a plain
    // parseForm on request input would bypass the description.
    const modules = join(__dirname, '..', '..', 'modules');
    const bypassing = sourceFiles(modules).filter((file) => /parseForm\([^)]*request\.(body|query|params)/.test(readFileSync(file, 'utf8')));
    expect(bypassing).toEqual([]);
  });

  it("marks as first calls only the reads pages ask for first: the market's, and the header's clock (docs/first-screen.md)", () => {
    const marked = operations(doc)
      .filter(({ operation }) => operation['x-kabuto-first-call'] === true)
      .map(({ method, path }) => `${method} ${path}`)
      .sort();
    expect(marked).toEqual([
      'post /api/vue/common/clock',
      ...['depth', 'indices', 'klines', 'news', 'quote', 'rankings', 'stocks', 'watchlist'].map((action) => `post /api/vue/market/${action}`),
    ]);
  });

  it('lists the exact fields of user/register', () => {
    const register = doc.paths['/api/vue/user/register']?.post;
    expect(register?.security).toEqual([]);
    const schema = register?.requestBody?.content['application/x-www-form-urlencoded']?.schema as { properties: Record<string, unknown>; required: string[] };
    expect(register?.requestBody?.required).toBe(true);
    // Spec §2: account (phone number), password, confirm password, invitation code; plus the customer agreement tick.
    expect(Object.keys(schema.properties).sort()).toEqual(['account', 'agreeCustomer', 'confirmPassword', 'inviteCode', 'password']);
    expect([...schema.required].sort()).toEqual(['account', 'agreeCustomer', 'confirmPassword', 'inviteCode', 'password']);
    expect(schema.properties.password).toEqual(expect.objectContaining({ type: 'string', pattern: '^[\\x21-\\x7e]{8,20}$' }));
  });

  it('documents defaults and coercions from the input side of the schema', () => {
    const records = doc.paths['/api/vue/funds/records']?.post?.requestBody?.content['application/x-www-form-urlencoded']?.schema as {
      properties: Record<string, Record<string, unknown>>;
      required: string[];
    };
    expect(records.required).toEqual(['tab']);
    expect(records.properties.page).toEqual(expect.objectContaining({ type: 'integer', default: 1, minimum: 1 }));
    expect(records.properties.tab).toEqual(expect.objectContaining({ enum: ['trade', 'deposit', 'withdraw'] }));
  });

  it('derives login, step-up and restriction requirements from the route guards', () => {
    const withdraw = doc.paths['/api/vue/funds/withdraw']?.post;
    expect(withdraw?.security).toEqual([{ token: [], account: [] }]);
    expect(withdraw?.['x-kabuto-guards']).toEqual(['login', 'not-institution', 'not-restricted:withdraw', 'verified-identity', 'step-up:withdraw']);
    expect(Object.keys(withdraw?.responses ?? {}).sort()).toEqual(['200', '401', '403']);
    expect(withdraw?.description).toContain(MSG.stepUpRequired);
    const search = doc.paths['/api/vue/market/search']?.post;
    expect(search?.security).toEqual([{}, { token: [], account: [] }]);
    const quote = doc.paths['/api/vue/market/quote']?.post;
    expect(quote?.security).toEqual([]);
    expect(quote?.['x-kabuto-guards']).toEqual([]);
    const vip = doc.paths['/api/ops/users/{account}/vip']?.post;
    expect(vip?.security).toEqual([{ operator: [] }]);
    expect(vip?.parameters).toEqual([expect.objectContaining({ name: 'account', in: 'path', schema: expect.objectContaining({ pattern: '^\\d{10}$' }) })]);
  });

  it('matches what the server does: calls documented as needing a credential refuse a caller without one', async () => {
    const guarded = operations(doc).filter(({ operation }) => operation.security.length > 0 && !operation.security.some((r) => Object.keys(r).length === 0));
    expect(guarded.length).toBeGreaterThan(60);
    for (const { path, method } of guarded) {
      const url = path.replace(/\{([^}]+)\}/g, '1');
      const res = await ctx.app.inject({ method: method.toUpperCase() as 'GET' | 'POST', url });
      expect({ path, method, status: res.statusCode }).toEqual({ path, method, status: 401 });
    }
    const open = operations(doc).filter(({ path, operation }) => path.startsWith('/api/vue/') && operation.security.length === 0);
    expect(open.length).toBeGreaterThan(10);
    for (const { path } of open) {
      const res = await ctx.app.inject({ method: 'POST', url: path });
      expect({ path, status: res.statusCode }).toEqual({ path, status: 200 });
    }
  });
});
