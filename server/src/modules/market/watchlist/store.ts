// Per-user watchlist in the user's order (docs/api/market.md §4).
import { and, asc, eq, max } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { Clock } from '../../../clock';
import type { Database } from '../../../db/client';
import { ApiFailure } from '../../../http/envelope';
import { watchlistEntries, type WatchlistRow } from '../schema';

export const WATCHLIST_MAX = 100;

export async function watchlistOf(db: Database, userId: number): Promise<WatchlistRow[]> {
  return db.select().from(watchlistEntries).where(eq(watchlistEntries.userId, userId)).orderBy(asc(watchlistEntries.position), asc(watchlistEntries.id));
}

/** Adds `code` at the end; a code already on the list stays where it is. */
export async function addToWatchlist(db: Database, clock: Clock, userId: number, code: string): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx.select({ code: watchlistEntries.code }).from(watchlistEntries).where(eq(watchlistEntries.userId, userId));
    if (rows.some((r) => r.code === code)) return;
    if (rows.length >= WATCHLIST_MAX) throw new ApiFailure(MSG.watchlistFull);
    const [last] = await tx
      .select({ top: max(watchlistEntries.position) })
      .from(watchlistEntries)
      .where(eq(watchlistEntries.userId, userId));
    await tx
      .insert(watchlistEntries)
      .values({ userId, code, position: (last?.top ?? -1) + 1, addedAt: clock.now() })
      // Two adds racing: the unique (user, code) index keeps one.
      .onConflictDoNothing();
  });
}

export async function removeFromWatchlist(db: Database, userId: number, code: string): Promise<void> {
  await db.delete(watchlistEntries).where(and(eq(watchlistEntries.userId, userId), eq(watchlistEntries.code, code)));
}

/**
 * The new order: `codes` first as given (those on the list), then the rest in their
 * current order. Positions are rewritten 0…n-1. Answers the full new order.
 */
export async function reorderWatchlist(db: Database, userId: number, codes: readonly string[]): Promise<string[]> {
  if (new Set(codes).size !== codes.length) throw new ApiFailure(MSG.invalidParams);
  return db.transaction(async (tx) => {
    const current = (await watchlistOf(tx, userId)).map((r) => r.code);
    const onList = new Set(current);
    const named = codes.filter((c) => onList.has(c));
    const namedSet = new Set(named);
    const order = [...named, ...current.filter((c) => !namedSet.has(c))];
    for (const [position, code] of order.entries()) {
      await tx
        .update(watchlistEntries)
        .set({ position })
        .where(and(eq(watchlistEntries.userId, userId), eq(watchlistEntries.code, code)));
    }
    return order;
  });
}
