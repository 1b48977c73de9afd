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
