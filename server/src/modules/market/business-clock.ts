// The demo business clock: simulated time that never runs backwards (docs/operations.md
// "Business clock"). It runs at wall speed through the trading sessions of one business day
// (09:00–11:30, 12:30–15:30 incl. the closing auction, lunch skipped) and then passes the
// night at once: it stands at every instant something is due between 15:30 and the next
// business day's 09:00 (registered BusinessStepSources: expiries, deadlines, IPO steps) in
// order, runs those steps, and goes on trading the next business day. With `continuous`
// progression (KABUTO_MARKET_CLOCK_START) it simply runs at wall speed from its start.
//
// Its state is saved in a small table (business-clock-store.ts) so a restart resumes where it
// was: the saved `floor` is an instant the clock may not pass until a newer state is saved,
// written ahead (the instant one save period later), so whatever a customer saw is never
// ahead of what a restart resumes from, and reads never write.
import { systemClock, type BusinessClock, type BusinessStepSource, type Clock } from '../../clock';
import { SESSION_TIMES, atJst, isBusinessDay, jstDateKey, nextBusinessDay } from './rules/calendar';

export type Progression = 'sessions' | 'continuous';

export interface BusinessClockState {
  /** The clock may not pass this instant until a newer state is saved; a restart resumes here. */
  floor: Date;
  /** Every step due up to this instant has been run. */
  sweptThrough: Date;
  /** The wall instant of the save. */
  wallAt: Date;
}

export interface BusinessClockStore {
  load(): Promise<BusinessClockState | null>;
  save(state: BusinessClockState): Promise<void>;
}

export interface SteppedClockOptions {
  progression: Progression;
  /** Where the clock starts when nothing is saved, or when this is later than what is saved. */
  start: Date;
  wall?: Clock;
  store?: BusinessClockStore;
  /** How often due steps are looked for (and the state saved when due); 0 = only on demand (tests). */
  tickMs?: number;
  /** How far ahead of the clock each save reaches, in wall time; default one minute. */
  leaseMs?: number;
  onError?: (error: unknown) => void;
}

const DEFAULT_LEASE_MS = 60_000;

/** 09:00 of the first business day after the business day (or closed day) of `at`. */
export function nextBusinessDayOpen(at: Date): Date {
  return atJst(nextBusinessDay(jstDateKey(at)), SESSION_TIMES.morningOpen);
}

/** The instants in (from, to] at these JST times of day, on business days only (sweeps due daily). */
export function businessInstantsBetween(from: Date, to: Date, secondsOfDay: readonly number[]): Date[] {
  const out: Date[] = [];
  let key = jstDateKey(from);
  if (!isBusinessDay(key)) key = nextBusinessDay(key);
  for (;;) {
    const first = atJst(key, 0).getTime();
    if (first > to.getTime()) return out;
    for (const second of secondsOfDay) {
      const at = atJst(key, second);
      if (at.getTime() > from.getTime() && at.getTime() <= to.getTime()) out.push(at);
    }
    key = nextBusinessDay(key);
  }
}

interface DaySessions {
  morningOpen: number;
  morningClose: number;
  afternoonOpen: number;
  close: number;
}

function sessionsOf(at: number): DaySessions | null {
  const key = jstDateKey(new Date(at));
  if (!isBusinessDay(key)) return null;
  const t = SESSION_TIMES;
  return {
    morningOpen: atJst(key, t.morningOpen).getTime(),
    morningClose: atJst(key, t.morningClose).getTime(),
    afternoonOpen: atJst(key, t.afternoonOpen).getTime(),
    close: atJst(key, t.close).getTime(),
  };
}

export class SteppedBusinessClock implements BusinessClock {
  readonly mode = 'demo' as const;
  readonly progression: Progression;
  private readonly wall: Clock;
  private readonly store: BusinessClockStore | undefined;
  private readonly leaseMs: number;
  private readonly tickMs: number;
  private readonly onError: (error: unknown) => void;
  private readonly sources: BusinessStepSource[] = [];

