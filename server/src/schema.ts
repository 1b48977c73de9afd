// Every table of the app: each module's schema.ts, composed here and nowhere else.
// drizzle.config.ts generates the migrations in server/drizzle/ from this file; db/ knows no module.
export * from './modules/common/schema';
export * from './modules/identity/schema';
export * from './modules/ops/schema';
export * from './modules/funds/schema';
export * from './modules/market/schema';
export * from './notifications/schema';
export * from './modules/trading/schema';
export * from './modules/ipo/schema';
export * from './modules/block-trades/schema';
export * from './modules/price-alerts/schema';
export * from './modules/strategies/schema';
export * from './modules/strategies/records/schema';
export * from './modules/strategies/profit-share/schema';
export * from './modules/support/schema';
export * from './modules/credit/schema';
export * from './modules/credit/lending/schema';
export * from './modules/rewards/schema';
export * from './modules/corporate-actions/schema';
export * from './cluster/schema';
