// Each customer's wallet figures from memory: the wallet is read on every funds and trade
// screen, and building its statement costs ~1 ms of CPU per call. What the figures are
// made of changes in exactly two ways, and both forget the customer's entry at the write and
// again after its commit (db/after-commit.ts):
//   - ledger postings: postJournal/postJournals (ledger/post.ts), the one way money moves;
//   - hold sources' rows (open orders, margin, unsettled proceeds): every writer of them takes
//     the customer's funds lock (withUserFundsLock or lockFundsOf, locks.ts), which
//     forgets (HoldSource says so to whoever adds one).
// Holds that end with a date (unsettled proceeds on their settlement day) change without a
// write: an entry is tied to the business date it was read on. An entry lives at most
// WALLET_CACHE_MS of real time besides. Reads inside a transaction never use it.
import { afterCommit } from '../../../db/after-commit';
import type { Database } from '../../../db/client';
import { perUserCacheFamily, type PerUserCache } from '../../../caches/per-user-cache';
import type { CurrencyFigures } from './figures';

/** How long (real time) a wallet's figures are remembered at most; writes forget them at once. */
export const WALLET_CACHE_MS = 5_000;

export type WalletCache = PerUserCache<CurrencyFigures[]>;

const walletCaches = perUserCacheFamily<CurrencyFigures[]>('wallet');

/** A cache of this app's wallet figures; ttl 0 = off. */
export const createWalletCache = (ttlMs: number): WalletCache => walletCaches.create(ttlMs);

/** The customers' wallet figures change in `tx`: forget them now and once `tx` has committed. */
export function forgetWallets(tx: Database, userIds: Iterable<number>): void {
  const ids = [...new Set(userIds)];
  for (const id of ids) walletCaches.forget(id);
  if (ids.length > 0) afterCommit(tx, () => ids.forEach(walletCaches.forget));
}
