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

/** '2790.5' → 27905 (tenths of a yen, as quotes carry prices); null when it is not such a number. */
function tenths(text: string): number | null {
  const match = /^(\d+)(?:\.(\d))?$/.exec(text.trim());
  return match ? Number(match[1]) * 10 + Number(match[2] ?? 0) : null;
}

export interface AlertDraftRule {
  kind: PriceAlertView['kind'];
  price: string;
  movePercent: string;
  direction: NonNullable<PriceAlertView['direction']>;
}

/**
 * Whether the quote already meets the rule, so the alert would fire the moment it is set (the
 * server's rules: at or above, at or below, a move of at least the % from the previous close).
 * False when the form is not a valid rule yet: the server's refusal says what is wrong.
 */
export function alreadyMet(rule: AlertDraftRule, quote: { last: number | null; previousClose: number }): boolean {
  if (quote.last === null) return false;
  if (rule.kind === 'above' || rule.kind === 'below') {
    const price = tenths(rule.price);
    if (price === null || price === 0) return false;
    return rule.kind === 'above' ? quote.last >= price : quote.last <= price;
  }
  const pct = tenths(rule.movePercent);
  if (pct === null || pct === 0 || quote.previousClose <= 0) return false;
  // move/close ≥ pct/100, in integers: move × 1000 ≥ pct (in tenths of a %) × close.
  const move = quote.last - quote.previousClose;
  const moved = rule.direction === 'up' ? move : rule.direction === 'down' ? -move : Math.abs(move);
  return moved * 1000 >= pct * quote.previousClose;
}
