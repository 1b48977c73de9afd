// News articles: created by operators (drafts or published at once), listed for customers
// only once published. Bodies are sanitised before they are stored.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { Clock } from '../../../clock';
import type { Database } from '../../../db/client';
import type { LocalisedText } from '../../../db/columns';
import { ApiFailure } from '../../../http/envelope';
import { newsArticles, type NewsRow, type NewsStatus } from '../schema';
import { htmlToText, sanitiseHtml } from './sanitise-html';

export const SUMMARY_CHARS = 120;

export interface NewsDraft {
  title: LocalisedText;
  body: LocalisedText;
  /** Plain text; derived from the body when absent. */
  summary?: LocalisedText;
  source: string;
  codes: string[];
  sample: boolean;
}

function mapText(text: LocalisedText, f: (s: string) => string): LocalisedText {
  return { tw: f(text.tw), jp: f(text.jp), en: f(text.en) };
}

function summaryOf(html: string): string {
  const text = htmlToText(html);
  return text.length > SUMMARY_CHARS ? `${text.slice(0, SUMMARY_CHARS)}…` : text;
}

export async function createArticle(db: Database, clock: Clock, draft: NewsDraft, createdBy: string, publish: boolean): Promise<NewsRow> {
  const body = mapText(draft.body, sanitiseHtml);
  if (!body.tw.trim() || !body.jp.trim() || !body.en.trim()) throw new ApiFailure(MSG.newsBodyRequired);
  const now = clock.now();
  const [row] = await db
    .insert(newsArticles)
    .values({
      status: publish ? 'published' : 'draft',
      title: mapText(draft.title, (t) => t.trim()),
      summary: draft.summary ? mapText(draft.summary, (t) => t.trim()) : mapText(body, summaryOf),
      body,
      source: draft.source,
      codes: draft.codes,
      sample: draft.sample,
      createdBy,
      createdAt: now,
      publishedAt: publish ? now : null,
    })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

export async function articleById(db: Database, id: number): Promise<NewsRow | undefined> {
  const [row] = await db.select().from(newsArticles).where(eq(newsArticles.id, id)).limit(1);
  return row;
}

/** Moves an article to `status` when it is in one of `from`; null when it was not. */
export async function setArticleStatus(db: Database, clock: Clock, id: number, from: readonly NewsStatus[], status: NewsStatus): Promise<NewsRow | null> {
  const current = await articleById(db, id);
  if (!current || !from.includes(current.status)) return null;
  const [row] = await db
    .update(newsArticles)
    .set({ status, ...(status === 'published' ? { publishedAt: clock.now() } : {}) })
    .where(and(eq(newsArticles.id, id), eq(newsArticles.status, current.status)))
    .returning();
  return row ?? null;
}

export async function publishedPage(db: Database, offset: number, limit: number, code: string | undefined): Promise<{ total: number; rows: NewsRow[] }> {
  const where = and(eq(newsArticles.status, 'published'), code ? sql`${newsArticles.codes} @> ${JSON.stringify([code])}::jsonb` : undefined);
  const [rows, [total]] = await Promise.all([
    db.select().from(newsArticles).where(where).orderBy(desc(newsArticles.publishedAt), desc(newsArticles.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(newsArticles).where(where),
  ]);
  return { total: total?.n ?? 0, rows };
}

export async function listAll(db: Database, status: NewsStatus | undefined): Promise<NewsRow[]> {
  return db
    .select()
    .from(newsArticles)
    .where(status ? eq(newsArticles.status, status) : undefined)
    .orderBy(desc(newsArticles.createdAt), desc(newsArticles.id))
    .limit(200);
}
