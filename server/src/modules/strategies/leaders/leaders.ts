// Leader opt-in and the published strategies (docs/strategies.md "Leaders"). Eligibility is checked
// against the published rules on the record computed from the leader's own fills; each refusal
// names the rule, the figure and the limit.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { StrategySort, StrategyView, strategyOptInFormSchema } from '@kabuto/shared-sdk/schemas';
import type { z } from 'zod';
import type { Database } from '../../../db/client';
import { ok, type OkEnvelope } from '../../../http/envelope';
import { refuse, rememberAnswer, replayIfSeen, type IdempotentRequest } from '../../funds';
import { users } from '../../identity';
import { tradingPositions } from '../../trading';
import type { StrategiesDeps } from '../deps';
import { algorithmViewsOf } from '../algorithms/algorithms';
import { followerResultsOf } from '../followers/results';
import { computeRecord, recordInput } from '../records/record';
import { copierClosures } from '../records/risk-closure';
import { storedRecords } from '../records/stored';
import { strategies, strategyFollowings, type StrategyRow } from '../schema';

type OptInForm = z.output<typeof strategyOptInFormSchema>;

/** The first published rule the leader breaks, as the refusal's figures; null when eligible. */
export async function eligibilityRefusal(deps: StrategiesDeps, db: Database, leaderId: number): Promise<Record<string, unknown> | null> {
  const rules = deps.config.leader;
  const record = computeRecord(await recordInput(deps, db, leaderId), deps.config);
  if (record.daysLive < rules.minHistoryDays) return { rule: 'history-days', days: record.daysLive, minimum: rules.minHistoryDays };
  if (record.riskScore > rules.maxRiskScore) return { rule: 'risk-score', riskScore: record.riskScore, maximum: rules.maxRiskScore };
  const [lev] = await db
    .select({ max: sql<number | null>`max(${tradingPositions.leverageTenths})` })
    .from(tradingPositions)
    .where(and(eq(tradingPositions.userId, leaderId), inArray(tradingPositions.status, ['pending', 'holding', 'closing'])));
  const maxTenths = lev?.max ?? 10;
  if (maxTenths > rules.maxLeverageTenths)
    return { rule: 'max-leverage', leverage: (maxTenths / 10).toFixed(1), maximum: (rules.maxLeverageTenths / 10).toFixed(1) };
  return null;
}

export async function strategyView(deps: StrategiesDeps, db: Database, row: StrategyRow): Promise<StrategyView> {
  const [view] = await strategyViews(deps, db, [row]);
  if (!view) throw new Error(`strategy ${row.id} has no view`);
  return view;
}

/**
 * The views of any number of strategies in a bounded number of statements: the records come from
 * the stored rows (records/stored.ts), the followers' results from three batched reads.
 */
export async function strategyViews(deps: StrategiesDeps, db: Database, rows: readonly StrategyRow[]): Promise<StrategyView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const leaders = await db
    .select({ id: users.id, account: users.account })
    .from(users)
    .where(
      inArray(
        users.id,
        rows.map((r) => r.leaderId),
      ),
    );
  const accounts = new Map(leaders.map((l) => [l.id, l.account]));
  const records = await storedRecords(deps, db, rows);
  const followers = await followerResultsOf(deps, db, ids);
  const algorithms = await algorithmViewsOf(deps, db, ids);
  // After storedRecords: today's at-close record, stored just now after the close, counts too.
  const closures = await copierClosures(
    deps,
    db,
    rows.filter((r) => r.status === 'active').map((r) => r.id),
  );
  return rows.map((row) => {
    const stored = records.get(row.id);
    const results = followers.get(row.id);
    if (!stored || !results) throw new Error(`strategy ${row.id} has no record`);
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      riskNotes: row.riskNotes,
      status: row.status,
      leaderAccount: accounts.get(row.leaderId) ?? '',
      publishedAt: row.publishedAt.toISOString(),
      retiredAt: row.retiredAt?.toISOString() ?? null,
      followers: results.inProgress,
      record: stored.record,
      asOf: stored.asOf,
      feeModel: row.feeModel,
      profitSharePercent: row.feeModel === 'profit-share' ? row.profitSharePercent : null,
      followerResults: results,
      simulated: true,
      closedToNewCopiers: row.status === 'active' ? (closures.get(row.id) ?? null) : null,
      ...(algorithms.get(row.id) ?? { kind: 'leader' as const, algorithm: null }),
    };
  });
}

