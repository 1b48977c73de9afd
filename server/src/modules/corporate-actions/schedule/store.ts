// The published schedule in the database: seeded from the generator (idempotently: an entry is
// written once and then only operators change it), and handed to the venue so its price path
// follows it.
import { asc, inArray } from 'drizzle-orm';
import { addDays, type CorporateAction, type DateKey } from '../../market';
import type { CorporateActionsDeps } from '../deps';
import { caDividendEvents, caSplits } from '../schema';
import { generateDividends, generateSplits, scheduledInstruments } from './generate';

const CHUNK = 400;

/** The first day of the schedule: the universe's reference date (the data file's actions before it stay as they are). */
export function scheduleStart(deps: CorporateActionsDeps): DateKey {
  const i = deps.venue.instruments().find((x) => x.kind === 'stock');
  return i?.referenceDate ?? '2025-06-30';
}

export function horizonOf(deps: CorporateActionsDeps, today: DateKey): DateKey {
  return addDays(today, 366 * deps.config.horizonYears);
}

/** Writes the generated entries up to the horizon that are not there yet; answers whether any was new. */
export async function seedSchedule(deps: CorporateActionsDeps, today: DateKey): Promise<boolean> {
  const start = scheduleStart(deps);
  const until = horizonOf(deps, today);
  const instruments = deps.venue.instruments();
  const now = deps.clock.now();
  const generated = generateDividends(deps.venue.seed, instruments, (c) => deps.venue.fileActions(c), start, until, deps.config.paymentBusinessDaysAfterRecord);
  // Every process starts here, and after the first the entries are there: read which are, and
  // write only the others (building the insert of all of them cost a taking-over venue ~0.6 s).
  const present = new Set(
    (await deps.db.select({ code: caDividendEvents.code, kind: caDividendEvents.kind, seedKey: caDividendEvents.seedKey }).from(caDividendEvents)).map(
      (r) => `${r.code} ${r.kind} ${r.seedKey}`,
    ),
  );
  const dividends = generated.filter((d) => !present.has(`${d.code} ${d.kind} ${d.recordDate}`));
  let added = 0;
  for (let i = 0; i < dividends.length; i += CHUNK) {
    const rows = dividends.slice(i, i + CHUNK).map((d) => ({
      code: d.code,
      kind: d.kind,
      seedKey: d.recordDate,
      recordDate: d.recordDate,
      lastCumDate: d.lastCumDate,
      exDate: d.exDate,
      paymentDate: d.paymentDate,
      dpsTenths: d.dpsTenths,
      dpsSource: 'forecast' as const,
      state: 'scheduled' as const,
      perk: d.perk,
      createdAt: now,
      updatedAt: now,
    }));
    const written = await deps.db.insert(caDividendEvents).values(rows).onConflictDoNothing().returning({ id: caDividendEvents.id });
    added += written.length;
  }
  const fileSplits = (code: string) => deps.venue.fileActions(code).filter((a) => a.kind === 'split');
  const splits = generateSplits(deps.venue.seed, scheduledInstruments(instruments), start, until).filter(
    (s) => !fileSplits(s.code).some((a) => a.exDate === s.effectiveDate),
  );
  if (splits.length > 0) {
    const written = await deps.db
      .insert(caSplits)
      .values(
        splits.map((s) => ({
          code: s.code,
          ratio: s.ratio,
          effectiveDate: s.effectiveDate,
          origin: 'seeded' as const,
          state: 'scheduled' as const,
          createdAt: now,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: caSplits.id });
    added += written.length;
  }
  return added > 0;
}

type EventRow = typeof caDividendEvents.$inferSelect;
type SplitRow = typeof caSplits.$inferSelect;

/** The actions an issue's price path follows: the data file's before the schedule, then the schedule. */
export function actionsOf(deps: CorporateActionsDeps, code: string, events: readonly EventRow[], splits: readonly SplitRow[]): CorporateAction[] {
  const start = scheduleStart(deps);
  const out: CorporateAction[] = deps.venue.fileActions(code).filter((a) => a.kind === 'split' || a.exDate <= start);
  for (const e of events) if (e.dpsTenths > 0) out.push({ code, exDate: e.exDate, kind: 'dividend', amount: e.dpsTenths, origin: 'simulated' });
  for (const s of splits)
    if (s.ratio > 1 && !out.some((a) => a.kind === 'split' && a.exDate === s.effectiveDate))
      out.push({ code, exDate: s.effectiveDate, kind: 'split', ratio: s.ratio, origin: 'simulated' });
  return out;
}

/** Hands the schedule of `codes` (default: every scheduled issue) to the venue. */
export async function publishToVenue(deps: CorporateActionsDeps, codes?: readonly string[]): Promise<void> {
  const list = codes ?? scheduledInstruments(deps.venue.instruments()).map((i) => i.code);
  if (list.length === 0) return;
  const [events, splits] = await Promise.all([
    deps.db
      .select()
      .from(caDividendEvents)
      .where(inArray(caDividendEvents.code, [...list]))
      .orderBy(asc(caDividendEvents.exDate)),
    deps.db
      .select()
      .from(caSplits)
      .where(inArray(caSplits.code, [...list])),
  ]);
  for (const code of list) {
    deps.venue.publishActions(
      code,
      actionsOf(
        deps,
        code,
        events.filter((e) => e.code === code),
        splits.filter((x) => x.code === code),
      ),
    );
  }
}
