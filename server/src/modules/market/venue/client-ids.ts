// The client order ids customers have used today, for the once-a-day rule of customer order
// entry. The table gains an entry per order and lives all day; kept as strings in per-owner
// sets it cost about half of entering an order at venue rates (every id string copied by the
// young-generation GC, then a chain of cache misses per look-up). Ids that are a prefix plus
// a canonical decimal number (the trading module's `k${orderId}`, most clients' counters)
// are kept instead as small integers, which the GC copies but never traces; any other id is
// kept as its string. Each owner's prefix is fixed by its first numbered id, so whether an
// id is stored as a number depends on the id alone: no two ids of one owner can meet as the
// same number.
//
// An owner's numbers nearly always rise (the trading module numbers orders from one
// sequence), so each owner keeps them as an ascending list and its highest number in one
// dense array: a new id is a comparison with that number and an append to the owner's list.
// One hash table over all owners, as before, put every look-up on a random cache line of a
// table megabytes large and rehashed it as it grew: some 15% of the venue bench's time
// (has, grow), about half that now. Numbers that arrive below the owner's highest (requests
// overtaking each other) go to a small per-owner set instead.

/** Longest digit run kept as a number: 9 digits stay below 2^30. */
const MAX_DIGITS = 9;

export class ClientOrderIds {
  private readonly owners = new Map<string, number>();
  /** Per owner index: the prefix of its numbered ids, once one has been seen. */
  private readonly prefixes: Array<string | null> = [];
  /** Per owner index: ids that are not `${prefix}${number}`. */
  private readonly others: Array<Set<string> | undefined> = [];
  /** Per owner index: its numbers in ascending order (small integers: kept unboxed by V8). */
  private readonly rising: number[][] = [];
  /**
   * Per owner index: the last number of `rising`, or -1. One dense array, so telling a new
   * id from a used one does not touch the owner's list (a cache miss per order otherwise).
   */
  private readonly highest: number[] = [];
  /** Per owner index: numbers that came after a higher one of the same owner. */
  private readonly late: Array<Set<number> | undefined> = [];
  /** `has` and then `add` ask about the same owner: one map look-up serves both. */
  private lastOwnerId: string | null = null;
  private lastOwner = -1;

  has(ownerId: string, clientOrderId: string): boolean {
    const owner = this.ownerIndex(ownerId);
    if (owner < 0) return false;
    const n = numberOf(clientOrderId, this.prefixes[owner] ?? null);
    if (n < 0) return this.others[owner]?.has(clientOrderId) ?? false;
    if (n > (this.highest[owner] as number)) return false;
    return indexOf(this.rising[owner] as number[], n) >= 0 || (this.late[owner]?.has(n) ?? false);
  }

  add(ownerId: string, clientOrderId: string): void {
    let owner = this.ownerIndex(ownerId);
    if (owner < 0) {
      owner = this.prefixes.length;
      this.owners.set(ownerId, owner);
      this.prefixes.push(null);
      this.others.push(undefined);
      this.rising.push([]);
      this.highest.push(-1);
      this.late.push(undefined);
      this.lastOwnerId = ownerId;
      this.lastOwner = owner;
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
    const list = this.rising[owner] as number[];
    if (n <= (this.highest[owner] as number)) {
      if (indexOf(list, n) >= 0) return;
      let late = this.late[owner];
      if (late === undefined) {
        late = new Set();
        this.late[owner] = late;
      }
      late.add(n);
      return;
    }
    list.push(n);
    this.highest[owner] = n;
  }

  /** The owner's index, or -1 for an owner not seen today. */
  private ownerIndex(ownerId: string): number {
    if (ownerId === this.lastOwnerId) return this.lastOwner;
    const owner = this.owners.get(ownerId);
    if (owner === undefined) return -1;
    this.lastOwnerId = ownerId;
    this.lastOwner = owner;
    return owner;
  }
}

/** Where `n` is in the ascending `list`, or -1. */
function indexOf(list: readonly number[], n: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid] as number) < n) lo = mid + 1;
    else hi = mid;
  }
  return lo < list.length && list[lo] === n ? lo : -1;
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
