// Maintenance and margin calls (research §3.1). Per customer with margin positions:
//   equity = JPY cash + unrealised P&L of margin positions − interest/lending fee accrued so far
//   ratio  = equity / market value of the margin positions (last venue price)
// Below the call level (20 %): a margin call (追証) for the amount that restores the call level,
// due at noon JST two business days later, sent as site message + outbox (SMS copy) + push
// (outbox channel 'push') + live WS event. Met when
// the ratio is back at the call level. Unmet at the deadline, or below the hard floor at any
// time: every margin position is closed at market through the venue, audited and notified.
// 制度信用 positions are warned before, and closed at market on, their 6-month due date.
import { and, eq, gte, inArray, isNotNull, lte } from 'drizzle-orm';
import { sendNotice, sendPushNotice, storeSiteMessage, users } from '../../identity';
import { atJst, jstDateKey, nextBusinessDay, addDays } from '../../market';
import { writeAudit } from '../../ops';
import type { MarginCallView } from '@kabuto/shared-sdk/schemas';
import type { Notice } from '../../../notifications/templates';
import { SYSTEM_ACTOR, type TradingDeps } from '../deps';
import { jpy } from '../money';
import type { OrderEngine } from '../orders/engine';
import { openCloseOrder } from '../positions/actions';
import { tradingMarginCalls, tradingPositions } from '../schema';
import { bpText, callView } from './account';
import { maintenanceFor, type Maintenance } from './maintenance';

/** Noon JST of the n-th business day after `now`'s JST date. */
export function callDeadline(deps: Pick<TradingDeps, 'config'>, now: Date): Date {
  let d = jstDateKey(now);
  for (let i = 0; i < deps.config.margin.callDeadlineBusinessDays; i++) d = nextBusinessDay(d);
  return atJst(d, deps.config.margin.callDeadlineSecondOfDay);
}

function callNotice(amount: bigint, deadline: Date): Notice {
  const when = deadline.toISOString();
  return {
    kind: 'margin_call',
    title: { tw: '追加保證金通知', jp: '追証のお知らせ', en: 'Margin call' },
    body: {
      tw: `維持率低於標準。請於 ${when} 前入金 ¥${amount}，否則將強制平倉。`,
      jp: `委託保証金維持率が基準を下回りました。${when} までに ¥${amount} を入金してください。期限までに解消されない場合は強制決済します。`,
      en: `Your maintenance ratio fell below the call level. Deposit ¥${amount} by ${when}, or positions will be closed at market.`,
    },
  };
}

function liquidationNotice(reason: string): Notice {
  return {
    kind: 'forced_liquidation',
    title: { tw: '強制平倉通知', jp: '強制決済のお知らせ', en: 'Forced liquidation' },
    body: {
      tw: `融資持倉已按市價強制平倉（${reason}）。`,
      jp: `信用建玉を成行で強制決済しました（${reason}）。`,
      en: `Your margin positions were closed at market (${reason}).`,
    },
  };
}

function dueNotice(code: string, dueDate: string, closed: boolean): Notice {
  return {
    kind: 'margin_due',
    title: closed
      ? { tw: '制度信用到期平倉', jp: '制度信用の期日決済', en: 'Standard margin due: closed' }
      : { tw: '制度信用到期提醒', jp: '制度信用の期日のお知らせ', en: 'Standard margin due soon' },
    body: closed
      ? {
          tw: `${code} 的制度信用持倉已於到期日 ${dueDate} 按市價平倉。`,
          jp: `${code} の制度信用建玉は期日 ${dueDate} に成行で決済しました。`,
          en: `Your standard-margin position in ${code} reached its due date ${dueDate} and was closed at market.`,
        }
      : {
          tw: `${code} 的制度信用持倉將於 ${dueDate} 到期，請於到期前平倉。`,
          jp: `${code} の制度信用建玉は ${dueDate} が期日です。期日までに決済してください。`,
          en: `Your standard-margin position in ${code} is due on ${dueDate}. Close it before then.`,
        },
  };
}

