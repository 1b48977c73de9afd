// Operator changes to the published schedule (docs/api/dividends.md §3): a dividend's amount or
// dates, a new split. Each is checked against the business date, written with its audit row in one
// transaction, and handed to the venue after commit. A refusal names the rule and changes nothing.
import { and, eq } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { OpsDividendScheduleItem, SplitEvent } from '@kabuto/shared-sdk/schemas';
import { refuse } from '../../funds';
import { isBusinessDay, jstDateKey } from '../../market';
import { writeAudit, type OperatorIdentity } from '../../ops';
import type { CorporateActionsDeps } from '../deps';
import { caDividendEvents, caSplits } from '../schema';
import { eventView, splitView } from '../views';
import { dpsText } from '../payments/sweep';
import { datesOf } from './generate';
import { publishToVenue } from './store';

const validDate = (d: string) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d);

export interface DividendEdit {
  id: number;
  dps?: number | undefined;
  recordDate?: string | undefined;
  paymentDate?: string | undefined;
  reason: string;
}

export async function editDividend(deps: CorporateActionsDeps, edit: DividendEdit, operator: OperatorIdentity): Promise<OpsDividendScheduleItem> {
  const today = jstDateKey(deps.businessClock.now());
  const row = await deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(caDividendEvents).where(eq(caDividendEvents.id, edit.id)).for('update');
    if (!current) refuse(MSG.dividendEventNotFound);
    if (current.state !== 'scheduled' || current.exDate <= today) refuse(MSG.dividendEventLocked, { rule: 'ex-date-passed', exDate: current.exDate, today });
    if (edit.recordDate !== undefined && !validDate(edit.recordDate)) refuse(MSG.dividendDateInvalid, { recordDate: edit.recordDate });
    if (edit.paymentDate !== undefined && (!validDate(edit.paymentDate) || !isBusinessDay(edit.paymentDate)))
      refuse(MSG.dividendDateInvalid, { paymentDate: edit.paymentDate });
    const recordDate = edit.recordDate ?? current.recordDate;
    if (recordDate < today) refuse(MSG.dividendRecordDateInPast, { rule: 'record-date-not-before-today', recordDate, today });
    const dates = datesOf(recordDate, deps.config.paymentBusinessDaysAfterRecord);
    const paymentDate = edit.paymentDate ?? (edit.recordDate !== undefined ? dates.paymentDate : current.paymentDate);
    if (paymentDate <= recordDate) refuse(MSG.dividendPaymentBeforeRecord, { rule: 'payment-after-record', recordDate, paymentDate });
    const dpsTenths = edit.dps ?? current.dpsTenths;
    const now = deps.clock.now();
    const [updated] = await tx
      .update(caDividendEvents)
      .set({
        recordDate,
        lastCumDate: dates.lastCumDate,
        exDate: dates.exDate,
        paymentDate,
        dpsTenths,
        dpsSource: edit.dps !== undefined ? 'operator' : current.dpsSource,
        editedBy: operator.name,
        editedAt: now,
        updatedAt: now,
      })
      .where(eq(caDividendEvents.id, current.id))
      .returning();
    if (!updated) throw new Error('dividend entry not updated');
    await writeAudit(tx, deps.clock, operator, {
      action: 'dividend.schedule.edit',
      targetUserId: null,
      reason: edit.reason,
      details: {
        id: current.id,
        code: current.code,
        before: { dps: dpsText(current.dpsTenths), recordDate: current.recordDate, paymentDate: current.paymentDate },
        after: { dps: dpsText(dpsTenths), recordDate, paymentDate },
      },
    });
    return updated;
  });
  await publishToVenue(deps, [row.code]);
  return { ...eventView(deps, row), editedBy: row.editedBy, editedAt: row.editedAt?.toISOString() ?? null };
}

export interface SplitInput {
  code: string;
  ratio: number;
  effectiveDate: string;
  reason: string;
}

export async function scheduleSplit(deps: CorporateActionsDeps, input: SplitInput, operator: OperatorIdentity): Promise<SplitEvent> {
  const today = jstDateKey(deps.businessClock.now());
  const instrument = deps.venue.instrument(input.code);
  if (!instrument || instrument.kind !== 'stock') refuse(MSG.unknownStockCode);
  if (!validDate(input.effectiveDate) || !isBusinessDay(input.effectiveDate)) refuse(MSG.dividendDateInvalid, { effectiveDate: input.effectiveDate });
  if (input.effectiveDate <= today) refuse(MSG.splitEffectiveDateInPast, { rule: 'effective-date-after-today', effectiveDate: input.effectiveDate, today });
  const row = await deps.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: caSplits.id })
      .from(caSplits)
      .where(and(eq(caSplits.code, input.code), eq(caSplits.effectiveDate, input.effectiveDate)));
    if (existing || deps.venue.fileActions(input.code).some((a) => a.kind === 'split' && a.exDate === input.effectiveDate))
      refuse(MSG.splitAlreadyScheduled, { code: input.code, effectiveDate: input.effectiveDate });
    const [created] = await tx
      .insert(caSplits)
      .values({
        code: input.code,
        ratio: input.ratio,
        effectiveDate: input.effectiveDate,
        origin: 'operator',
        state: 'scheduled',
        createdBy: operator.name,
        createdAt: deps.clock.now(),
      })
      .returning();
    if (!created) throw new Error('split not written');
    await writeAudit(tx, deps.clock, operator, {
      action: 'dividend.split.schedule',
      targetUserId: null,
      reason: input.reason,
      details: { id: created.id, code: input.code, ratio: input.ratio, effectiveDate: input.effectiveDate },
    });
    return created;
  });
  await publishToVenue(deps, [row.code]);
  return splitView(deps, row);
}
