// Conditional orders (docs/trading.md §11): the runner, its routes and the tables.
import type { TradingService } from '../service';
import type { ConditionalService } from './service';

export { ConditionalService, childKeyOf, validDayAt } from './service';
export { conditionalRoutes } from './routes';
export { onTradingBar } from './trading-bar';
export { trailingStop, onTrade, stopOnRightSide, ocoLegsApart } from './rules';

const running = new WeakMap<TradingService, ConditionalService>();

/** The conditional runner started beside a trading service (tests drive its sweep). */
export function conditionalOf(service: TradingService): ConditionalService | undefined {
  return running.get(service);
}

export function registerConditional(service: TradingService, conditional: ConditionalService): void {
  running.set(service, conditional);
}
