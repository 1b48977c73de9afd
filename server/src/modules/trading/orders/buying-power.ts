// Buying power = cash − holds, where unsettled sale proceeds still count (T+2: usable to buy,
// not to withdraw). Read inside the caller's (locked) transaction.
import type { Database } from '../../../db/client';
import { cashAndHeldOf, type CashAndHeld } from '../../funds';
import { ACCOUNT_KINDS } from '../../funds';
import type { TradingDeps } from '../deps';
import { HOLD_UNSETTLED } from '../settlement/holds';

export interface PowerFigures {
  cash: bigint;
  holds: { source: string; minor: bigint }[];
  buyingPower: bigint;
  withdrawable: bigint;
}

function figuresOf({ cash, held }: CashAndHeld): PowerFigures {
  const unsettled = held.lines.filter((l) => l.source === HOLD_UNSETTLED).reduce((s, l) => s + l.minor, 0n);
  return { cash, holds: held.lines, buyingPower: cash - held.total + unsettled, withdrawable: cash - held.total };
}

export async function powerFigures(deps: Pick<TradingDeps, 'funds'>, db: Database, userId: number): Promise<PowerFigures> {
  return (await powerFiguresOf(deps, db, [userId])).get(userId) as PowerFigures;
}

/** Several customers' figures in one statement (a batch of placements reads them together). */
export async function powerFiguresOf(deps: Pick<TradingDeps, 'funds'>, db: Database, userIds: readonly number[]): Promise<Map<number, PowerFigures>> {
  const read = await cashAndHeldOf({ extensions: deps.funds }, db, userIds, ACCOUNT_KINDS.customerCash, 'JPY');
  return new Map([...read].map(([userId, figures]) => [userId, figuresOf(figures)]));
}
