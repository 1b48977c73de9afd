// Tables of the broker's algorithmic strategies (docs/strategies.md "Algorithmic strategies").
// Composed through ../schema.ts. Prices are tenths of a yen, money bigint yen.
import { integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tstz } from '../../../db/columns';
import { users } from '../../identity/schema';
import { strategies } from '../schema';

/** One published algorithm: its broker-owned account and the strategy that account leads. */
export const strategyAlgorithms = pgTable(
  'strategy_algorithms',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    strategyId: integer('strategy_id')
      .notNull()
      .references(() => strategies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    rule: text('rule', { enum: ['momentum', 'meanReversion'] }).notNull(),
    code: text('code').notNull(),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [uniqueIndex('strategy_algorithms_key').on(t.key), uniqueIndex('strategy_algorithms_strategy_key').on(t.strategyId)],
);

/** One algorithm's decision on one business date: at most one a day (the run is idempotent). */
export const strategyAlgorithmRuns = pgTable(
  'strategy_algorithm_runs',
  {
    id: serial('id').primaryKey(),
    algorithmId: integer('algorithm_id')
      .notNull()
      .references(() => strategyAlgorithms.id),
    businessDate: text('business_date').notNull(),
    signal: text('signal', { enum: ['buy', 'sell', 'hold', 'insufficientHistory'] }).notNull(),
    action: text('action', { enum: ['buy', 'sell', 'none'] }).notNull(),
    /** The closes' figures the signal was decided on and the parameters in force. */
    figures: jsonb('figures').$type<Record<string, number>>().notNull(),
    lots: integer('lots').notNull().default(0),
    outcome: text('outcome', { enum: ['pending', 'placed', 'refused', 'none'] }).notNull(),
    reason: text('reason'),
    positionId: integer('position_id'),
    orderId: integer('order_id'),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [uniqueIndex('strategy_algorithm_runs_day_key').on(t.algorithmId, t.businessDate)],
);

export type StrategyAlgorithmRow = typeof strategyAlgorithms.$inferSelect;
export type StrategyAlgorithmRunRow = typeof strategyAlgorithmRuns.$inferSelect;
