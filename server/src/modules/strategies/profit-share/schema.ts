// Settlements of the high-water-mark profit share (docs/strategies.md "Profit share"): one row per
// settlement of one following, numbered; the mark is the highest realised profit settled so far.
// The unique (following, seq) makes two sweeps settling at once post once.
import { boolean, integer, pgTable, serial, uniqueIndex } from 'drizzle-orm/pg-core';
import { money, tstz } from '../../../db/columns';
import { strategyFollowings } from '../schema';

export const strategyProfitShareSettlements = pgTable(
  'strategy_profit_share_settlements',
  {
    id: serial('id').primaryKey(),
    followingId: integer('following_id')
      .notNull()
      .references(() => strategyFollowings.id),
    seq: integer('seq').notNull(),
    /** The payer and the payee (users; the following names them too). */
    followerId: integer('follower_id').notNull(),
    leaderId: integer('leader_id').notNull(),
    /** The following's realised profit (yen) at this settlement, and the mark before it. */
    realised: money('realised').notNull(),
    markBefore: money('mark_before').notNull(),
    percent: integer('percent').notNull(),
    /** floor(percent × (realised − markBefore) ÷ 100) when realised is above the mark, else 0. */
    amount: money('amount').notNull(),
    /** The settlement at the end of the following: none follows it. */
    final: boolean('final').notNull(),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [uniqueIndex('strategy_profit_share_settlements_seq_key').on(t.followingId, t.seq)],
);
