// Which venue partition answers a forwarded request (forward.ts): the one holding the instrument
// the request is about, so an order is entered, cancelled and answered where its book is. A
// request naming a code goes to its partition; one naming a position or a conditional order goes
// to the partition of that row's instrument (one primary-key read); everything else (lists,
// account figures, IPOs, strategies, operator calls) to the home partition. A request that lands
// on another partition is still right, only slower: that partition's engine hands the venue steps
// to the holding one (partition-orders.ts).
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { tradingConditionalOrders, tradingPositions } from '../modules/trading';
import { HOME_PARTITION, partitionOf } from './partitions';

/** Routes whose `id` names a position (their order is the position's opening or closing order). */
const POSITION_ROUTES = new Set(['/api/vue/trade/cancel', '/api/vue/trade/close', '/api/vue/trade/cancelClose']);
/** Routes whose `id` names a conditional order (its legs' group). */
const CONDITIONAL_ROUTES = new Set(['/api/vue/trade/conditional/cancel']);

/** The form fields a request carries: its query, and its body when it is JSON or URL-encoded. */
export function formFields(url: string, contentType: string | undefined, body: Buffer): Record<string, unknown> {
  const fields: Record<string, unknown> = Object.fromEntries(new URL(url, 'http://venue').searchParams);
  if (body.length === 0) return fields;
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase();
  try {
    if (type === 'application/json') {
      const parsed: unknown = JSON.parse(body.toString('utf8'));
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) Object.assign(fields, parsed);
    } else if (type === 'application/x-www-form-urlencoded') {
      Object.assign(fields, Object.fromEntries(new URLSearchParams(body.toString('utf8'))));
    }
  } catch {
    // A body the venue will refuse anyway: any partition answers the refusal.
  }
  return fields;
}

const positiveId = (value: unknown): number | null => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,15}$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** `mayRead`: may a row be read to find the instrument (the request carries a session)? */
export async function partitionForRequest(db: Database, count: number, route: string, fields: Record<string, unknown>, mayRead = true): Promise<number> {
  if (count <= 1) return HOME_PARTITION;
  const code = typeof fields.code === 'string' ? fields.code.trim() : '';
  if (code) return partitionOf(code, count);
  const id = positiveId(fields.id);
  if (id === null || !mayRead) return HOME_PARTITION;
  if (POSITION_ROUTES.has(route)) {
    const [row] = await db.select({ code: tradingPositions.code }).from(tradingPositions).where(eq(tradingPositions.id, id)).limit(1);
    return row ? partitionOf(row.code, count) : HOME_PARTITION;
  }
  if (CONDITIONAL_ROUTES.has(route)) {
    const [row] = await db
      .select({ code: tradingConditionalOrders.code })
      .from(tradingConditionalOrders)
      .where(eq(tradingConditionalOrders.groupId, id))
      .limit(1);
    return row ? partitionOf(row.code, count) : HOME_PARTITION;
  }
  return HOME_PARTITION;
}
