// Public surface of the IPO module: the plugin, the lifecycle steps (ops CLI, seed, tests) and the tables.
export { ipoPlugin, type IpoPluginOptions } from './plugin';
export { IPO_API, OPS_IPO_API, IPO_ACCOUNTS, type IpoDeps } from './deps';
export { createIssue, setOfferPrice, closeBookBuilding, drawIssue, expireUnpaid, listIssue, sweepIssues, type NewIssue } from './lifecycle';
export { seedIpoDemo } from './seed';
export * from './schema';
