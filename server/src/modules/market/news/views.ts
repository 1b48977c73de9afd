// What customers and operators see of an article. Customer answers are the shared wire
// schemas' types (shared-sdk/src/schemas/market.ts).
import type { NewsDetail, NewsItem } from '@kabuto/shared-sdk/schemas';
import type { LocalisedText } from '../../../db/columns';
import type { NewsRow } from '../schema';

export type { NewsDetail, NewsItem };
type TextLang = keyof LocalisedText;

/**
 * Who wrote a sample article (the app's own demo text), in the reader's language: a stored
 * English "(sample)" would show as is to tw and jp readers. Sample articles are stored without
 * a source.
 */
export const SAMPLE_SOURCE: LocalisedText = { tw: 'Kabuto 範例', jp: 'Kabuto サンプル', en: 'Kabuto (sample)' };

export function newsItem(row: NewsRow, lang: TextLang): NewsItem {
  return {
    id: row.id,
    title: row.title[lang],
    summary: row.summary[lang],
    source: row.sample ? SAMPLE_SOURCE[lang] : row.source,
    codes: row.codes,
    sample: row.sample,
    publishedAt: (row.publishedAt ?? row.createdAt).toISOString(),
  };
}

export function newsDetail(row: NewsRow, lang: TextLang): NewsDetail {
  return { ...newsItem(row, lang), body: row.body[lang] };
}

export function operatorNewsView(row: NewsRow) {
  return {
    id: row.id,
    status: row.status,
    title: row.title,
    summary: row.summary,
    body: row.body,
    source: row.source,
    codes: row.codes,
    sample: row.sample,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
  };
}
