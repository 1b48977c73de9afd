import { bigint, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

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

/**
 * A venue partition's input log (cluster/venue-input-log.ts): every customer order entered into
 * or cancelled on the simulated TSE or PTS, in the order the leader acted on it, with the venue
 * time it acted at. A book's only other inputs are its seeded participants and the schedule, so a
 * new leader replays the day's rows into fresh books and holds the old leader's books again.
 */
export const venueInputs = pgTable(
  'venue_inputs',
  {
    partition: integer('partition').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    /** The venue's trading date at `at` (a replay takes one day's rows). */
    tradingDate: text('trading_date').notNull(),
    /** Venue (business clock) time of the act, epoch ms: the replay acts at exactly this time. */
    at: bigint('at', { mode: 'number' }).notNull(),
    kind: text('kind').$type<'submit' | 'cancel'>().notNull(),
    /** submit: the OrderRequest; cancel: { orderId, ownerId }. */
    input: jsonb('input').notNull(),
    /** The lease epoch of the leader that logged it. */
    epoch: bigint('epoch', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.partition, t.seq] })],
);
