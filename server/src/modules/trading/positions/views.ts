// The spec §3 order/position as the customer sees it, its detail (venue orders, fills with
// venue trade ids, ledger postings) and the paged list by tab and status.
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { PositionTab, StatusFilter, TradePosition, TradePositionDetail, TradePositionPage } from '@kabuto/shared-sdk/schemas';
import type { Database } from '../../../db/client';
import { ledgerAccounts, ledgerJournal, ledgerPostings } from '../../funds';
import { refuse } from '../../funds';
import type { TradingDeps } from '../deps';
import { lentQuantities } from '../extensions';
import { addFees, feeLines, feesFor, type FeeAmounts } from '../fees/fees';
import { jpy, leverageText, priceText } from '../money';
import { feeFree } from '../orders/engine';
import { tradingFills, tradingOrders, tradingPositions, type TradingOrderRow, type TradingPositionRow } from '../schema';
import { venueTradeIdOf } from '../venue-router';

const ZERO_FEES: FeeAmounts = { commission: 0n, serviceFee: 0n, buyFee: 0n, sellFee: 0n, stampDuty: 0n, total: 0n };

function avgPrice(valueTenths: bigint, quantity: number): string | null {
  if (quantity <= 0) return null;
  // Average in tenths, rounded half up, shown as yen with one decimal at most.
  return priceText(Number((valueTenths * 2n + BigInt(quantity)) / (2n * BigInt(quantity))));
}

function actionsOf(status: TradingPositionRow['status']): TradePosition['actions'] {
  if (status === 'pending') return ['cancel'];
  if (status === 'holding') return ['close'];
  if (status === 'closing') return ['cancelClose'];
  return [];
}

async function feesOf(db: Database, deps: Pick<TradingDeps, 'config'>, orders: TradingOrderRow[]): Promise<FeeAmounts> {
  // A schedule with no non-zero line charges nothing: no query (every order's answer asks).
  if (orders.length === 0 || feeFree(deps)) return ZERO_FEES;
  const rows = await db
    .select({ orderId: tradingFills.orderId, value: sql<string>`sum(${tradingFills.price}::bigint * ${tradingFills.quantity})::text` })
    .from(tradingFills)
    .where(
      inArray(
        tradingFills.orderId,
        orders.map((o) => o.id),
      ),
    )
    .groupBy(tradingFills.orderId);
  let total = ZERO_FEES;
  for (const r of rows) {
    const order = orders.find((o) => o.id === r.orderId);
    if (order) total = addFees(total, feesFor(deps.config, order.side, (BigInt(r.value) + 9n) / 10n));
  }
  return total;
}

type ViewDeps = Pick<TradingDeps, 'db' | 'venue' | 'config'> & Partial<Pick<TradingDeps, 'extensions'>>;

export async function buildView(deps: ViewDeps, pos: TradingPositionRow, orders: TradingOrderRow[]): Promise<TradePosition> {
  const instrument = deps.venue.instrument(pos.code);
  const holding = pos.openQuantity - pos.closedQuantity;
  // Stock lending (credit's seam) lends cash longs only.
  const lent =
    deps.extensions && pos.product === 'cash' && pos.direction === 'long' && holding > 0
      ? ((await lentQuantities(deps.extensions, deps.db, [pos.id])).get(pos.id) ?? 0)
      : 0;
  const quote = deps.venue.quote(pos.code);
  const last = quote.last ?? quote.previousClose;
  const live = holding > 0 && (pos.status === 'holding' || pos.status === 'closing' || pos.status === 'pending');
  const heldCostTenths = pos.openValueTenths - pos.closedCostTenths;
  const marketTenths = BigInt(last) * BigInt(holding);
  const unrealised = live ? (pos.direction === 'long' ? marketTenths - heldCostTenths : heldCostTenths - marketTenths) / 10n : null;
  const pendingHold = orders.filter((o) => o.state === 'queued' || o.state === 'working').reduce((s, o) => s + o.hold, 0n);
  return {
    id: pos.id,
    orderNo: `K${String(pos.id).padStart(8, '0')}`,
    code: pos.code,
    name: instrument ? instrument.name : { tw: pos.code, jp: pos.code, en: pos.code },
    product: pos.product,
    marginKind: pos.marginKind,
    direction: pos.direction,
    orderType: pos.orderType,
    limitPrice: pos.limitPrice === null ? null : priceText(pos.limitPrice),
    tab: pos.tab,
    venue: orders.find((o) => o.kind === 'open')?.venue ?? 'tse',
    status: pos.status,
    leverage: leverageText(pos.leverageTenths),
    lots: Math.floor(pos.orderedQuantity / deps.config.lotShares),
    orderedQuantity: pos.orderedQuantity,
    filledQuantity: pos.openQuantity,
    holdingQuantity: holding,
    lentQuantity: lent,
    closedQuantity: pos.closedQuantity,
    openPrice: avgPrice(pos.openValueTenths, pos.openQuantity),
    closePrice: avgPrice(pos.closeValueTenths, pos.closedQuantity),
    totalCost: jpy(pos.openValueTenths / 10n),
    marketValue: live ? jpy(marketTenths / 10n) : null,
    lastPrice: priceText(last),
    realisedPnl: jpy(pos.realisedPnl),
    unrealisedPnl: unrealised === null ? null : jpy(unrealised),
    held: jpy(pos.marginHeld + pendingHold),
    interest: jpy(pos.interestPosted),
    fees: feeLines(await feesOf(deps.db, deps, orders)),
    openedAt: pos.createdAt.toISOString(),
    firstFillAt: pos.firstFillAt?.toISOString() ?? null,
    closedAt: pos.closedAt?.toISOString() ?? null,
    dueDate: pos.dueDate,
    endReason: pos.endReason,
    actions: actionsOf(pos.status),
    ...(pos.offAuction ? { offAuction: true as const } : {}),
    ...(pos.lockUpUntil !== null ? { lockUpUntil: pos.lockUpUntil } : {}),
    simulated: true,
  };
}

