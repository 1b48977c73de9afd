// A short per-process memory of checked credentials (customer sessions, operator credentials):
// the check is a database round trip that would otherwise run on every call. An entry lives
// `ttlMs` of real time at most; a change to what a credential grants forgets the entries it
// touches at once, so it is honoured on the next call.
//
// Changes made inside a transaction forget before their commit, so a call in between could
// read the old row and remember it: every forget bumps a generation, and a row read while any
// forget happened is not remembered. Callers that change a credential in a transaction forget
// again after the commit.
//
// Concurrent checks of one credential share one read (`load`). Under load a read can take
// longer than the entry lives; without sharing, every call arriving meanwhile reads too, and
// the reads then slow every call further (measured on the support chat bench: as many
// session reads as calls once calls took seconds, docs/support.md §6).

interface Entry<V> {
  value: V;
  until: number;
}

/** Entries kept at most; the oldest go first (a Map iterates in insertion order). */
const MAX_ENTRIES = 10_000;

export class CheckedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly reading = new Map<string, Promise<V | undefined>>();
  private forgets = 0;

  /** ttlMs 0 or less: off (nothing remembered, nothing shared). */
  constructor(readonly ttlMs: number) {}

  get(key: string): V | undefined {
    if (this.ttlMs <= 0) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (performance.now() >= entry.until) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /**
   * The remembered value of `key`, else `read()`'s, shared with every concurrent caller of the
   * same key; remembered when `keep(value)` and no forget happened during the read.
   */
  async load(key: string, read: () => Promise<V | undefined>, keep: (value: V) => boolean = () => true): Promise<V | undefined> {
    const known = this.get(key);
    if (known !== undefined) return known;
    if (this.ttlMs <= 0) return read();
    const pending = this.reading.get(key);
    if (pending) return pending;
    const generation = this.forgets;
    const started = read().then((value) => {
      if (value !== undefined && keep(value)) this.set(key, value, generation);
      return value;
    });
    this.reading.set(key, started);
    try {
      return await started;
    } finally {
      // A forget during the read may have let a newer read start: keep that one.
      if (this.reading.get(key) === started) this.reading.delete(key);
    }
  }

  /** Take before reading a value; pass to set(). */
  generation(): number {
    return this.forgets;
  }

  set(key: string, value: V, readAtGeneration: number): void {
    // Something was forgotten while the row was read: it may predate that change.
    if (this.ttlMs <= 0 || readAtGeneration !== this.forgets) return;
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, until: performance.now() + this.ttlMs });
  }

  /** Forgets every entry `matches` names, and every read in flight (they may predate the change). */
  forget(matches: (value: V) => boolean): void {
    this.forgets += 1;
    this.reading.clear();
    for (const [key, entry] of this.entries) if (matches(entry.value)) this.entries.delete(key);
  }

  clear(): void {
    this.forgets += 1;
    this.reading.clear();
    this.entries.clear();
  }
}
