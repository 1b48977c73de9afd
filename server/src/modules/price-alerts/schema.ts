// Tables of the price-alerts module (docs/price-alerts.md). Composed in src/schema.ts.
// Prices are integer tenths of a yen (the venue's unit), % moves basis points.
import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { tstz } from '../../db/columns';
import { users } from '../identity/schema';

/**
 * One customer's alert on one stock. state: active → fired (once; the UPDATE that fires it
 * is guarded by state = 'active' and the revision, in the transaction that writes the
 * notice). An edit bumps the revision, re-arms it from now and makes it active again.
 */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    code: text('code').notNull(),
    kind: text('kind', { enum: ['above', 'below', 'move'] }).notNull(),
    /** above / below: the price in tenths of a yen; null for move. */
    price: integer('price'),
    /** move: the % move from the previous close in basis points; null otherwise. */
    moveBp: integer('move_bp'),
    direction: text('direction', { enum: ['both', 'up', 'down'] }),
    state: text('state', { enum: ['active', 'fired'] }).notNull(),
    /** Bumped by every edit: a firing computed for an older rule does not apply. */
    revision: integer('revision').notNull().default(1),
    /** Business-clock time from which venue trades count (creation or last edit). */
    armedAt: tstz('armed_at').notNull(),
    /** The venue trade that fired it: its time (business clock), price (tenths) and id. */
    firedAt: tstz('fired_at'),
    firedPrice: integer('fired_price'),
    firedTradeId: text('fired_trade_id'),
    createdAt: tstz('created_at').notNull(),
    updatedAt: tstz('updated_at').notNull(),
  },
  (t) => [index('price_alerts_user_idx').on(t.userId, t.code), index('price_alerts_state_idx').on(t.state)],
);

export type PriceAlertRow = typeof priceAlerts.$inferSelect;
