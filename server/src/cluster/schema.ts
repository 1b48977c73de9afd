import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Who leads each venue partition (cluster/lease.ts). `epoch` counts every change of leader, so a
 * renewal by a former leader matches no row; `expires_at` is the database's clock, the one clock
 * every process shares.
 */
export const clusterLeases = pgTable('cluster_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  epoch: bigint('epoch', { mode: 'number' }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** How many times this lease changed hands (operators read it). */
  takeovers: integer('takeovers').notNull().default(0),
});

/**
 * Rate-limit counters shared by a cluster's API servers (cluster/rate-limits.ts): one row per
 * limited key, counting hits in the window that ends at `window_ends_at`.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});
