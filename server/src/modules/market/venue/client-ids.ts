// The client order ids customers have used today, for the once-a-day rule of customer order
// entry. The table gains an entry per order and lives all day; kept as strings in per-owner
// sets it cost about half of entering an order at venue rates (every id string copied by the
// young-generation GC, then a chain of cache misses per look-up). Ids that are a prefix plus
// a canonical decimal number (the trading module's `k${orderId}`, most clients' counters)
// are kept instead as (owner, number) pairs in one flat open-addressing table outside the GC
// heap; any other id is kept as its string. Each owner's prefix is fixed by its first
// numbered id, so whether an id is stored as a number depends on the id alone: no two ids of
// one owner can meet in the same slot.

/** Longest digit run kept as a number: 9 digits stay below 2^30. */
const MAX_DIGITS = 9;
const INITIAL_SLOTS = 1024;

export class ClientOrderIds {
  private readonly owners = new Map<string, number>();
  /** Per owner index: the prefix of its numbered ids, once one has been seen. */
  private readonly prefixes: Array<string | null> = [];
  /** Per owner index: ids that are not `${prefix}${number}`. */
  private readonly others: Array<Set<string> | undefined> = [];
  /** Slot i holds owner index + 1 at 2i (0 = empty) and the number at 2i + 1. */
  private slots = new Int32Array(INITIAL_SLOTS * 2);
  private used = 0;

  has(ownerId: string, clientOrderId: string): boolean {
    const owner = this.owners.get(ownerId);
    if (owner === undefined) return false;
    const n = numberOf(clientOrderId, this.prefixes[owner] ?? null);
    if (n < 0) return this.others[owner]?.has(clientOrderId) ?? false;
    return this.slots[this.slotOf(owner, n)] !== 0;
  }

  add(ownerId: string, clientOrderId: string): void {
    let owner = this.owners.get(ownerId);
    if (owner === undefined) {
      owner = this.prefixes.length;
      this.owners.set(ownerId, owner);
      this.prefixes.push(null);
      this.others.push(undefined);
    }
    if (this.prefixes[owner] === null) {
      const start = digitStart(clientOrderId);
      if (start >= 0) this.prefixes[owner] = clientOrderId.slice(0, start);
    }
    const n = numberOf(clientOrderId, this.prefixes[owner] ?? null);
    if (n < 0) {
      let set = this.others[owner];
      if (set === undefined) {
        set = new Set();
        this.others[owner] = set;
      }
      set.add(clientOrderId);
      return;
    }
    const slot = this.slotOf(owner, n);
    if (this.slots[slot] !== 0) return;
    this.slots[slot] = owner + 1;
    this.slots[slot + 1] = n;
    this.used += 1;
    // Keep the table at most half full so probe runs stay short.
    if (this.used * 2 > this.slots.length / 2) this.grow();
  }

  /** The slot (even index) holding (owner, n), or the empty slot where it would go. */
  private slotOf(owner: number, n: number): number {
    const mask = this.slots.length / 2 - 1;
    let i = hash(owner, n) & mask;
    for (;;) {
      const o = this.slots[2 * i] as number;
      if (o === 0 || (o === owner + 1 && this.slots[2 * i + 1] === n)) return 2 * i;
      i = (i + 1) & mask;
    }
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Int32Array(old.length * 2);
    for (let i = 0; i < old.length; i += 2) {
      const o = old[i] as number;
      if (o === 0) continue;
      const slot = this.slotOf(o - 1, old[i + 1] as number);
      this.slots[slot] = o;
      this.slots[slot + 1] = old[i + 1] as number;
    }
  }
}

function hash(owner: number, n: number): number {
  let h = Math.imul(owner, 0x9e3779b1) ^ Math.imul(n, 0x85ebca77);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  return (h ^ (h >>> 12)) >>> 0;
}

/** The number of `id` when it is `${prefix}${n}` written canonically, else -1. */
function numberOf(id: string, prefix: string | null): number {
  if (prefix === null) return -1;
  const start = digitStart(id);
  if (start !== prefix.length || !id.startsWith(prefix)) return -1;
  let n = 0;
  for (let i = start; i < id.length; i++) n = n * 10 + (id.charCodeAt(i) - 48);
  return n;
}

/** Where the trailing canonical number of `id` starts (1–9 digits, no leading zero), or -1. */
function digitStart(id: string): number {
  let i = id.length;
  while (i > 0) {
    const c = id.charCodeAt(i - 1);
    if (c < 48 || c > 57) break;
    i--;
  }
  const digits = id.length - i;
  if (digits === 0 || digits > MAX_DIGITS) return -1;
  if (digits > 1 && id.charCodeAt(i) === 48) return -1;
  return i;
}
