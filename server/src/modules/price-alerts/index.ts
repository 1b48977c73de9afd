// Public surface of the price-alerts module: the plugin, its API prefix and the table.
export { priceAlertsPlugin, type PriceAlertsPluginOptions } from './plugin';
export { ALERTS_API, type PriceAlertsDeps, type AlertVenue } from './deps';
export * from './schema';
export type { AlertWatcher } from './watcher';
