import { z } from 'zod';
import { formJsonSchema } from './form-schema';

describe('formJsonSchema', () => {
  it('describes what the client sends: defaults optional, coercions as their type, transforms by their input', () => {
    const schema = z.object({
      page: z.coerce.number().int().min(1).optional().default(1),
      code: z.string().trim().toUpperCase().max(8),
      on: z.enum(['true', 'false']).transform((v) => v === 'true'),
    });
    expect(formJsonSchema(schema)).toEqual({
      type: 'object',
      properties: {
        page: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER, default: 1 },
        code: { type: 'string', maxLength: 8 },
        on: { type: 'string', enum: ['true', 'false'] },
      },
      required: ['code', 'on'],
    });
  });

  it('keeps going past parts JSON Schema cannot express', () => {
    const schema = z.object({ amount: z.bigint(), when: z.date(), note: z.string() });
    const converted = formJsonSchema(schema) as { properties: Record<string, { description?: string }>; required: string[] };
    expect(converted.properties.amount?.description).toMatch(/Not expressible in JSON Schema/);
    expect(converted.properties.when?.description).toMatch(/Not expressible in JSON Schema/);
    expect(converted.properties.note).toEqual({ type: 'string' });
    expect(converted.required).toEqual(['amount', 'when', 'note']);
  });

  it('falls back to a described object when a schema cannot be converted at all', () => {
    interface Node {
      name: string;
      children: Node[];
    }
    const node: z.ZodType<Node> = z.lazy(() => z.object({ name: z.string(), children: z.array(node) }));
    const converted = formJsonSchema(z.object({ tree: node }));
    expect(converted).toEqual({ type: 'object', description: expect.stringMatching(/could not be described automatically/) });
  });
});
