// The lending page's readings of the summary: a localised name, a rate in basis points a
// year as text, and what the holding row says about its rate (0 % truthfully when no
// borrower wants the issue today).
import type { Lang } from '@kabuto/shared-sdk';
import type { LendingHolding, LocalisedNames } from '@kabuto/shared-sdk/schemas';

export function nameIn(names: LocalisedNames, lang: Lang): string {
  return lang === 'tw' || lang === 'jp' ? names[lang] : names.en;
}

/** Basis points a year → '0.1 %', '1.25 %', '0 %'. */
export function rateText(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const rest = String(Math.abs(bp % 100))
    .padStart(2, '0')
    .replace(/0+$/, '');
  return rest ? `${whole}.${rest} %` : `${whole} %`;
}

export type RateLine = { kind: 'earning'; rate: string } | { kind: 'short'; published: string };

/** A holding that is lent while demand is short earns 0 % and says so with the published rate. */
export function rateLine(holding: Pick<LendingHolding, 'rateBp' | 'publishedRateBp' | 'demand'>): RateLine {
  if (holding.demand === 'short' || holding.rateBp === 0) return { kind: 'short', published: rateText(holding.publishedRateBp) };
  return { kind: 'earning', rate: rateText(holding.rateBp) };
}
