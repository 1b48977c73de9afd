// Creating, editing, deleting and listing alerts (docs/api/price-alerts.md). Every check of the
// rule happens before anything is written; a refusal names the rule (and, where the catalogue
// text carries it, the published number). The per-customer maximum is counted under a lock on
// the customer's row, so two parallel creates cannot both take the last place.
import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import {
  PRICE_ALERT_MAX_ACTIVE,
  PRICE_ALERT_MOVE_MAX_PERCENT,
  PRICE_ALERT_MOVE_MIN_PERCENT,
  type PriceAlertDirection,
  type PriceAlertKind,
  type PriceAlertList,
  type PriceAlertView,
} from '@kabuto/shared-sdk/schemas';
import type { Database } from '../../db/client';
import { refuse } from '../funds';
import { users } from '../identity';
import { isValidTick, tickSize } from '../market';
import type { PriceAlertsDeps } from './deps';
import { priceAlerts, type PriceAlertRow } from './schema';
import { alertView, tenthsOf, yenText } from './views';

export interface AlertRuleForm {
  kind: PriceAlertKind;
  price?: string | undefined;
  /** Basis points (the schema turned the percent into them). */
  movePercent?: number | undefined;
  direction: PriceAlertDirection;
}

function namesOf(deps: PriceAlertsDeps, code: string): PriceAlertView['names'] {
  return deps.venue.instrument(code)?.name ?? { tw: code, jp: code, en: code };
}

/** The rule's columns, checked against the stock's tick table. */
function ruleColumns(deps: PriceAlertsDeps, code: string, form: AlertRuleForm): Pick<PriceAlertRow, 'kind' | 'price' | 'moveBp' | 'direction'> {
  if (form.kind === 'move') {
    if (form.movePercent === undefined) refuse(MSG.priceAlertMoveOutOfRange, { min: PRICE_ALERT_MOVE_MIN_PERCENT, max: PRICE_ALERT_MOVE_MAX_PERCENT });
    return { kind: 'move', price: null, moveBp: form.movePercent, direction: form.direction };
  }
  if (form.price === undefined) refuse(MSG.priceAboveZero);
  const table = deps.venue.tickTable(code);
  const tenths = tenthsOf(form.price);
  if (tenths === null || tenths <= 0 || !isValidTick(tenths, table)) {
    // The tick depends on the price band: name the one for this price (cut to tenths), or the smallest.
    const band = tenths ?? tenthsOf(form.price.replace(/^(\d+(?:\.\d)?)\d*$/, '$1'));
    const tick = tickSize(band !== null && band > 0 ? band : 1, table);
    refuse(MSG.priceAlertPriceNotOnTick, { tick: yenText(tick) });
  }
  return { kind: form.kind, price: tenths, moveBp: null, direction: null };
}

/** The stock's tick at its last (or previous close) price. */
function tickAt(deps: PriceAlertsDeps, code: string): number {
  const q = deps.venue.quote(code);
  return tickSize(q.last ?? q.previousClose, deps.venue.tickTable(code));
}

async function activeCount(db: Database, userId: number, exceptId: number | null): Promise<number> {
  const where = and(eq(priceAlerts.userId, userId), eq(priceAlerts.state, 'active'), exceptId === null ? undefined : ne(priceAlerts.id, exceptId));
  const [row] = await db.select({ n: count() }).from(priceAlerts).where(where);
  return row?.n ?? 0;
}

/** Serialises one customer's alert changes (the maximum is a count over their rows). */
async function lockCustomer(db: Database, userId: number): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

function refuseOverMaximum(): never {
  refuse(MSG.priceAlertLimitReached, { max: PRICE_ALERT_MAX_ACTIVE });
}

export async function createAlert(deps: PriceAlertsDeps, userId: number, form: AlertRuleForm & { code: string }): Promise<PriceAlertRow> {
  if (!deps.venue.instrument(form.code)) refuse(MSG.unknownStockCode);
  const rule = ruleColumns(deps, form.code, form);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await lockCustomer(tx, userId);
    if ((await activeCount(tx, userId, null)) >= PRICE_ALERT_MAX_ACTIVE) refuseOverMaximum();
    const [row] = await tx
      .insert(priceAlerts)
      .values({ userId, code: form.code, ...rule, state: 'active', revision: 1, armedAt: deps.businessClock.now(), createdAt: now, updatedAt: now })
      .returning();
    if (!row) throw new Error('price alert not stored');
    return row;
  });
}

async function mine(db: Database, userId: number, id: number): Promise<PriceAlertRow> {
  const [row] = await db
    .select()
    .from(priceAlerts)
    .where(and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId)))
    .limit(1);
  if (!row) refuse(MSG.priceAlertNotFound);
  return row;
}

/** A new rule for one of my alerts: active again, armed from now, fired fields cleared. */
export async function updateAlert(deps: PriceAlertsDeps, userId: number, form: AlertRuleForm & { id: number }): Promise<PriceAlertRow> {
  const current = await mine(deps.db, userId, form.id);
  const rule = ruleColumns(deps, current.code, form);
  return deps.db.transaction(async (tx) => {
    await lockCustomer(tx, userId);
    const row = await mine(tx, userId, form.id);
    if ((await activeCount(tx, userId, row.id)) >= PRICE_ALERT_MAX_ACTIVE) refuseOverMaximum();
    const [updated] = await tx
      .update(priceAlerts)
      .set({
        ...rule,
        state: 'active',
        revision: row.revision + 1,
        armedAt: deps.businessClock.now(),
        firedAt: null,
        firedPrice: null,
        firedTradeId: null,
        updatedAt: deps.clock.now(),
      })
      .where(eq(priceAlerts.id, row.id))
      .returning();
    if (!updated) refuse(MSG.priceAlertNotFound);
    return updated;
  });
}

export async function deleteAlert(deps: PriceAlertsDeps, userId: number, id: number): Promise<void> {
  const row = await mine(deps.db, userId, id);
  await deps.db.delete(priceAlerts).where(and(eq(priceAlerts.id, row.id), eq(priceAlerts.userId, userId)));
}

/** Active first (newest first), then fired (most recent first). */
export async function listAlerts(deps: PriceAlertsDeps, userId: number, code: string | undefined): Promise<PriceAlertList> {
  const rows = await deps.db
    .select()
    .from(priceAlerts)
    .where(and(eq(priceAlerts.userId, userId), code === undefined ? undefined : eq(priceAlerts.code, code)))
    .orderBy(asc(priceAlerts.state), desc(priceAlerts.firedAt), desc(priceAlerts.id));
  return {
    list: rows.map((r) => alertView(r, namesOf(deps, r.code))),
    active: await activeCount(deps.db, userId, null),
    maxActive: PRICE_ALERT_MAX_ACTIVE,
    movePercentMin: PRICE_ALERT_MOVE_MIN_PERCENT,
    movePercentMax: PRICE_ALERT_MOVE_MAX_PERCENT,
    tick: code !== undefined && deps.venue.instrument(code) ? yenText(tickAt(deps, code)) : null,
  };
}

export function viewOf(deps: PriceAlertsDeps, row: PriceAlertRow): PriceAlertView {
  return alertView(row, namesOf(deps, row.code));
}
