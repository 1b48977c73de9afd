// Pieces of the human-readable answers the command files print.

/** An answer's object as the CLI reads it: fields of unknown shape. */
export type Json = Record<string, unknown>;

/** One field as a table cell: '-' when absent, objects as JSON. */
export const cell = (v: unknown): string => (v === null || v === undefined ? '-' : typeof v === 'object' ? JSON.stringify(v) : String(v));
