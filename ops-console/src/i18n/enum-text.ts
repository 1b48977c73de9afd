// Server enum values (states, kinds, roles, topics, restrictions) in the console's language, and
// instants in Japan time: the business runs on JST, whatever zone the operator's computer is in.
import type { ConsoleTexts } from './en';

export type EnumGroup = keyof ConsoleTexts['enums'];
type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The value's text in `group`; a value the console has no text for is shown as the server sent it. */
export function enumText(t: Translate, group: EnumGroup, value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  return t(`enums.${group}.${value}`, { defaultValue: value });
}

const JST = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** An ISO instant as "YYYY-MM-DD hh:mm:ss JST" (Japan has no daylight saving: the zone is always +09:00). */
export function jstText(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const part = Object.fromEntries(JST.formatToParts(date).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second} JST`;
}
