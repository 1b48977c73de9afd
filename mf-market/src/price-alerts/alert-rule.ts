// How an alert reads on screen: its rule and its state, in the market namespace's texts.
import { groupThousands } from '@kabuto/shared-sdk/format';
import type { PriceAlertView } from '@kabuto/shared-sdk/schemas';
import type { MarketTextKey } from '../translations';

type T = (key: MarketTextKey, values?: Record<string, string | number>) => string;

/** '2790.5' → '2,790.5'. */
export function yenAmount(text: string | null): string {
  if (text === null) return '--';
  const [int = '', frac] = text.split('.');
  return frac ? `${groupThousands(int)}.${frac}` : groupThousands(int);
}

export function ruleText(alert: Pick<PriceAlertView, 'kind' | 'price' | 'movePercent' | 'direction'>, t: T): string {
  if (alert.kind === 'move') return t(`alerts.rule.move.${alert.direction ?? 'both'}`, { pct: alert.movePercent ?? '' });
  return t(`alerts.rule.${alert.kind}`, { price: yenAmount(alert.price) });
}
