// Public surface of the block-trades module: the plugin, the operator steps (ops CLI, seed, tests) and the tables.
export { blockTradesPlugin, type BlockTradesPluginOptions } from './plugin';
export { BLOCK_API, OPS_BLOCK_API, BLOCK_ACCOUNTS, type BlockTradesDeps } from './deps';
export { stockInventory, publishOffer, closeOffer, type NewOffer, type StockInput } from './inventory';
export { buyBlock } from './buy';
export { seedBlockTradesDemo } from './seed';
export * from './schema';
