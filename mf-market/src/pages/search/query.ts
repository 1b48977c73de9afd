// What the search box sends: trimmed, at most the server's 40 characters (docs/api/market.md §3).
export const SEARCH_DEBOUNCE_MS = 250;
export const MAX_QUERY_LENGTH = 40;

export function normaliseQuery(text: string): string {
  return Array.from(text.trim()).slice(0, MAX_QUERY_LENGTH).join('').trim();
}
