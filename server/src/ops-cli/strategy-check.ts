// Prints a strategy check (the logic is the strategies module's records/verify.ts, which the
// customer's strategy/verify route runs too) as `npm run strategy-verify -- <id>` shows it.
import type { StrategyCheckResult } from '../modules/strategies';

export { checkStrategy, type StrategyCheckLine, type StrategyCheckResult } from '../modules/strategies';

export function formatStrategyCheck(result: StrategyCheckResult): string {
  const out = [`strategy ${result.strategyId} (simulated venue)`];
  if (result.record) {
    const r = result.record;
    out.push(
      `record from fills: return ${r.twrPercent}%, max drawdown ${r.maxDrawdownPercent}%, volatility ${r.volatilityPercent}%, risk ${r.riskScore}, trades ${r.trades}, days live ${r.daysLive}`,
    );
  }
  for (const l of result.lines) out.push(`${l.match ? 'match   ' : 'MISMATCH'} ${l.what}: ${l.detail}`);
  out.push(result.match ? 'match' : 'mismatch');
  return out.join('\n');
}
