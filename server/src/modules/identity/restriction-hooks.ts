// What other modules do when an operator sets or lifts a restriction. Identity cannot import
// them (they import identity), so they register here: trading cancels the waiting conditional
// legs that would add exposure when a trading bar is set (docs/trading.md §11, "Trading bar").
import type { Database } from '../../db/client';

export type RestrictionName = 'frozen' | 'login_banned' | 'disabled' | 'trade_banned' | 'withdraw_banned';

export interface RestrictionChange {
  userId: number;
  restriction: RestrictionName;
  on: boolean;
}

/**
 * Runs inside the operator's transaction (the change and its consequences commit together);
 * what it returns runs after the commit (notices, in-memory state).
 */
export type RestrictionListener = (tx: Database, change: RestrictionChange) => Promise<(() => Promise<void>) | null>;

export interface RestrictionHooks {
  add(listener: RestrictionListener): () => void;
  /** Every listener in `tx`; answers the after-commit steps in order. */
  run(tx: Database, change: RestrictionChange): Promise<(() => Promise<void>)[]>;
}

export function createRestrictionHooks(): RestrictionHooks {
  const listeners = new Set<RestrictionListener>();
  return {
    add(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async run(tx, change) {
      const after: (() => Promise<void>)[] = [];
      for (const l of listeners) {
        const step = await l(tx, change);
        if (step) after.push(step);
      }
      return after;
    },
  };
}
