// Search over codes, names in the three languages and the katakana reading. Queries and
// targets are normalised the same way: NFKC (full-width letters and digits, half-width
// kana), lower case, hiragana folded to katakana, spaces and separators dropped — so
// "ﾄﾖﾀ", "とよた", "トヨタ", "toyota" and "７２０３" all find Toyota.
import type { Instrument } from './schema';

const SEPARATORS = /[\s・･.,'’&＆\-‐_/()（）「」]/g;

export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(SEPARATORS, '')
    .replace(/[\u3041-\u3096]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0x60));
}

interface SearchEntry {
  instrument: Instrument;
  code: string;
  texts: string[];
}

export function buildSearchIndex(instruments: readonly Instrument[]): SearchEntry[] {
  return instruments.map((instrument) => ({
    instrument,
    code: instrument.code.toLowerCase(),
    texts: [instrument.name.jp, instrument.name.en, instrument.name.tw, instrument.reading].map(normalizeForSearch),
  }));
}

/**
 * Instruments matching `query`, best first: exact code, code prefix, a name or reading
 * starting with the query, then containing it; ties by code.
 */
export function searchIndex(index: readonly SearchEntry[], query: string, limit: number): Instrument[] {
  const q = normalizeForSearch(query);
  if (q.length === 0) return [];
  const scored: Array<{ rank: number; instrument: Instrument }> = [];
  for (const e of index) {
    let rank: number | null = null;
    if (e.code === q) rank = 0;
    else if (e.code.startsWith(q)) rank = 1;
    else if (e.texts.some((t) => t.startsWith(q))) rank = 2;
    else if (e.texts.some((t) => t.includes(q))) rank = 3;
    if (rank !== null) scored.push({ rank, instrument: e.instrument });
  }
  scored.sort((a, b) => a.rank - b.rank || a.instrument.code.localeCompare(b.instrument.code));
  return scored.slice(0, limit).map((s) => s.instrument);
}
