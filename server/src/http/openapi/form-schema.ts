// A zod form schema as an OpenAPI 3.1 (JSON Schema 2020-12) schema of what the client
// sends. io: 'input' describes the input side: fields with defaults are optional,
// coerced numbers are numbers, a transform is described by the schema before it.
// Parts with no JSON Schema equivalent become a described `{}`, and a schema that cannot
// be converted at all becomes a described object, so one odd form never breaks the document.
import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

export function formJsonSchema(schema: z.ZodType): JsonSchema {
  try {
    const converted = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io: 'input',
      // Inline repeats: a relative $ref would point into the OpenAPI document, not this schema.
      reused: 'inline',
      cycles: 'throw',
      unrepresentable: ({ message }) => ({ description: `Not expressible in JSON Schema (${message}); see the call's contract in docs/api/.` }),
    }) as JsonSchema;
    // The dialect is the document's (jsonSchemaDialect); keep the schema itself plain.
    const { $schema: _dialect, ...plain } = converted;
    return plain;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { type: 'object', description: `Form fields could not be described automatically (${reason}); see the call's contract in docs/api/.` };
  }
}
