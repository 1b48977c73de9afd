import { z } from 'zod';
import { buildOpenApiDocument } from './document';
import type { CatalogueRoute } from './route-catalogue';

function route(overrides: Partial<CatalogueRoute> & Pick<CatalogueRoute, 'url'>): CatalogueRoute {
  return { method: 'POST', preHandlers: [], websocket: false, summary: 'A call', ...overrides };
}

describe('buildOpenApiDocument', () => {
  it('describes what the client sends: defaults optional, coercions as their type, transforms by their input', () => {
    const form = z.object({
      page: z.coerce.number().int().min(1).optional().default(1),
      code: z.string().trim().toUpperCase().max(8),
      on: z.enum(['true', 'false']).transform((v) => v === 'true'),
    });
    const doc = buildOpenApiDocument([route({ url: '/api/vue/x/list', form })]);
    const body = doc.paths['/api/vue/x/list']?.post?.requestBody;
    expect(body?.required).toBe(true);
    expect(body?.content['application/x-www-form-urlencoded']?.schema).toEqual({
      type: 'object',
      properties: {
        page: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER, default: 1 },
        code: { type: 'string', maxLength: 8 },
        on: { type: 'string', enum: ['true', 'false'] },
      },
      required: ['code', 'on'],
    });
  });

  it('requires a body only when an empty form is refused', () => {
    const doc = buildOpenApiDocument([route({ url: '/api/vue/x/page', form: z.object({ page: z.coerce.number().optional() }) })]);
    expect(doc.paths['/api/vue/x/page']?.post?.requestBody?.required).toBe(false);
  });

  it('gives path parameters their schema, or a string when the route has none', () => {
    const doc = buildOpenApiDocument([
      route({ method: 'GET', url: '/api/ops/users/:account', params: z.object({ account: z.string().regex(/^\d{10}$/) }) }),
      route({ method: 'GET', url: '/api/ops/news/:id' }),
    ]);
    expect(doc.paths['/api/ops/users/{account}']?.get?.parameters).toEqual([
      expect.objectContaining({ name: 'account', in: 'path', required: true, schema: expect.objectContaining({ type: 'string', pattern: '^\\d{10}$' }) }),
    ]);
    expect(doc.paths['/api/ops/news/{id}']?.get?.parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path', required: true, schema: { type: 'string' } }),
    ]);
  });

  it('writes a recursive form once, as a component it refers to', () => {
    interface Node {
      name: string;
      children: Node[];
    }
    const node: z.ZodType<Node> = z.lazy(() => z.object({ name: z.string(), children: z.array(node) }));
    const doc = buildOpenApiDocument([route({ url: '/api/vue/x/tree', form: z.object({ tree: node }) })]);
    const tree = (
      doc.paths['/api/vue/x/tree']?.post?.requestBody?.content['application/x-www-form-urlencoded']?.schema as { properties: { tree: { $ref: string } } }
    ).properties.tree;
    const name = /^#\/components\/schemas\/(\w+)$/.exec(tree.$ref)?.[1] ?? '';
    expect(doc.components.schemas[name]).toEqual(expect.objectContaining({ type: 'object', required: ['name', 'children'] }));
  });

  it('refuses to describe a form part OpenAPI cannot express, rather than guess', () => {
    expect(() => buildOpenApiDocument([route({ url: '/api/vue/x/odd', form: z.object({ odd: z.custom<string>(() => true) }) })])).toThrow(
      /cannot be represented/,
    );
  });
});
