// Per-user search history: distinct queries, newest first, at most SEARCH_HISTORY_LIMIT kept.
import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { Clock } from '../../../clock';
import type { Database } from '../../../db/client';
import { searchHistory } from '../schema';

export const SEARCH_HISTORY_LIMIT = 20;
export const SEARCH_QUERY_MAX_CHARS = 40;

export interface SearchHistoryItem {
  query: string;
  /** ISO 8601. */
  searchedAt: string;
}

/** Saves a query (a repeat moves to the top) and trims the history to its limit. */
export async function rememberSearch(db: Database, clock: Clock, userId: number, query: string): Promise<void> {
  const now = clock.now();
  await db.transaction(async (tx) => {
    await tx
      .insert(searchHistory)
      .values({ userId, query, searchedAt: now })
      .onConflictDoUpdate({ target: [searchHistory.userId, searchHistory.query], set: { searchedAt: now } });
    const keep = await tx
      .select({ id: searchHistory.id })
      .from(searchHistory)
      .where(eq(searchHistory.userId, userId))
      .orderBy(desc(searchHistory.searchedAt), desc(searchHistory.id))
      .limit(SEARCH_HISTORY_LIMIT);
    await tx.delete(searchHistory).where(
      and(
        eq(searchHistory.userId, userId),
        notInArray(
          searchHistory.id,
          keep.map((k) => k.id),
        ),
      ),
    );
  });
}

export async function listSearches(db: Database, userId: number): Promise<SearchHistoryItem[]> {
  const rows = await db
    .select()
    .from(searchHistory)
    .where(eq(searchHistory.userId, userId))
    .orderBy(desc(searchHistory.searchedAt), desc(searchHistory.id))
    .limit(SEARCH_HISTORY_LIMIT);
  return rows.map((r) => ({ query: r.query, searchedAt: r.searchedAt.toISOString() }));
}

/** Clears the user's history; answers how many queries were removed. */
export async function clearSearches(db: Database, userId: number): Promise<number> {
  const removed = await db.delete(searchHistory).where(eq(searchHistory.userId, userId)).returning({ id: searchHistory.id });
  return removed.length;
}
