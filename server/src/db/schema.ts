// The one pg-core schema of the server. Migrations in server/drizzle/ are generated from
// this file with `npm run db:generate -w @kabuto/server` and committed.
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Site configuration entries the client looks up by name (spec §3 "Site config"). */
export const siteConfig = pgTable('site_config', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  /** English title; `title_zh` is the Traditional Chinese variant the spec names. */
  title: text('title').notNull(),
  titleZh: text('title_zh').notNull(),
  /** Order in which the entries are listed. */
  sort: integer('sort').notNull().default(0),
});

/** Objects accepted through the POST-policy upload target (spec §7). */
export const uploads = pgTable('uploads', {
  /** Object key, e.g. imgs/Ab3dE5fG7hJ9kLm.png. Unique: an accepted key is never overwritten. */
  key: text('key').primaryKey(),
  size: integer('size').notNull(),
  contentType: text('content_type').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export type SiteConfigRow = typeof siteConfig.$inferSelect;
export type UploadRow = typeof uploads.$inferSelect;
