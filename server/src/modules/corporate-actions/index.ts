// Public surface of the corporate-actions module: the plugin, its config, tables and the pieces
// the independent check and tests read (amounts, entitlement, the sweep).
export { corporateActionsPlugin, type CorporateActionsPluginOptions } from './plugin';
export { DEFAULT_CORPORATE_ACTIONS_CONFIG, DIVIDEND_ACCOUNTS, dividendRules, type CorporateActionsConfig } from './config';
export { DIVIDEND_API, OPS_DIVIDEND_API, marketVenue, type CorporateActionsDeps, type CorporateActionsVenue } from './deps';
export { adjustmentOf, grossOf, holderAmounts, lentAmounts } from './payments/amounts';
export { entitlementsOf, type FillFact } from './entitlement/entitlement';
export { fillFactsOf, interestFirstLent } from './entitlement/facts';
export { exDateStep, paymentStep, sweepCorporateActions } from './payments/sweep';
export * from './schema';