export async function strategyById(db: Database, id: number): Promise<StrategyRow> {
  const [row] = await db.select().from(strategies).where(eq(strategies.id, id)).limit(1);
  if (!row) refuse(MSG.productNotFound, { rule: 'strategy', id });
  return row;
}

export async function optIn(deps: StrategiesDeps, leader: { id: number }, form: OptInForm): Promise<OkEnvelope<StrategyView>> {
  const request: IdempotentRequest = {
    userId: leader.id,
    key: form.idempotencyKey,
    action: 'strategy.optIn',
    params: { name: form.name, feeModel: form.feeModel },
  };
  const seen = await replayIfSeen<{ id: number }>(deps.db, request);
  if (seen) return ok({ ...(await strategyView(deps, deps.db, await strategyById(deps.db, seen.data.id))), replayed: true as const }, seen.msg);
  const [mine] = await deps.db.select({ id: strategies.id }).from(strategies).where(eq(strategies.leaderId, leader.id)).limit(1);
  if (mine) refuse(MSG.strategyAlreadyPublished, { rule: 'one-strategy-per-leader', id: mine.id });
  const refusal = await eligibilityRefusal(deps, deps.db, leader.id);
  if (refusal) refuse(MSG.strategyNotEligible, refusal);
  const id = await deps.db.transaction(async (tx) => {
    const again = await replayIfSeen<{ id: number }>(tx, request);
    if (again) return again.data.id;
    const [row] = await tx
      .insert(strategies)
      .values({
        leaderId: leader.id,
        name: form.name,
        description: form.description,
        riskNotes: form.riskNotes,
        feeModel: form.feeModel,
        profitSharePercent: form.feeModel === 'profit-share' ? deps.config.profitShare.percent : null,
        status: 'active',
        publishedAt: deps.businessClock.now(),
      })
      .onConflictDoNothing()
      .returning({ id: strategies.id });
    if (!row) refuse(MSG.strategyAlreadyPublished, { rule: 'one-strategy-per-leader' });
    await rememberAnswer(tx, deps.clock, request, { msg: MSG.operationSuccess, data: { id: row.id } });
    return row.id;
  });
  return ok(await strategyView(deps, deps.db, await strategyById(deps.db, id)), MSG.operationSuccess);
}

/** The leader retires their strategy: it stays listed with its record; its followings end (positions kept). */
export async function retire(deps: StrategiesDeps, leader: { id: number }): Promise<OkEnvelope<StrategyView>> {
  const [row] = await deps.db.select().from(strategies).where(eq(strategies.leaderId, leader.id)).limit(1);
  if (!row) refuse(MSG.productNotFound, { rule: 'strategy' });
  const now = deps.businessClock.now();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(strategies)
      .set({ status: 'retired', retiredAt: now })
      .where(and(eq(strategies.id, row.id), eq(strategies.status, 'active')));
    await tx
      .update(strategyFollowings)
      .set({ status: 'ended', endReason: 'strategyRetired', endedAt: now })
      .where(and(eq(strategyFollowings.strategyId, row.id), eq(strategyFollowings.status, 'inProgress')));
  });
  return ok(await strategyView(deps, deps.db, await strategyById(deps.db, row.id)), MSG.operationSuccess);
}

export interface StrategyListFilter {
  sort?: StrategySort;
  riskMax?: number;
  includeRetired?: boolean;
}

// Best first: return and followers descending, drawdown and risk ascending; ties newest first.
const SORT_KEYS: Record<StrategySort, (v: StrategyView) => number> = {
  return: (v) => -Number(v.record.twrPercent),
  drawdown: (v) => Number(v.record.maxDrawdownPercent),
  risk: (v) => v.record.riskScore,
  followers: (v) => -v.followers,
};

export async function listStrategies(deps: StrategiesDeps, filter: StrategyListFilter = {}): Promise<StrategyView[]> {
  const rows = await deps.db
    .select()
    .from(strategies)
    .where(filter.includeRetired === false ? eq(strategies.status, 'active') : undefined)
    .orderBy(desc(strategies.id));
  // The risk filter and the sort follow the stored records (records/stored.ts).
  const views = (await strategyViews(deps, deps.db, rows)).filter((v) => filter.riskMax === undefined || v.record.riskScore <= filter.riskMax);
  if (filter.sort) {
    const key = SORT_KEYS[filter.sort];
    views.sort((a, b) => key(a) - key(b) || b.id - a.id);
  }
  return views;
}
