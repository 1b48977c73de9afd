// Which instruments this process's venue holds, and where an order for another one goes. One
// process holds them all (npm start, a single-partition cluster); a cluster of venue partitions
// hashes them to partitions (cluster/partitions.ts), and what one partition's rules put on another
// partition's instrument (a forced liquidation, a strategy's order, a position's close) crosses
// the bus to it (cluster/partition-orders.ts).
import type { MSG } from '@kabuto/shared-sdk/messages';

export type NotOpenMessage = typeof MSG.orderNotPending | typeof MSG.orderNotClosing;

export interface InstrumentOwnership {
  /** Does this process's venue hold the instrument (enter, cancel, sweep and recover its orders)? */
  owns(code: string): boolean;
  /** Does this process run the work that spans instruments (the margin sweep)? */
  readonly home: boolean;
  /**
   * Queued orders (committed) of instruments another partition holds: that partition enters them.
   * Told at once; its sweep finds a queued order anyway, so a message lost costs only time.
   */
  enterElsewhere(orders: readonly { id: number; userId: number; code: string }[]): void;
  /** Cancels an order of an instrument another partition holds, there; rejects with its refusal. */
  cancelElsewhere(order: { id: number; code: string }, notOpen: NotOpenMessage): Promise<void>;
}

/** One venue holding every instrument. */
export const EVERY_INSTRUMENT: InstrumentOwnership = {
  owns: () => true,
  home: true,
  enterElsewhere: () => undefined,
  cancelElsewhere: () => Promise.reject(new Error('every instrument is held here')),
};
