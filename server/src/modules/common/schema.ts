// The common module's tables: site configuration and accepted uploads.
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
  /** The user the upload policy was issued to (users.id); null only for objects stored before uploads were private. */
  ownerUserId: integer('owner_user_id'),
  /** What the policy was issued for (UPLOAD_PURPOSES); the consumer refuses any other. */
  purpose: text('purpose'),
  /** When a KYC submission or deposit used the object; a key is used once. */
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
});

export type SiteConfigRow = typeof siteConfig.$inferSelect;
export type UploadRow = typeof uploads.$inferSelect;
