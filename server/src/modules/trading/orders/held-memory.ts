// What the order writer remembers of its customers' trading holds (money held for open orders
// and the initial margin of open margin positions: settlement/holds.ts), so a placement checks
// its buying power without adding up the customer's rows again (docs/trading.md §9 "Design
// decisions": that sum would be the largest statement of a batch). Only holders of a customer's
// funds lock change those rows (funds/extensions.ts, HoldSource), and every taker counts the
// lock's version up (funds/locks.ts). So what the writer wrote under version v is still true
// when its next lock of the customer answers v + 1; any other number means someone else held
// the lock in between (a cancel, an expiry, a close, another server), and the figures are read
// again. Cash is always read: postings may credit it without the lock. A batch that does not
// commit forgets its customers. At most `max` customers are remembered (the least recently
// written is forgotten first): a forgotten one is read again, nothing else.

/** Customers remembered at most (~100 bytes each). */
export const HELD_MEMORY_MAX = 100_000;

export class HeldMemory {
  private readonly known = new Map<number, { version: number; held: bigint }>();

  constructor(private readonly max = HELD_MEMORY_MAX) {}

  /** The customer's trading holds as this writer left them, if its lock of version `version` is the next one after its own. */
  heldAt(userId: number, version: number | undefined): bigint | undefined {
    const k = this.known.get(userId);
    return k !== undefined && version !== undefined && k.version + 1 === version ? k.held : undefined;
  }

  /** What the customer's holds are once the transaction that took their lock at `version` commits. */
  remember(userId: number, version: number, held: bigint): void {
    // Re-inserted, so the Map's order is the order of the last writes.
    this.known.delete(userId);
    this.known.set(userId, { version, held });
    if (this.known.size > this.max) {
      const oldest = this.known.keys().next();
      if (!oldest.done) this.known.delete(oldest.value);
    }
  }

  forget(userIds: Iterable<number>): void {
    for (const id of userIds) this.known.delete(id);
  }
}
