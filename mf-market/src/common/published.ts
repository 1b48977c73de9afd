// Publication times are shown in JST (the market's time), whatever the device zone.
const JST_OFFSET_MS = 9 * 3_600_000;

/** '2026-01-05T00:30:00.000Z' → '2026-01-05 09:30'; unreadable input → ''. */
export function formatPublished(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  const jst = new Date(ms + JST_OFFSET_MS).toISOString();
  return `${jst.slice(0, 10)} ${jst.slice(11, 16)}`;
}