async function ownPosition(db: Database, id: number, userId: number): Promise<TradingPositionRow> {
  const [pos] = await db.select().from(tradingPositions).where(eq(tradingPositions.id, id)).limit(1);
  if (!pos || pos.userId !== userId) refuse(MSG.orderNotFound);
  return pos;
}

async function ordersOf(db: Database, positionId: number): Promise<TradingOrderRow[]> {
  return db.select().from(tradingOrders).where(eq(tradingOrders.positionId, positionId)).orderBy(asc(tradingOrders.id));
}

export async function positionView(deps: ViewDeps, id: number, userId: number): Promise<TradePosition> {
  const pos = await ownPosition(deps.db, id, userId);
  return buildView(deps, pos, await ordersOf(deps.db, pos.id));
}

export async function positionDetail(deps: ViewDeps, id: number, userId: number): Promise<TradePositionDetail> {
  const pos = await ownPosition(deps.db, id, userId);
  const orders = await ordersOf(deps.db, pos.id);
  const fills = await deps.db.select().from(tradingFills).where(eq(tradingFills.positionId, pos.id)).orderBy(asc(tradingFills.id));
  const postings = await deps.db
    .select({
      journalId: ledgerJournal.id,
      type: ledgerJournal.type,
      kind: ledgerAccounts.kind,
      userId: ledgerAccounts.userId,
      amount: ledgerPostings.amount,
      at: ledgerPostings.createdAt,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerJournal, eq(ledgerJournal.id, ledgerPostings.journalId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(eq(ledgerJournal.reference, `position:${pos.id}`))
    .orderBy(asc(ledgerPostings.id));
  const kindOf = new Map(orders.map((o) => [o.id, o.kind]));
  return {
    ...(await buildView(deps, pos, orders)),
    orders: orders.map((o) => ({
      id: o.id,
      kind: o.kind,
      side: o.side,
      orderType: o.orderType,
      price: o.price === null ? null : priceText(o.price),
      quantity: o.quantity,
      filledQuantity: o.filledQuantity,
      state: o.state,
      venueOrderId: o.venueOrderId,
      venue: o.venue,
      hold: jpy(o.hold),
      createdAt: o.createdAt.toISOString(),
      ...(pos.offAuction && o.kind === 'open' ? { offAuction: true as const } : {}),
    })),
    fills: fills.map((f) => ({
      // The venue's id, as its tape shows it (the stored one carries the venue start, venue-router.ts).
      tradeId: venueTradeIdOf(f.tradeId),
      kind: kindOf.get(f.orderId) === 'open' ? 'open' : 'close',
      side: f.side,
      price: priceText(f.price),
      quantity: f.quantity,
      auction: f.auction,
      venue: f.venue,
      ...(pos.offAuction && kindOf.get(f.orderId) === 'open' ? { offAuction: true as const } : {}),
      at: f.at.toISOString(),
    })),
    postings: postings.map((p) => ({
      journalId: p.journalId.toString(),
      type: p.type,
      account: p.userId === null ? `broker:${p.kind}` : p.kind,
      amount: jpy(p.amount),
      at: p.at.toISOString(),
    })),
  };
}

const STATUS_OF_FILTER: Record<StatusFilter, TradingPositionRow['status'][]> = {
  pending: ['pending'],
  holding: ['holding', 'closing'],
  closed: ['closed'],
  cancelled: ['cancelled'],
};

export async function listPositions(
  deps: ViewDeps,
  userId: number,
  tab: PositionTab,
  status: StatusFilter | undefined,
  page: number,
  size: number,
): Promise<TradePositionPage> {
  const where: SQL[] = [eq(tradingPositions.userId, userId)];
  if (tab === 'following') {
    // Order following is offered when a module opens positions by following (strategies):
    // the tab lists the customer's copied positions, whatever session they traded in.
    const sources = deps.extensions?.copiedPositionSources ?? [];
    if (sources.length === 0) return { list: [], page, size, total: 0, hasMore: false, tab, offered: false };
    const ids = new Set<number>();
    for (const source of sources) for (const id of await source.positionIds(deps.db, userId)) ids.add(id);
    if (ids.size === 0) return { list: [], page, size, total: 0, hasMore: false, tab, offered: true };
    where.push(inArray(tradingPositions.id, [...ids]));
  } else where.push(eq(tradingPositions.tab, tab));
  if (status) where.push(inArray(tradingPositions.status, STATUS_OF_FILTER[status]));
  const [count] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(tradingPositions)
    .where(and(...where));
  const rows = await deps.db
    .select()
    .from(tradingPositions)
    .where(and(...where))
    .orderBy(desc(tradingPositions.id))
    .limit(size)
    .offset((page - 1) * size);
  const list: TradePosition[] = [];
  for (const pos of rows) list.push(await buildView(deps, pos, await ordersOf(deps.db, pos.id)));
  const total = count?.n ?? 0;
  return { list, page, size, total, hasMore: page * size < total, tab, offered: true };
}
