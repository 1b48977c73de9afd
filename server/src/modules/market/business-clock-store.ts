// The demo business clock's saved state: one row in `business_clock` (business-clock.ts).
import type { Database } from '../../db/client';
import type { BusinessClockState, BusinessClockStore } from './business-clock';
import { businessClockState } from './schema';

const ROW_ID = 1;

export function databaseClockStore(db: Database): BusinessClockStore {
  return {
    async load() {
      const [row] = await db.select().from(businessClockState).limit(1);
      return row ? { floor: row.floorAt, sweptThrough: row.sweptThrough, wallAt: row.savedAt } : null;
    },
    async save(state: BusinessClockState) {
      const values = { floorAt: state.floor, sweptThrough: state.sweptThrough, savedAt: state.wallAt };
      await db
        .insert(businessClockState)
        .values({ id: ROW_ID, ...values })
        .onConflictDoUpdate({ target: businessClockState.id, set: values });
    },
  };
}
