// The market module's tables: per-user watchlists and search history, and the operator's
// news articles. Composed in src/schema.ts for migrations; `users` comes from identity's schema.ts.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { type LocalisedText, tstz } from '../../db/columns';
import { users } from '../identity/schema';

export const watchlistEntries = pgTable(
  'market_watchlist',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** Instrument code as in the universe ('7203', '285A'). */
    code: text('code').notNull(),
    /** The user's order, 0 first. */
    position: integer('position').notNull(),
    addedAt: tstz('added_at').notNull(),
  },
  (t) => [uniqueIndex('market_watchlist_user_code_key').on(t.userId, t.code), index('market_watchlist_user_position_idx').on(t.userId, t.position)],
);

export const searchHistory = pgTable(
  'market_search_history',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    query: text('query').notNull(),
    searchedAt: tstz('searched_at').notNull(),
  },
  (t) => [uniqueIndex('market_search_history_user_query_key').on(t.userId, t.query), index('market_search_history_user_at_idx').on(t.userId, t.searchedAt)],
);

export const NEWS_STATUSES = ['draft', 'published', 'withdrawn'] as const;
export type NewsStatus = (typeof NEWS_STATUSES)[number];

export const newsArticles = pgTable(
  'market_news',
  {
    id: serial('id').primaryKey(),
    status: text('status', { enum: NEWS_STATUSES }).notNull().default('draft'),
    title: jsonb('title').$type<LocalisedText>().notNull(),
    summary: jsonb('summary').$type<LocalisedText>().notNull(),
    /** Sanitised HTML (news/sanitise-html.ts), stored only after sanitising. */
    body: jsonb('body').$type<LocalisedText>().notNull(),
    source: text('source').notNull(),
    /** Instrument codes the article is about. */
    codes: jsonb('codes')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Demo seed text: the UI labels it as sample text. */
    sample: boolean('sample').notNull().default(false),
    /** Operator name, or 'seed'. */
    createdBy: text('created_by').notNull(),
    createdAt: tstz('created_at').notNull(),
    publishedAt: tstz('published_at'),
  },
  (t) => [index('market_news_status_published_idx').on(t.status, t.publishedAt)],
);

export type WatchlistRow = typeof watchlistEntries.$inferSelect;
export type SearchHistoryRow = typeof searchHistory.$inferSelect;
export type NewsRow = typeof newsArticles.$inferSelect;

/**
 * The demo business clock's state, one row (id 1): where a restart resumes and how far the
 * due steps have been run (business-clock.ts). Real mode keeps nothing here.
 */
export const businessClockState = pgTable('business_clock', {
  id: integer('id').primaryKey(),
  /** The clock may not pass this instant until a newer row is saved; a restart resumes here. */
  floorAt: tstz('floor_at').notNull(),
  /** Every due step up to this business instant has been run. */
  sweptThrough: tstz('swept_through').notNull(),
  /** Wall time of the save. */
  savedAt: tstz('saved_at').notNull(),
});

/**
 * The operator's simulated price shocks (ops-routes.ts `market/shock`), kept so that every process
 * of a cluster and every restart moves the same paths: each process applies every row once
 * (shocks/follow.ts). `percent` moves the close of business day `date` on top of its own move.
 */
export const marketShocks = pgTable(
  'market_shocks',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    /** The business day whose close moves (JST 'YYYY-MM-DD'). */
    date: text('date').notNull(),
    percent: integer('percent').notNull(),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [index('market_shocks_created_idx').on(t.createdAt)],
);
