// Stored records (docs/strategies.md "Stored records"). A read of the list or a detail takes each
// strategy's record from strategy_record_snapshots when the stored row is of today's business date
// and was computed from the leader's current last fill and last cash posting; otherwise it computes
// it (records/record.ts, the same pure function strategy-verify runs from scratch) and stores it.
// Intraday price moves of the leader's holdings therefore show only after the next fill or cash
// posting, or after the close, when the sweep stores the day's record at closing prices.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { StrategyRecord } from '@kabuto/shared-sdk/schemas';
import type { Database } from '../../../db/client';
import { ACCOUNT_KINDS, ledgerAccounts, ledgerPostings } from '../../funds';
import { isBusinessDay, jstDateKey, sessionEvents } from '../../market';
import { tradingFills, tradingPositions } from '../../trading';
import type { StrategiesDeps } from '../deps';
import { strategies, type StrategyRow } from '../schema';
import { computeRecord, recordInput } from './record';
import { strategyRecordSnapshots } from './schema';

export interface StoredRecord {
  record: StrategyRecord;
  asOf: { at: string; businessDate: string; prices: 'lastInput' | 'close' };
}

/** True once the business date's closing auction has ended (or on a day without a session). */
export function afterClose(now: Date): boolean {
  const today = jstDateKey(now);
  if (!isBusinessDay(today)) return true;
  const close = sessionEvents(today).find((e) => e.kind === 'close');
  return close !== undefined && now >= close.at;
}

/** Each leader's last fill id and last cash posting id: what a stored record must have been computed from. */
async function inputKeys(db: Database, leaderIds: number[]): Promise<{ fills: Map<number, number>; postings: Map<number, bigint> }> {
  // The same rows recordInputAt reads (cash positions' fills, the JPY cash account's postings).
  const fills = await db
    .select({ userId: tradingFills.userId, last: sql<number>`max(${tradingFills.id})::int` })
    .from(tradingFills)
    .innerJoin(tradingPositions, eq(tradingPositions.id, tradingFills.positionId))
    .where(and(inArray(tradingFills.userId, leaderIds), eq(tradingPositions.product, 'cash')))
    .groupBy(tradingFills.userId);
  const postings = await db
    .select({ userId: ledgerAccounts.userId, last: sql<string>`max(${ledgerPostings.id})::text` })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(and(inArray(ledgerAccounts.userId, leaderIds), eq(ledgerAccounts.kind, ACCOUNT_KINDS.customerCash), eq(ledgerAccounts.currency, 'JPY')))
    .groupBy(ledgerAccounts.userId);
  return {
    fills: new Map(fills.map((f) => [f.userId, f.last])),
    postings: new Map(postings.flatMap((p) => (p.userId === null ? [] : [[p.userId, BigInt(p.last)] as const]))),
  };
}

/**
 * strategyId → its record as of now: read from the stored rows, computed and stored only for those
 * whose inputs changed since (a fill, a cash posting, a new date, the close). Four statements when
 * nothing changed, whatever the number of strategies.
 */
export async function storedRecords(
  deps: Pick<StrategiesDeps, 'venue' | 'businessClock' | 'clock' | 'config'>,
  db: Database,
  rows: readonly Pick<StrategyRow, 'id' | 'leaderId'>[],
): Promise<Map<number, StoredRecord>> {
  const out = new Map<number, StoredRecord>();
  if (rows.length === 0) return out;
  const now = deps.businessClock.now();
  const today = jstDateKey(now);
  const atClose = afterClose(now);
  const stored = await db
    .select()
    .from(strategyRecordSnapshots)
    .where(
      and(
        eq(strategyRecordSnapshots.businessDate, today),
        inArray(
          strategyRecordSnapshots.strategyId,
          rows.map((r) => r.id),
        ),
      ),
    );
  const byId = new Map(stored.map((s) => [s.strategyId, s]));
  const keys = await inputKeys(
    db,
    rows.map((r) => r.leaderId),
  );
  for (const row of rows) {
    const lastFillId = keys.fills.get(row.leaderId) ?? 0;
    const lastPostingId = keys.postings.get(row.leaderId) ?? 0n;
    const s = byId.get(row.id);
    if (s && s.lastFillId === lastFillId && s.lastPostingId === lastPostingId && (s.atClose || !atClose)) {
      out.set(row.id, { record: s.record, asOf: { at: s.computedAt.toISOString(), businessDate: today, prices: s.atClose ? 'close' : 'lastInput' } });
      continue;
    }
    const input = await recordInput(deps, db, row.leaderId);
    const prices: Record<string, number> = {};
    const {
      equityYen: _e,
      daily: _d,
      ...record
    } = computeRecord(
      {
        ...input,
        lastPrice: (code) => {
          const price = input.lastPrice(code);
          if (price !== null) prices[code] = price;
          return price;
        },
      },
      deps.config,
    );
    const computedAt = now;
    // Keyed by what was read: a fill written between the key read and the inputs is in both.
    const key = { lastFillId: input.lastFillId ?? lastFillId, lastPostingId: input.lastPostingId ?? lastPostingId };
    await db
      .insert(strategyRecordSnapshots)
      .values({ strategyId: row.id, businessDate: today, ...key, atClose, record, prices, computedAt })
      .onConflictDoUpdate({
        target: [strategyRecordSnapshots.strategyId, strategyRecordSnapshots.businessDate],
        set: { ...key, atClose, record, prices, computedAt },
      });
    out.set(row.id, { record, asOf: { at: computedAt.toISOString(), businessDate: today, prices: atClose ? 'close' : 'lastInput' } });
  }
  return out;
}

/** The close sweep: after the close, stores every strategy's record of the day at closing prices (once a day each). */
export async function storeRecordsAtClose(deps: Pick<StrategiesDeps, 'venue' | 'businessClock' | 'clock' | 'config' | 'db'>): Promise<number> {
  if (!afterClose(deps.businessClock.now())) return 0;
  const today = jstDateKey(deps.businessClock.now());
  const due = await deps.db
    .select({ id: strategies.id, leaderId: strategies.leaderId })
    .from(strategies)
    .leftJoin(
      strategyRecordSnapshots,
      and(eq(strategyRecordSnapshots.strategyId, strategies.id), eq(strategyRecordSnapshots.businessDate, today), eq(strategyRecordSnapshots.atClose, true)),
    )
    .where(sql`${strategyRecordSnapshots.strategyId} is null`);
  await storedRecords(deps, deps.db, due);
  return due.length;
}
