// Dates as the user's language writes them, in Japan time (the market's clock).
import type { Lang } from '@kabuto/shared-sdk';

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
    timeZone: 'Asia/Tokyo',
  }).format(date);
}
