// A customer's credit figures at one moment: collateral, line, outstanding, borrowable, ratio
// and state, read with one `db` (the caller's locked transaction when it decides on them).
import { and, eq } from 'drizzle-orm';
import type { CreditState } from '@kabuto/shared-sdk/schemas';
import type { Database } from '../../../db/client';
import { collateralOf, type Collateral } from '../collateral/collateral';
import type { CreditDeps } from '../deps';
import { ratioBpOf, stateOf } from '../monitor/ratio';
import { creditShortfalls, type CreditShortfallRow } from '../schema';
import { loanBalances, type LoanBalances } from './accounts';

export interface CreditFigures {
  collateral: Collateral;
  balances: LoanBalances;
  outstanding: bigint;
  /** line − outstanding, never below 0 [SL1]. */
  borrowable: bigint;
  ratioBp: number | null;
  state: CreditState;
  shortfall: CreditShortfallRow | null;
}

export async function creditFigures(deps: Pick<CreditDeps, 'config' | 'prices' | 'businessClock'>, db: Database, userId: number): Promise<CreditFigures> {
  const [collateral, balances, open] = await Promise.all([
    collateralOf(deps, db, userId),
    loanBalances(db, userId),
    db
      .select()
      .from(creditShortfalls)
      .where(and(eq(creditShortfalls.userId, userId), eq(creditShortfalls.state, 'open')))
      .limit(1),
  ]);
  const outstanding = balances.principal + balances.accrued;
  const borrowable = collateral.line > outstanding ? collateral.line - outstanding : 0n;
  let state = stateOf(deps.config, outstanding, collateral.value);
  const shortfall = open[0] ?? null;
  // An open notice stays until the ratio is back at the draw limit.
  if (shortfall && state === 'draw-stopped') state = 'shortfall';
  return { collateral, balances, outstanding, borrowable, ratioBp: ratioBpOf(outstanding, collateral.value), state, shortfall };
}
