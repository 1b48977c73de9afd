// Public surface of the strategies module: the plugin, the services the tests, the bench and the
// verify script call, and the tables.
export { strategiesPlugin, type StrategiesPluginOptions } from './plugin';
export { DEFAULT_STRATEGIES_CONFIG, strategyRuleSources, type StrategiesConfig } from './config';
export { STRATEGY_API, STRATEGY_ACCOUNTS, type StrategiesDeps } from './deps';
export { Mirror, mirroredShares, mirroredCloseShares } from './mirroring/mirror';
export { computeRecord, recordInput, recordInputAt, leaderEquity, riskScoreOf, type RecordInput } from './records/record';
export { sweepFollowings, followingValue, leaderFee } from './following/following';
export { accrueLeaderFees } from './following/fees';
export { checkStrategy, type StrategyCheckLine, type StrategyCheckResult } from './records/verify';
export * from './schema';
export { ensureAlgorithms, runAlgorithms, dailyClosesBefore, signalOf, algorithmAccountName, ALGORITHM_CAPITAL_ACCOUNT } from './algorithms/algorithms';
export { DEFAULT_ALGORITHMS_CONFIG, PUBLISHED_ALGORITHMS, rulesText, type AlgorithmDefinition, type AlgorithmsConfig } from './algorithms/config';
export { momentumSignal, meanReversionSignal, actionOf, buyLots } from './algorithms/rules';
export { strategyRecordSnapshots } from './records/schema';
export { priceDay, trustFee, type NavInput, type NavResult } from './trust/nav';
export { runTrustNavs, priceTrust, navDateFor, TRUST_ACCOUNTS } from './trust/trust';
