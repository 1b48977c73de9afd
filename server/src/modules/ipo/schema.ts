// Tables of the IPO module (docs/ipo.md, docs/api/ipo.md). Composed in src/schema.ts.
// Prices are integer yen (offer prices are whole yen), quantities shares, money bigint yen.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tstz, money } from '../../db/columns';
import { users } from '../identity/schema';

/**
 * One new issue offered to Kabuto's customers. The schedule columns drive the statuses on the
 * business clock; drawnAt / expiredAt / listedAt record the one-way steps taken.
 * `seed` stays private until drawnAt is set; `commitment` = sha256(seed) is public from creation.
 */
export const ipoIssues = pgTable('ipo_issues', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  names: jsonb('names').$type<{ tw: string; jp: string; en: string }>().notNull(),
  market: text('market').notNull(),
  priceLower: integer('price_lower').notNull(),
  priceUpper: integer('price_upper').notNull(),
  offerPrice: integer('offer_price'),
  bookBuildingStart: tstz('book_building_start').notNull(),
  bookBuildingEnd: tstz('book_building_end').notNull(),
  lotteryAt: tstz('lottery_at').notNull(),
  paymentDeadline: tstz('payment_deadline').notNull(),
  listingAt: tstz('listing_at').notNull(),
  lot: integer('lot').notNull(),
  unitsAvailable: integer('units_available').notNull(),
  maxUnitsPerCustomer: integer('max_units_per_customer').notNull(),
  lotteryModel: text('lottery_model', { enum: ['perCustomer', 'weighted'] }).notNull(),
  seed: text('seed').notNull(),
  commitment: text('commitment').notNull(),
  simulated: boolean('simulated').notNull().default(true),
  drawnAt: tstz('drawn_at'),
  /** Unpaid winners were released at the deadline. */
  expiredAt: tstz('expired_at'),
  listedAt: tstz('listed_at'),
  createdAt: tstz('created_at').notNull(),
});

/**
 * One customer's application. state: applied → won | notWon; won → paid | waived.
 * (issue, user) is unique: a second application, even in parallel, cannot be stored.
 */
export const ipoApplications = pgTable(
  'ipo_applications',
  {
    id: serial('id').primaryKey(),
    issueId: integer('issue_id')
      .notNull()
      .references(() => ipoIssues.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** Pseudonymous id published with the draw: pseudonymousId(code, id). */
    pid: text('pid').notNull(),
    units: integer('units').notNull(),
    wonUnits: integer('won_units').notNull().default(0),
    state: text('state', { enum: ['applied', 'won', 'notWon', 'paid', 'waived'] }).notNull(),
    /** Yen still in escrow for this application. */
    escrowed: money('escrowed').notNull(),
    paid: money('paid')
      .notNull()
      .default(sql`0`),
    refunded: money('refunded')
      .notNull()
      .default(sql`0`),
    waivedBy: text('waived_by', { enum: ['customer', 'deadline'] }),
    /** The trading position the paid shares became on listing day. */
    positionId: integer('position_id'),
    createdAt: tstz('created_at').notNull(),
    decidedAt: tstz('decided_at'),
    /** Business instants the payment reminders went out (the business day before the deadline, its morning): each once. */
    remindedDayBeforeAt: tstz('reminded_day_before_at'),
    remindedMorningAt: tstz('reminded_morning_at'),
  },
  (t) => [uniqueIndex('ipo_applications_issue_user_key').on(t.issueId, t.userId), index('ipo_applications_user_idx').on(t.userId, t.id)],
);

export type IpoIssueRow = typeof ipoIssues.$inferSelect;
export type IpoApplicationRow = typeof ipoApplications.$inferSelect;
