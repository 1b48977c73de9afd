// The dividend pages' readings of the server's answers: a localised name, a dividend per share
// and a share count as text, the percent texts of the published rules, and which tab a route is.
import type { CSSProperties } from 'react';
import { groupAmount, type Lang } from '@kabuto/shared-sdk';
import type { DividendRules, LocalisedNames } from '@kabuto/shared-sdk/schemas';

export function nameIn(names: LocalisedNames, lang: Lang): string {
  return lang === 'tw' || lang === 'jp' ? names[lang] : names.en;
}

/** '1250.50' → '1,250.50': the server's yen text, grouped, never through a float. */
export function yenText(amount: string): string {
  return groupAmount(amount);
}

/** 12000 → '12,000'. */
export function sharesText(shares: number): string {
  return groupAmount(String(shares));
}

/** The figures the rule texts name, straight from the published rules. */
export function ruleFigures(rules: DividendRules) {
  return {
    withholding: rules.withholdingPercent,
    income: rules.incomeTaxPercent,
    resident: rules.residentTaxPercent,
    percent: rules.marginAdjustmentPercent,
    general: rules.generalShortPercent,
  };
}

/**
 * A detail page's record id from the hash query ('?id=12'): a positive whole number as text,
 * or null, so a missing or mangled id is said on the page rather than sent to the server.
 */
export function idFromQuery(value: string | null): string | null {
  return value !== null && /^[1-9]\d{0,9}$/.test(value) ? value : null;
}

/** A stock code from the hash query ('?code=7203'), as the venue spells codes. */
export function codeFromQuery(value: string | null): string | null {
  return value !== null && /^[0-9A-Z]{4}$/.test(value) ? value : null;
}

/** A tappable list row's lines, one under the other (the kit's list row is a plain block). */
export const ROW_LINES: CSSProperties = { display: 'flex', flexDirection: 'column', gap: 4, marginBottom: 8 };
