// Dates and times as the user's language writes them, always in Japan time (the market's
// clock and the customer's calendar), whatever the device's time zone.
import type { Lang } from '../i18n/languages';

const LOCALES: Readonly<Record<string, string>> = { tw: 'zh-TW', jp: 'ja-JP', en: 'en-GB', hi: 'en-GB', id: 'en-GB' };

export function formatDateTime(iso: string | null | undefined, lang: Lang | string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(LOCALES[lang] ?? 'en-GB', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    // 24-hour everywhere: zh-TW would otherwise write 上午12:30 for half past midnight.
    hourCycle: 'h23',
    timeZone: 'Asia/Tokyo',
  }).format(date);
}

// A date key, or the date part of an ISO date-time (as some answers carry it).
const DATE_KEY = /^(\d{4})-(\d{2})-(\d{2})(?:T.*)?$/;

/**
 * A JST calendar date the server answers as 'YYYY-MM-DD' (a due date, a listing date), as the
 * user's language writes it: 2026/12/01 (tw, jp), 01/12/2026 (en, hi, id); '' when none or
 * not a date.
 */
export function formatDateKey(key: string | null | undefined, lang: Lang | string): string {
  const match = key ? DATE_KEY.exec(key) : null;
  if (!match) return '';
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Date would roll 2026-02-30 over into March: only a day the calendar has is a date.
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return '';
  // Midnight in Tokyo, written in Tokyo: the device's own zone can never move it a day.
  const date = new Date(`${match[1]}-${match[2]}-${match[3]}T00:00:00+09:00`);
  return new Intl.DateTimeFormat(LOCALES[lang] ?? 'en-GB', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'Asia/Tokyo' }).format(date);
}
