// The stored track records (docs/strategies.md "Stored records"): one row per strategy and business
// date, keyed by the last fill and the last cash posting it was computed from, so a read recomputes
// only when the leader has a new fill or posting (or a new day, or the close has passed).
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { StrategyRecord } from '@kabuto/shared-sdk/schemas';
import { tstz } from '../../../db/columns';
import { strategies } from '../schema';

export const strategyRecordSnapshots = pgTable(
  'strategy_record_snapshots',
  {
    strategyId: integer('strategy_id')
      .notNull()
      .references(() => strategies.id),
    businessDate: text('business_date').notNull(),
    /** The inputs it was computed from: the leader's last fill id and last cash posting id (0: none). */
    lastFillId: integer('last_fill_id').notNull(),
    lastPostingId: bigint('last_posting_id', { mode: 'bigint' }).notNull(),
    /** Computed after that date's close: holdings at closing prices. */
    atClose: boolean('at_close').notNull(),
    record: jsonb('record').$type<StrategyRecord>().notNull(),
    /** The venue's last price (tenths) each code held today was valued at: strategy-verify recomputes with them. */
    prices: jsonb('prices').$type<Record<string, number>>().notNull(),
    computedAt: tstz('computed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.strategyId, t.businessDate] }), index('strategy_record_snapshots_date_idx').on(t.businessDate)],
);

export type StrategyRecordSnapshotRow = typeof strategyRecordSnapshots.$inferSelect;