  /** Business time is anchorBusiness at wall anchorWall and moves on from there. */
  private anchorBusiness: number;
  private anchorWall: number;
  /** The anchor day's sessions (sessions progression), computed once per anchor: reads are hot. */
  private day: DaySessions | null = null;
  /** Where the clock stops on its own: the day's close (sessions), never (continuous). */
  private dayEnd = Number.POSITIVE_INFINITY;
  private last: number;
  private floor = Number.POSITIVE_INFINITY;
  private sweptThrough: number;
  /** True while a pass moves the clock through due instants: business time stands still. */
  private held = false;
  private lastSaveWall = Number.NEGATIVE_INFINITY;
  /** Passes, step runs and saves, one at a time in order. */
  private chain: Promise<unknown> = Promise.resolve();
  private nightQueued = false;
  private saveQueued = false;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(opts: SteppedClockOptions) {
    this.progression = opts.progression;
    this.wall = opts.wall ?? systemClock;
    this.store = opts.store;
    this.leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
    this.tickMs = opts.tickMs ?? 0;
    this.onError = opts.onError ?? (() => undefined);
    const start = opts.start.getTime();
    this.last = start;
    // Steps due at the very first instant are due too.
    this.sweptThrough = start - 1;
    this.anchorBusiness = start;
    this.anchorWall = this.wall.now().getTime();
    this.reanchor(start, this.anchorWall);
  }

  /** Resume from the saved state, never earlier (before anything reads the clock). */
  async open(): Promise<void> {
    const saved = this.store ? await this.store.load() : null;
    if (saved) {
      const resume = Math.max(saved.floor.getTime(), this.last);
      this.last = resume;
      this.sweptThrough = Math.min(saved.sweptThrough.getTime(), resume);
      this.reanchor(resume, this.wall.now().getTime());
    }
    await this.save();
  }

  /** Once the modules have registered their steps: catch up the steps due since the last run, in order, and start ticking. */
  async begin(): Promise<void> {
    await this.enqueue(() => this.runSteps(this.now().getTime(), false));
    if (this.tickMs > 0 && !this.timer && !this.closed) {
      this.timer = setInterval(() => void this.tick(), this.tickMs);
      this.timer.unref();
    }
  }

  registerSteps(source: BusinessStepSource): void {
    this.sources.push(source);
  }

  now(): Date {
    const wall = this.wall.now().getTime();
    // The wall clock went back: business time stays where it was and moves on from there.
    if (wall < this.anchorWall) this.reanchor(this.last, wall);
    let at = this.held ? this.anchorBusiness : this.progress(wall - this.anchorWall);
    if (at >= this.dayEnd) {
      at = this.dayEnd;
      this.requestNight();
    }
    if (at > this.floor) {
      at = this.floor;
      this.requestSave();
    }
    if (at < this.last) return new Date(this.last);
    this.last = at;
    return new Date(at);
  }

  /** Move to `to` (default: the next business day 09:00), standing at each due instant on the way. */
  advance(to?: Date): Promise<Date> {
    return this.enqueue(async () => {
      const from = this.now().getTime();
      const target = to ? to.getTime() : nextBusinessDayOpen(new Date(from)).getTime();
      if (target <= from) throw new RangeError('the business clock cannot go back');
      await this.passTo(target);
      return new Date(this.last);
    });
  }

  /** Look for due steps now (the timer's work; tests call it). */
  tick(): Promise<void> {
    return this.enqueue(async () => {
      await this.runSteps(this.now().getTime(), false);
      if (this.store && this.wall.now().getTime() - this.lastSaveWall >= this.leaseMs / 2) await this.save();
    }).catch(this.onError);
  }

  /** Stop ticking, let a running pass finish, save. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.closed = true;
    await this.chain.catch(() => undefined);
    // Nothing reads the clock after this: the next process resumes exactly here.
    if (this.store) {
      const at = this.now().getTime();
      this.held = true;
      this.reanchor(at, this.wall.now().getTime());
      await this.saveState(at);
    }
  }

  /** Resolves when every queued pass, step run and save is done (tests). */
  async settled(): Promise<void> {
    for (;;) {
      const chain = this.chain;
      await chain.catch(() => undefined);
      if (chain === this.chain) return;
    }
  }

  // ---- internals --------------------------------------------------------------------------

