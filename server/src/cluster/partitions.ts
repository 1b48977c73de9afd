// Which venue partition holds an instrument (docs/trading.md §8, docs/operations.md "Cluster"):
// instruments are hashed to partitions by code, and every process of a cluster computes the same
// answer from the code and the partition count alone, with nothing to look up or keep in step.
// Partition 0 is the home partition: besides its instruments it runs the work that spans them
// (settlement, margin, IPO steps, dividends, strategies, alerts) and answers the venue's routes
// that name no instrument.

export interface VenuePartition {
  /** This process's partition (0 ≤ index < count). */
  index: number;
  /** How many partitions the cluster has (the same in every process). */
  count: number;
}

/** One process holding every instrument (npm start, a single-partition cluster). */
export const SINGLE_PARTITION: VenuePartition = { index: 0, count: 1 };

export const HOME_PARTITION = 0;
export const MAX_PARTITIONS = 64;

/**
 * FNV-1a (32-bit) of the code, modulo the count. A hash, not ranges of codes, so a sector or a
 * block of new listings (codes are issued in sequence) spreads over the partitions.
 */
export function partitionOf(code: string, count: number): number {
  if (count <= 1) return 0;
  let hash = 0x811c9dc5;
  for (let i = 0; i < code.length; i++) {
    hash ^= code.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % count;
}

export function ownsCode(partition: VenuePartition, code: string): boolean {
  return partitionOf(code, partition.count) === partition.index;
}
