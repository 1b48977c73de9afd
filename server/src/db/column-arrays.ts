// Many rows written with one parameter per column (arrays, unnest) instead of one per cell.
// Drizzle builds a statement chunk by chunk, and a batch of the order engine's rows has hundreds
// of cells: building those statements was a third of the writer's CPU, spent while the batch
// held its customers' locks (docs/trading.md §9). The SQL text here grows with the number of
// columns only. Values go through each column's own driver mapping, as Drizzle's values() does.
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

type Row = Record<string, unknown>;

/** Array element types for the column types these helpers take (serial ids are given as integers). */
const ARRAY_TYPE: Record<string, string> = {
  serial: 'integer',
  integer: 'integer',
  bigint: 'bigint',
  text: 'text',
  boolean: 'boolean',
  jsonb: 'jsonb',
  'timestamp with time zone': 'timestamptz',
};

/** A cell as text for a text[] parameter (cast to the column's type in SQL), or null. */
function cellText(column: PgColumn, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const mapped: unknown = column.mapToDriverValue(value);
  if (typeof mapped === 'string') return mapped;
  if (typeof mapped === 'number' || typeof mapped === 'bigint' || typeof mapped === 'boolean') return String(mapped);
  if (mapped instanceof Date) return mapped.toISOString();
  throw new Error(`column ${column.name}: cannot pass ${typeof mapped} in an array`);
}

function arrayTypeOf(column: PgColumn): string {
  const type = ARRAY_TYPE[column.getSQLType()];
  if (!type) throw new Error(`column ${column.name}: type ${column.getSQLType()} not supported in column arrays`);
  return type;
}

/** One text[] parameter per column, each cast to the column's array type: `$1::text[]::integer[], …`. */
function arrayParams(columns: readonly PgColumn[], values: readonly (string | null)[][]): SQL {
  return sql.join(
    columns.map((c, i) => sql`${sql.param(values[i])}::text[]::${sql.raw(arrayTypeOf(c))}[]`),
    sql`, `,
  );
}

/**
 * `INSERT INTO table (columns) SELECT * FROM unnest(…)`, rows in the given order. A column some
 * rows leave out is written NULL for them, which is what Drizzle's values() writes only for a
 * nullable column without a default: for any other such column this answers null, and the
 * caller uses values().
 */
export function insertRowsSql(table: PgTable, rows: readonly Row[], opts: { onConflictDoNothing?: boolean } = {}): SQL | null {
  if (rows.length === 0) return null;
  const all = getTableColumns(table) as Record<string, PgColumn>;
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r).filter((k) => all[k] && r[k] !== undefined)))];
  for (const k of keys) {
    const column = all[k] as PgColumn;
    if ((column.notNull || column.hasDefault) && rows.some((r) => r[k] === undefined)) return null;
  }
  // A value Drizzle computes for a column left out ($defaultFn, $onUpdate) is values()' to give.
  if (Object.entries(all).some(([k, c]) => !keys.includes(k) && (c.defaultFn || c.onUpdateFn))) return null;
  const columns = keys.map((k) => all[k] as PgColumn);
  const values = columns.map((c, i) => rows.map((r) => cellText(c, r[keys[i] as string])));
  const names = sql.join(
    columns.map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  const insert = sql`insert into ${table} (${names}) select * from unnest(${arrayParams(columns, values)})`;
  return opts.onConflictDoNothing ? sql`${insert} on conflict do nothing` : insert;
}

/**
 * `UPDATE table AS t SET column = v.column … FROM unnest(ids, …) AS v WHERE t.id = v.id`: for each
 * row id, the given columns set to that row's values.
 */
export function updateRowsSql(table: PgTable, ids: readonly number[], keys: readonly string[], valueOf: (id: number, key: string) => unknown): SQL {
  const all = getTableColumns(table) as Record<string, PgColumn>;
  const columns = keys.map((k) => {
    const column = all[k];
    if (!column) throw new Error(`no column ${k}`);
    return column;
  });
  const values = columns.map((c, i) => ids.map((id) => cellText(c, valueOf(id, keys[i] as string))));
  const names = columns.map((c) => sql.identifier(c.name));
  const idsParam = sql`${sql.param(ids.map(String))}::text[]::integer[]`;
  return sql`update ${table} as t set ${sql.join(
    names.map((n) => sql`${n} = v.${n}`),
    sql`, `,
  )} from unnest(${idsParam}, ${arrayParams(columns, values)}) as v(id, ${sql.join(names, sql`, `)}) where t.id = v.id`;
}

/**
 * Data-modifying statements as ONE statement (all but the last as `WITH` parts: one round trip;
 * they see the same snapshot, so none may change a row another one changes). Null when none.
 */
export function oneStatement(writes: readonly SQL[]): SQL | null {
  const last = writes.at(-1);
  if (!last) return null;
  const before = writes.slice(0, -1).map((w, i) => sql`${sql.identifier(`w${i}`)} as (${w})`);
  return before.length === 0 ? last : sql`with ${sql.join(before, sql`, `)} ${last}`;
}