  private enqueue<T>(job: () => Promise<T>): Promise<T> {
    const run = this.chain.catch(() => undefined).then(job);
    this.chain = run;
    return run;
  }

  private reanchor(business: number, wall: number): void {
    this.anchorBusiness = business;
    this.anchorWall = wall;
    if (this.progression === 'continuous') {
      this.day = null;
      this.dayEnd = Number.POSITIVE_INFINITY;
      return;
    }
    this.day = sessionsOf(business);
    // A closed day, or past the close: the night starts at once.
    this.dayEnd = this.day && business < this.day.close ? this.day.close : business;
  }

  /** Business time `elapsed` wall ms after the anchor (capped at the day's end by now()). */
  private progress(elapsed: number): number {
    const from = this.anchorBusiness;
    const day = this.day;
    if (!day || elapsed <= 0) return from + Math.max(0, elapsed);
    // Before the morning close wall time runs on until it; lunch is skipped.
    if (from < day.morningClose) {
      const toClose = day.morningClose - from;
      if (elapsed < toClose) return from + elapsed;
      return day.afternoonOpen + (elapsed - toClose);
    }
    return Math.max(from, day.afternoonOpen) + elapsed;
  }

  private requestNight(): void {
    if (this.nightQueued || this.closed) return;
    this.nightQueued = true;
    this.enqueue(async () => {
      try {
        const from = this.now().getTime();
        if (from >= this.dayEnd) await this.passTo(nextBusinessDayOpen(new Date(from)).getTime());
      } finally {
        this.nightQueued = false;
      }
    }).catch(this.onError);
  }

  private requestSave(): void {
    if (this.saveQueued || this.closed) return;
    this.saveQueued = true;
    this.enqueue(async () => {
      try {
        await this.save();
      } finally {
        this.saveQueued = false;
      }
    }).catch(this.onError);
  }

  /** Stand still, reserve `target`, take every step due up to it in order, then run on from it. */
  private async passTo(target: number): Promise<void> {
    const from = this.now().getTime();
    this.held = true;
    this.reanchor(from, this.wall.now().getTime());
    try {
      if (this.store) await this.saveState(Number.isFinite(this.floor) ? Math.max(target, this.floor) : target);
      await this.runSteps(target, true);
      this.last = Math.max(this.last, target);
      this.reanchor(this.last, this.wall.now().getTime());
    } finally {
      this.held = false;
    }
    await this.save();
  }

  /** Run the steps due in (sweptThrough, until] in business-time order, each instant once. */
  private async runSteps(until: number, standAtEach: boolean): Promise<void> {
    const from = this.sweptThrough;
    if (until <= from) return;
    const due: { at: number; source: BusinessStepSource }[] = [];
    for (const source of this.sources) {
      for (const at of await source.dueBetween(new Date(from), new Date(until))) {
        const ms = at.getTime();
        if (ms > from && ms <= until) due.push({ at: ms, source });
      }
    }
    due.sort((a, b) => a.at - b.at);
    for (let i = 0; i < due.length;) {
      const at = due[i]!.at;
      if (standAtEach && at > this.last) {
        this.last = at;
        this.anchorBusiness = at;
      }
      const ran = new Set<BusinessStepSource>();
      for (; i < due.length && due[i]!.at === at; i++) {
        const { source } = due[i]!;
        if (ran.has(source)) continue;
        ran.add(source);
        await source.run();
      }
      this.sweptThrough = at;
      if (this.store) await this.saveState(this.floor);
    }
    this.sweptThrough = until;
  }

  /** Save with the floor one lease ahead of the clock. */
  private async save(): Promise<void> {
    if (!this.store) return;
    const wall = this.wall.now().getTime();
    const current = this.now().getTime();
    const ahead = this.held ? current : Math.min(this.progress(wall + this.leaseMs - this.anchorWall), this.dayEnd);
    await this.saveState(Math.max(ahead, current));
  }

  private async saveState(floor: number): Promise<void> {
    if (!this.store) return;
    const wall = this.wall.now().getTime();
    await this.store.save({ floor: new Date(floor), sweptThrough: new Date(this.sweptThrough), wallAt: new Date(wall) });
    this.floor = floor;
    this.lastSaveWall = wall;
  }
}