/** Site message (the bell, live 'message' event) + outbox copy + push to the device: every margin notice is urgent. */
async function notify(deps: TradingDeps, userId: number, notice: Notice): Promise<void> {
  const [user] = await deps.db.select({ id: users.id, account: users.account }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return;
  // Dated in business time like the deadline its text names; the inbox sorts by it.
  await storeSiteMessage(deps.db, deps.businessClock, user, notice);
  await sendNotice(deps.notifications, user, notice);
  await sendPushNotice(deps.notifications, user, notice);
}

/** Close every holding margin position of the user at market (the venue fills it). */
async function liquidate(deps: TradingDeps, engine: OrderEngine, userId: number, reason: string, m: Maintenance): Promise<number> {
  let entered = 0;
  for (const p of m.positions) {
    if (p.status !== 'holding') continue;
    const orderId = await openCloseOrder(deps, engine, p, 'liquidation', 'market', null, null).catch(() => null);
    if (orderId === null) continue;
    entered++;
    await writeAudit(deps.db, deps.clock, SYSTEM_ACTOR, {
      action: 'trading.forced_liquidation',
      targetUserId: userId,
      reason,
      details: { positionId: p.id, orderId, code: p.code, ratioBp: m.ratioBp, equity: m.equity.toString(), positionValue: m.positionValue.toString() },
    });
  }
  return entered;
}

/** One pass of the margin rules for one customer. */
export async function checkMargin(deps: TradingDeps, engine: OrderEngine, userId: number): Promise<void> {
  const { db, config } = deps;
  const now = deps.businessClock.now();
  const m = await maintenanceFor(deps, db, userId);
  const [call] = await db
    .select()
    .from(tradingMarginCalls)
    .where(and(eq(tradingMarginCalls.userId, userId), eq(tradingMarginCalls.state, 'open')))
    .limit(1);
  if (m.ratioBp === null) {
    if (call) await db.update(tradingMarginCalls).set({ state: 'met', resolvedAt: deps.clock.now() }).where(eq(tradingMarginCalls.id, call.id));
    return;
  }
  const belowFloor = m.ratioBp < config.margin.hardFloorBp;
  const overdue = call !== undefined && now.getTime() >= call.deadline.getTime() && m.ratioBp < config.margin.callLevelBp;
  if (belowFloor || overdue) {
    const reason = belowFloor
      ? `maintenance ratio ${bpText(m.ratioBp)} below the hard floor ${bpText(config.margin.hardFloorBp)}`
      : `margin call unmet at the deadline ${call?.deadline.toISOString() ?? ''}`;
    const entered = await liquidate(deps, engine, userId, reason, m);
    if (entered === 0) return;
    let resolved = call;
    if (!resolved) {
      [resolved] = await db
        .insert(tradingMarginCalls)
        .values({ userId, amount: 0n, ratioBp: m.ratioBp, deadline: now, state: 'liquidated', createdAt: deps.clock.now(), resolvedAt: deps.clock.now() })
        .returning();
    } else {
      [resolved] = await db
        .update(tradingMarginCalls)
        .set({ state: 'liquidated', resolvedAt: deps.clock.now() })
        .where(eq(tradingMarginCalls.id, resolved.id))
        .returning();
    }
    await notify(deps, userId, liquidationNotice(reason));
    if (resolved) deps.events.publish(userId, { event: 'marginCall', data: { ...callView(resolved), action: 'liquidated' } });
    return;
  }
  if (call && m.ratioBp >= config.margin.callLevelBp) {
    const [met] = await db.update(tradingMarginCalls).set({ state: 'met', resolvedAt: deps.clock.now() }).where(eq(tradingMarginCalls.id, call.id)).returning();
    if (met) deps.events.publish(userId, { event: 'marginCall', data: { ...callView(met), action: 'met' } });
    return;
  }
  if (!call && m.ratioBp < config.margin.callLevelBp) {
    const need = (BigInt(config.margin.callLevelBp) * m.positionValue + 9_999n) / 10_000n - m.equity;
    const deadline = callDeadline(deps, now);
    const [made] = await db
      .insert(tradingMarginCalls)
      .values({ userId, amount: need > 0n ? need : 1n, ratioBp: m.ratioBp, deadline, state: 'open', createdAt: deps.clock.now() })
      .returning();
    if (!made) return;
    await notify(deps, userId, callNotice(made.amount, deadline));
    deps.events.publish(userId, { event: 'marginCall', data: { ...callView(made), action: 'called' } });
  }
}

/** A 制度信用 due-date event: no call amount; the deadline is the due date's close (15:30 JST). */
function dueEventData(deps: TradingDeps, dueDate: string): MarginCallView {
  return {
    id: 0,
    amount: jpy(0n),
    deadline: atJst(dueDate, 15 * 3600 + 30 * 60).toISOString(),
    state: 'open',
    ratioAtCall: '',
    createdAt: deps.clock.now().toISOString(),
  };
}

/** 制度信用: warn `expiryWarningDays` before the due date; close at market on it. */
export async function checkDueDates(deps: TradingDeps, engine: OrderEngine): Promise<void> {
  const today = jstDateKey(deps.businessClock.now());
  const warnBy = addDays(today, deps.config.margin.expiryWarningDays);
  const due = await deps.db
    .select()
    .from(tradingPositions)
    .where(and(isNotNull(tradingPositions.dueDate), eq(tradingPositions.status, 'holding'), lte(tradingPositions.dueDate, warnBy)));
  for (const p of due) {
    if (!p.dueDate) continue;
    if (p.dueDate <= today) {
      const orderId = await openCloseOrder(deps, engine, p, 'liquidation', 'market', null, null).catch(() => null);
      if (orderId === null) continue;
      await deps.db.update(tradingPositions).set({ endReason: 'due' }).where(eq(tradingPositions.id, p.id));
      await writeAudit(deps.db, deps.clock, SYSTEM_ACTOR, {
        action: 'trading.due_close',
        targetUserId: p.userId,
        reason: `standard margin due date ${p.dueDate}`,
        details: { positionId: p.id, orderId, code: p.code },
      });
      await notify(deps, p.userId, dueNotice(p.code, p.dueDate, true));
      deps.events.publish(p.userId, { event: 'marginCall', data: { ...dueEventData(deps, p.dueDate), action: 'due-closed' } });
    } else if (!p.dueWarned) {
      await deps.db.update(tradingPositions).set({ dueWarned: true }).where(eq(tradingPositions.id, p.id));
      await notify(deps, p.userId, dueNotice(p.code, p.dueDate, false));
      deps.events.publish(p.userId, { event: 'marginCall', data: { ...dueEventData(deps, p.dueDate), action: 'expiry-warning' } });
    }
  }
}

/** Every customer with open margin positions. */
export async function sweepMargin(deps: TradingDeps, engine: OrderEngine): Promise<void> {
  const rows = await deps.db
    .selectDistinct({ userId: tradingPositions.userId })
    .from(tradingPositions)
    .where(and(eq(tradingPositions.product, 'margin'), inArray(tradingPositions.status, ['holding', 'closing']), gte(tradingPositions.openQuantity, 1)));
  for (const r of rows) await checkMargin(deps, engine, r.userId);
  await checkDueDates(deps, engine);
}
