// Public surface of the support module: the plugin, its API prefixes, the live hub and the tables.
export { supportPlugin, type SupportPluginOptions } from './plugin';
export { OPS_SUPPORT_API, SUPPORT_API, type SupportDeps } from './deps';
export { createSupportLiveHub, type SupportLiveHub } from './live';
export { SUPPORT_HOURS, SUPPORT_SEND_LIMIT } from './config';
export { supportHoursAt } from './hours';
export * from './schema';
