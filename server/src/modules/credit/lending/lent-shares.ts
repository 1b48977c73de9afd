import type { Database } from '../../../db/client';

/** Shares of each issue the customer has out on loan (貸株); the lending service fills it. */
export async function lentSharesByCode(_db: Database, _userId: number): Promise<Map<string, number>> {
  return new Map();
}
