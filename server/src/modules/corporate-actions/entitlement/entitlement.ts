// Who is entitled on a record date (docs/dividends.md "Entitlement"), worked out from the fills:
// a share counts when its buy traded on or before the last cum date (so it settles, T+2, by the
// record date [DV1][DV2]) and it was not sold on or before that day. Margin positions count the
// same way for 配当落調整金; a short is never entitled to the dividend. Pure: the sweep and the
// independent check both call it on the rows they read.
export interface FillFact {
  positionId: number;
  userId: number;
  product: 'cash' | 'margin';
  direction: 'long' | 'short';
  marginKind: 'standard' | 'general' | null;
  side: 'buy' | 'sell';
  quantity: number;
  /** JST trade date of the fill. */
  tradeDate: string;
}

export interface MarginEntitlement {
  positionId: number;
  userId: number;
  side: 'long' | 'short';
  marginKind: 'standard' | 'general';
  shares: number;
}

export interface Entitlements {
  /** Cash shares per customer held through the last cum date. */
  cash: Map<number, number>;
  /** Open margin shares per position at the last cum date. */
  margin: MarginEntitlement[];
}

/** A split of the issue: a fill traded before `effectiveDate` counts `ratio` times once it is in effect. */
export interface SplitFact {
  effectiveDate: string;
  ratio: number;
}

/** Shares each position had open at the close of `lastCumDate`, in that day's share terms. */
function openAt(fills: readonly FillFact[], lastCumDate: string, splits: readonly SplitFact[]): Map<number, { fact: FillFact; shares: number }> {
  const out = new Map<number, { fact: FillFact; shares: number }>();
  for (const f of fills) {
    if (f.tradeDate > lastCumDate) continue;
    const opens = (f.direction === 'long') === (f.side === 'buy');
    const entry = out.get(f.positionId) ?? { fact: f, shares: 0 };
    const factor = splits.reduce((k, x) => (x.effectiveDate > f.tradeDate && x.effectiveDate <= lastCumDate ? k * x.ratio : k), 1);
    entry.shares += (opens ? f.quantity : -f.quantity) * factor;
    out.set(f.positionId, entry);
  }
  return out;
}

export function entitlementsOf(fills: readonly FillFact[], lastCumDate: string, splits: readonly SplitFact[] = []): Entitlements {
  const cash = new Map<number, number>();
  const margin: MarginEntitlement[] = [];
  for (const [positionId, { fact, shares }] of openAt(fills, lastCumDate, splits)) {
    if (shares <= 0) continue;
    if (fact.product === 'cash') {
      if (fact.direction === 'long') cash.set(fact.userId, (cash.get(fact.userId) ?? 0) + shares);
      continue;
    }
    margin.push({ positionId, userId: fact.userId, side: fact.direction, marginKind: fact.marginKind ?? 'standard', shares });
  }
  margin.sort((a, b) => a.positionId - b.positionId);
  return { cash, margin };
}
