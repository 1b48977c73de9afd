// Buying power = cash − holds, where unsettled sale proceeds still count (T+2: usable to buy,
// not to withdraw). Read inside the caller's (locked) transaction.
import type { Database } from '../../../db/client';
import { heldFor } from '../../funds';
import { ACCOUNT_KINDS } from '../../funds';
import { userAccountBalance } from '../../funds';
import type { TradingDeps } from '../deps';
import { HOLD_UNSETTLED } from '../settlement/holds';

export interface PowerFigures {
  cash: bigint;
  holds: { source: string; minor: bigint }[];
  buyingPower: bigint;
  withdrawable: bigint;
}

export async function powerFigures(deps: Pick<TradingDeps, 'funds'>, db: Database, userId: number): Promise<PowerFigures> {
  const cash = await userAccountBalance(db, userId, ACCOUNT_KINDS.customerCash, 'JPY');
  const held = await heldFor(deps.funds, db, userId, 'JPY');
  const unsettled = held.lines.filter((l) => l.source === HOLD_UNSETTLED).reduce((s, l) => s + l.minor, 0n);
  return { cash, holds: held.lines, buyingPower: cash - held.total + unsettled, withdrawable: cash - held.total };
}
