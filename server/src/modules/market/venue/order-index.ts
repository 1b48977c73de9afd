// The open orders of a book by arrival sequence number, for cancels and fills. Sequence
// numbers are dense and rising, so the index is an array of fixed-size chunks rather than a
// Map: a Map of tens of thousands of open orders put every insert, look-up and delete on a
// random cache line of its hash table (some 8% of the venue bench's time), where here a new
// order goes next to the previous one. A chunk is dropped once every order in it
// has left the book, so memory follows the open orders (plus the part of a chunk that a
// long-resting order keeps alive), not the day's order count.
import type { BookOrder } from './types';

const CHUNK_BITS = 10;
const CHUNK = 1 << CHUNK_BITS;

export class OrderIndex {
  private readonly chunks: Array<Array<BookOrder | undefined> | undefined> = [];
  /** Open orders per chunk. */
  private readonly counts: number[] = [];

  /** The open order with sequence number `seq` (any number: ids come from outside). */
  get(seq: number): BookOrder | undefined {
    if (!Number.isInteger(seq) || seq < 0 || seq >= 2 ** 31) return undefined;
    return this.chunks[seq >>> CHUNK_BITS]?.[seq & (CHUNK - 1)];
  }

  /** Add an order, or replace the entry of its sequence number. */
  set(order: BookOrder): void {
    const c = order.seq >>> CHUNK_BITS;
    while (this.counts.length <= c) {
      this.counts.push(0);
      this.chunks.push(undefined);
    }
    let chunk = this.chunks[c];
    if (chunk === undefined) {
      chunk = new Array<BookOrder | undefined>(CHUNK).fill(undefined);
      this.chunks[c] = chunk;
    }
    const i = order.seq & (CHUNK - 1);
    if (chunk[i] === undefined) this.counts[c] = (this.counts[c] as number) + 1;
    chunk[i] = order;
  }

  delete(seq: number): void {
    const c = seq >>> CHUNK_BITS;
    const chunk = this.chunks[c];
    const i = seq & (CHUNK - 1);
    if (chunk === undefined || chunk[i] === undefined) return;
    chunk[i] = undefined;
    const left = (this.counts[c] as number) - 1;
    this.counts[c] = left;
    if (left === 0) this.chunks[c] = undefined;
  }
}
