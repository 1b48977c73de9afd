// How the market screens write prices, changes, volumes and names. Prices arrive as
// integer tenths of a yen and are turned into exact decimal text (no float maths) before
// the SDK's money formatter writes them (spec §5: 1 decimal, thousands separators).
import { formatMoney, groupThousands, minorUnitsToDecimal, correctCompanyName } from '@kabuto/shared-sdk/format';

export type Direction = 'up' | 'down' | 'flat';
type NameLang = 'tw' | 'jp' | 'en';

/** 27905 → '2,790.5'; null (no trade yet) → '--'. */
export function formatPrice(tenths: number | null | undefined): string {
  if (tenths === null || tenths === undefined || !Number.isInteger(tenths)) return '--';
  return formatMoney(minorUnitsToDecimal(BigInt(tenths), 1));
}

/** With the yen sign: '¥2,790.5'. */
export function formatYenPrice(tenths: number | null | undefined): string {
  const text = formatPrice(tenths);
  return text === '--' ? text : `¥${text}`;
}

/** Change in tenths with its sign: 125 → '+12.5', -30 → '-3.0', 0 → '0.0'. */
export function formatChange(tenths: number | null | undefined): string {
  if (tenths === null || tenths === undefined) return '--';
  const text = formatPrice(tenths);
  return tenths > 0 ? `+${text}` : text;
}

/** 1.256 → '+1.26%' (two decimals as the server sends them), null → '--'. */
export function formatPercent(percent: number | null | undefined): string {
  if (percent === null || percent === undefined || !Number.isFinite(percent)) return '--';
  const text = formatMoney(percent, 2);
  return `${percent > 0 ? '+' : ''}${text}%`;
}

export function direction(change: number | null | undefined): Direction {
  if (!change) return 'flat';
  return change > 0 ? 'up' : 'down';
}

/** Shares: 1234500 → '1,234,500'. */
export function formatShares(shares: number): string {
  return groupThousands(String(Math.max(0, Math.trunc(shares))));
}

/**
 * Turnover in whole yen, compact the way each market writes it: 万/億 in Japanese and
 * Chinese (億 = 10^8), K/M/B in English. One decimal, rounded half up.
 */
export function formatTurnover(yen: number, lang: string): string {
  const abs = Math.abs(yen);
  const oneDecimal = (value: number) => formatMoney(Math.round(value * 10) / 10);
  if (lang === 'jp' || lang === 'tw') {
    if (abs >= 1e8) return `¥${oneDecimal(yen / 1e8)}億`;
    if (abs >= 1e4) return `¥${oneDecimal(yen / 1e4)}${lang === 'jp' ? '万' : '萬'}`;
    return `¥${groupThousands(String(Math.trunc(yen)))}`;
  }
  if (abs >= 1e9) return `¥${oneDecimal(yen / 1e9)}B`;
  if (abs >= 1e6) return `¥${oneDecimal(yen / 1e6)}M`;
  if (abs >= 1e3) return `¥${oneDecimal(yen / 1e3)}K`;
  return `¥${groupThousands(String(Math.trunc(yen)))}`;
}

/** P/E with one decimal, or '--' where it does not apply (loss-making, ETF). */
export function formatRatio(value: number | null | undefined): string {
  return value === null || value === undefined ? '--' : formatMoney(value);
}

/**
 * The instrument's name in the page language (hi and id read English). Traditional
 * Chinese names pass the spec §5 correction table; the server applies it too, and the
 * correction is idempotent, so applying it again is harmless.
 */
export function stockName(name: { jp: string; en: string; tw: string }, lang: string): string {
  const key: NameLang = lang === 'tw' || lang === 'jp' ? lang : 'en';
  return key === 'tw' ? correctCompanyName(name.tw) : name[key];
}
