// Who gets what in an Itayose. Orders are treated as simultaneous (§2.5), so within one
// priority group (all market orders of a side, or all limit orders at one price) time
// does not rank them: the shares are dealt out lot by lot in turn, which approximates
// JPX's unit-by-unit allocation. Groups are served in price priority: market orders, then
// better prices first.
import type { BookOrder } from './types';

export interface Allocation {
  order: BookOrder;
  quantity: number;
}

/** Deal `total` shares over `groups` (priority order), whole groups first. */
export function allocate(groups: readonly BookOrder[][], total: number, lot: number): Allocation[] {
  const out: Allocation[] = [];
  let left = total;
  for (const group of groups) {
    if (left <= 0) break;
    const open = group.reduce((acc, o) => acc + o.remaining, 0);
    if (open <= left) {
      for (const o of group) if (o.remaining > 0) out.push({ order: o, quantity: o.remaining });
      left -= open;
      continue;
    }
    out.push(...dealInTurn(group, left, lot));
    left = 0;
  }
  return out;
}

/** Round-robin in lots over a group that cannot be filled whole; arrival order breaks the last round. */
function dealInTurn(group: readonly BookOrder[], total: number, lot: number): Allocation[] {
  const orders = [...group].filter((o) => o.remaining > 0).sort((a, b) => a.seq - b.seq);
  const given = new Map<BookOrder, number>();
  let leftLots = Math.floor(total / lot);
  let active = orders;
  while (leftLots > 0 && active.length > 0) {
    const perOrder = Math.floor(leftLots / active.length);
    if (perOrder === 0) {
      for (const o of active.slice(0, leftLots)) given.set(o, (given.get(o) ?? 0) + lot);
      leftLots = 0;
      break;
    }
    for (const o of active) {
      const openLots = (o.remaining - (given.get(o) ?? 0)) / lot;
      const take = Math.min(perOrder, openLots);
      given.set(o, (given.get(o) ?? 0) + take * lot);
      leftLots -= take;
    }
    active = active.filter((o) => o.remaining - (given.get(o) ?? 0) > 0);
  }
  return orders.filter((o) => (given.get(o) ?? 0) > 0).map((o) => ({ order: o, quantity: given.get(o) as number }));
}
