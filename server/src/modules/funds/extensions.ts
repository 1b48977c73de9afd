// Where other modules plug into the funds rules without the funds module knowing them:
// holds reduce `available` (open orders, margin of open positions, unsettled proceeds),
// blockers refuse a withdrawal outright (spec §6: "blocked while positions are held").
import type { MessageKey } from '@kabuto/shared-sdk/messages';
import type { CurrencyCode } from '@kabuto/shared-sdk/schemas';
import type { Database } from '../../db/client';

export interface HoldSource {
  /** Shown to the customer as the hold's name, e.g. 'open-orders', 'unsettled'. */
  name: string;
  /** Minor units of `currency` the user cannot use or withdraw now (≥ 0). */
  heldMinor(db: Database, userId: number, currency: CurrencyCode): Promise<bigint>;
}

export interface WithdrawalBlocker {
  name: string;
  /** A catalogue key, or `{special}` text that names the rule and the amount (messages/special.ts), to refuse with; null to allow. */
  check(db: Database, userId: number): Promise<MessageKey | { special: string } | null>;
}

export interface FundsExtensions {
  readonly holdSources: readonly HoldSource[];
  readonly withdrawalBlockers: readonly WithdrawalBlocker[];
  registerHoldSource(source: HoldSource): void;
  registerWithdrawalBlocker(blocker: WithdrawalBlocker): void;
}

export function createFundsExtensions(): FundsExtensions {
  const holdSources: HoldSource[] = [];
  const withdrawalBlockers: WithdrawalBlocker[] = [];
  return {
    holdSources,
    withdrawalBlockers,
    registerHoldSource: (source) => {
      holdSources.push(source);
    },
    registerWithdrawalBlocker: (blocker) => {
      withdrawalBlockers.push(blocker);
    },
  };
}

export interface HeldAmounts {
  total: bigint;
  lines: { source: string; minor: bigint }[];
}

export async function heldFor(ext: FundsExtensions, db: Database, userId: number, currency: CurrencyCode): Promise<HeldAmounts> {
  const lines: HeldAmounts['lines'] = [];
  let total = 0n;
  for (const source of ext.holdSources) {
    const minor = await source.heldMinor(db, userId, currency);
    if (minor < 0n) throw new Error(`hold source ${source.name} returned a negative hold`);
    if (minor > 0n) lines.push({ source: source.name, minor });
    total += minor;
  }
  return { total, lines };
}
