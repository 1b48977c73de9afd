// PostgreSQL parses and plans a statement sent without a name on every execution, and a
// named (prepared) one once per connection. node-postgres names a statement only when the
// caller does, and Drizzle names only its `.prepare(name)` queries, so every other query would
// pay the parse and plan again: on the order write path about as much database time as
// executing them (docs/trading.md §9 "Design decisions"). postgres.js prepares every statement by
// default; this gives node-postgres the same: each distinct text with parameters gets a name
// derived from the text, so a connection prepares it once and then only binds and executes.
//
// Bounded: statements whose text depends on a list length (an IN list, one VALUES row per
// customer) make a new text per length, so at most MAX_NAMED_TEXTS texts are named per process
// and any later ones go unnamed as before. Texts without parameters (migrations, several
// statements in one string) are left alone: PostgreSQL cannot prepare those.
import { createHash } from 'node:crypto';
import type { Pool } from 'pg';

export const MAX_NAMED_TEXTS = 2000;

interface QueryConfigLike {
  text: string;
  name?: string;
  values?: unknown[];
}

function isUnnamedConfig(value: unknown): value is QueryConfigLike {
  return typeof value === 'object' && value !== null && typeof (value as QueryConfigLike).text === 'string' && !(value as QueryConfigLike).name;
}

/** The name node-postgres will prepare `text` under, or undefined once the bound is reached. */
export function statementNamer(max = MAX_NAMED_TEXTS): (text: string) => string | undefined {
  const names = new Map<string, string>();
  return (text) => {
    let name = names.get(text);
    if (name === undefined && names.size < max) {
      name = `k_${createHash('sha1').update(text).digest('base64url')}`;
      names.set(text, name);
    }
    return name;
  };
}

/** Every client the pool connects sends its parameterised statements by name (see the top of this file). */
export function nameStatements(pool: Pool, nameOf = statementNamer()): void {
  pool.on('connect', (client) => {
    const target = client as unknown as { query: (...args: unknown[]) => unknown };
    const query = target.query.bind(client);
    target.query = (...args: unknown[]) => {
      const [config, values] = args;
      const params = Array.isArray(values) ? values : isUnnamedConfig(config) ? config.values : undefined;
      if (isUnnamedConfig(config) && params && params.length > 0) {
        const name = nameOf(config.text);
        // A copy: Drizzle hands the same config object to every execution of a query.
        if (name) args[0] = { ...config, name };
      }
      return query(...args);
    };
  });
}
