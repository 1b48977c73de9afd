// Shares on loan per issue, for the loans' collateral (lent shares are not collateral).
import type { Database } from '../../../db/client';
import { lentByCode } from './service';

/** Shares of each issue the customer has out on loan (貸株) now. */
export async function lentSharesByCode(db: Database, userId: number): Promise<Map<string, number>> {
  return lentByCode(db, userId);
}
