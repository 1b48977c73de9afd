// Test helpers for the stepped business clock: a store in memory (what the table would hold)
// and a step source with steps at fixed business instants that records when each was taken.
import type { BusinessClock, BusinessStepSource } from '../../../clock';
import type { BusinessClockState, BusinessClockStore } from '../business-clock';

export interface MemoryClockStore extends BusinessClockStore {
  state: BusinessClockState | null;
  saves: number;
}

export function memoryClockStore(): MemoryClockStore {
  const store: MemoryClockStore = {
    state: null,
    saves: 0,
    load: async () => store.state,
    save: async (state) => {
      store.state = state;
      store.saves += 1;
    },
  };
  return store;
}

export interface TakenStep {
  at: number;
  /** Business time when it was taken. */
  takenAt: number;
}

/**
 * Steps at `instants`; `run` takes every step due (at or before the clock) and not yet taken,
 * like the real sweeps (state-based, so idempotent). `taken` survives a restart, as the
 * database would. `clock` is set to the clock in use (a restart makes a new one).
 */
export class ScheduledSteps implements BusinessStepSource {
  readonly name = 'scheduled';
  readonly taken: TakenStep[] = [];
  /** How many times each instant was taken (must end at exactly 1). */
  readonly counts = new Map<number, number>();
  /** How many times the clock was told each instant is due (its windows must not overlap: once). */
  readonly offered = new Map<number, number>();
  clock: BusinessClock | null = null;

  constructor(readonly instants: readonly number[]) {}

  async dueBetween(from: Date, to: Date): Promise<Date[]> {
    const due = this.instants.filter((at) => at > from.getTime() && at <= to.getTime());
    for (const at of due) this.offered.set(at, (this.offered.get(at) ?? 0) + 1);
    return due.map((at) => new Date(at));
  }

  async run(): Promise<void> {
    if (!this.clock) throw new Error('no clock');
    const now = this.clock.now().getTime();
    const due = this.instants.filter((at) => at <= now && !this.counts.has(at)).sort((a, b) => a - b);
    for (const at of due) {
      this.counts.set(at, (this.counts.get(at) ?? 0) + 1);
      this.taken.push({ at, takenAt: now });
    }
  }
}
