// The market as the server runs it: the simulator behind the provider interface, the board
// (background warm-up for lists and rankings), the bus and the pump that feeds /ws.
import { systemClock, type BusinessClock, type Clock } from '../../clock';
import { MarketBoard } from './board/market-board';
import { SteppedBusinessClock, type BusinessClockStore } from './business-clock';
import { demoTimeAt } from './demo-clock';
import { SimulatedMarket } from './provider';
import type { Universe } from './universe/universe';
import { createInProcessBus, type MarketBus } from './ws/bus';
import { MarketPump } from './ws/pump';
import { createUserEventHub, type UserEventHub } from './ws/user-events';

export const DEFAULT_MARKET_SEED = 'kabuto-demo';

export interface MarketSettings {
  clock: 'demo' | 'real';
  seed: string;
  warmup: boolean;
  /**
   * KABUTO_MARKET_CLOCK_START (ISO instant): the business clock starts there when the server
   * starts and runs at real speed, labelled simulated. For browser tests of a session the
   * demo clock never shows (the 08:00 pre-open, the PTS night session); overrides `clock`.
   */
  start?: Date;
  /**
   * KABUTO_MARKET_CLOCK_ANCHOR (ISO wall instant): the business clock reads `start` at this wall
   * instant, not at the process's start, so every process of a cluster reads the same time.
   */
  anchor?: Date;
}

/** KABUTO_MARKET_CLOCK (demo | real), KABUTO_MARKET_SEED, KABUTO_MARKET_WARMUP (on | off). */
export function marketSettingsFromEnv(env: NodeJS.ProcessEnv): MarketSettings {
  const clock = env.KABUTO_MARKET_CLOCK?.trim().toLowerCase() || 'demo';
  if (clock !== 'demo' && clock !== 'real') throw new Error(`KABUTO_MARKET_CLOCK must be demo or real, not "${clock}"`);
  const warmup = env.KABUTO_MARKET_WARMUP?.trim().toLowerCase() || 'on';
  if (!['on', 'off', '1', '0', 'true', 'false'].includes(warmup)) throw new Error(`KABUTO_MARKET_WARMUP must be on or off, not "${warmup}"`);
  const startText = env.KABUTO_MARKET_CLOCK_START?.trim();
  const start = startText ? new Date(startText) : undefined;
  if (start && Number.isNaN(start.getTime())) throw new Error(`KABUTO_MARKET_CLOCK_START must be an ISO instant, not "${startText}"`);
  const anchorText = env.KABUTO_MARKET_CLOCK_ANCHOR?.trim();
  const anchor = anchorText ? new Date(anchorText) : undefined;
  if (anchor && (Number.isNaN(anchor.getTime()) || !start))
    throw new Error(`KABUTO_MARKET_CLOCK_ANCHOR must be an ISO instant beside KABUTO_MARKET_CLOCK_START, not "${anchorText}"`);
  return {
    clock,
    seed: env.KABUTO_MARKET_SEED?.trim() || DEFAULT_MARKET_SEED,
    warmup: ['on', '1', 'true'].includes(warmup),
    ...(start ? { start } : {}),
    ...(anchor ? { anchor } : {}),
  };
}

export interface MarketRuntime {
  market: SimulatedMarket;
  board: MarketBoard;
  bus: MarketBus;
  pump: MarketPump;
  /** Per-user events for `/ws` (any module publishes; docs/api/market.md §6.2). */
  userEvents: UserEventHub;
  /** Start the background warm-up when the server starts. */
  warmup: boolean;
}

export interface MarketRuntimeOptions {
  /** The market's clock: the app's business clock, systemClock (real JST calendar) or a test clock. */
  clock: Clock;
  seed?: string;
  warmup?: boolean;
  universe?: Universe;
  /** Participant events per second at midday (must be > 0; 1e-9 ≈ none: trading tests set prices with customer orders). */
  eventRate?: number;
  /** The market-data bus; default in-process (a cluster passes its NATS one: server/src/cluster/market-bus.ts). */
  bus?: MarketBus;
  /** Per-user events; default in-process (a cluster passes its JetStream one: server/src/cluster/user-events.ts). */
  userEvents?: UserEventHub;
}

export function createMarketRuntime(opts: MarketRuntimeOptions): MarketRuntime {
  const market = new SimulatedMarket({
    clock: opts.clock,
    seed: opts.seed ?? DEFAULT_MARKET_SEED,
    ...(opts.universe ? { universe: opts.universe } : {}),
    ...(opts.eventRate === undefined ? {} : { eventRate: opts.eventRate }),
  });
  const board = new MarketBoard({ provider: market });
  const bus = opts.bus ?? createInProcessBus();
  const pump = new MarketPump({ provider: market, bus, board });
  return { market, board, bus, pump, userEvents: opts.userEvents ?? createUserEventHub(), warmup: opts.warmup ?? false };
}

/** The real JST calendar, held where it was if the wall clock goes back. */
function monotonicRealClock(wall: Clock): BusinessClock {
  let last = Number.NEGATIVE_INFINITY;
  return {
    now: () => {
      last = Math.max(last, wall.now().getTime());
      return new Date(last);
    },
    mode: 'real',
  };
}

export interface BusinessClockWiring {
  /** Where the demo clock's state is saved (databaseClockStore); without it a restart starts afresh. */
  store?: BusinessClockStore;
  tickMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * The business clock KABUTO_MARKET_CLOCK asks for: the stepped demo clock on `wall` (trading
 * sessions, nights passed at once), the stepped clock running on from KABUTO_MARKET_CLOCK_START,
 * or the real calendar. A SteppedBusinessClock is opened (`open()`, saved state) before use and
 * begun (`begin()`) once the modules have registered their steps.
 */
export function businessClockFromSettings(settings: MarketSettings, wall: Clock = systemClock, wiring: BusinessClockWiring = {}): BusinessClock {
  if (settings.clock === 'real' && !settings.start) return monotonicRealClock(wall);
  const start = settings.start && startNow(settings.start, settings.anchor, wall);
  return new SteppedBusinessClock({
    progression: start ? 'continuous' : 'sessions',
    start: start ?? demoTimeAt(wall.now()),
    wall,
    ...wiring,
  });
}

/** KABUTO_MARKET_CLOCK_START as of now: `start` at the anchor (default: now), real speed since. */
function startNow(start: Date, anchor: Date | undefined, wall: Clock): Date {
  return anchor ? new Date(start.getTime() + wall.now().getTime() - anchor.getTime()) : start;
}

/**
 * The business clock of a cluster's API server: it reads the time every process reads (the real
 * calendar, or the anchored start) and steps nothing: the venue leader runs the steps.
 */
export function readingBusinessClock(settings: MarketSettings, wall: Clock = systemClock): BusinessClock {
  if (!settings.start) {
    if (settings.clock === 'demo')
      throw new Error(
        'a cluster needs KABUTO_MARKET_CLOCK=real or KABUTO_MARKET_CLOCK_START with KABUTO_MARKET_CLOCK_ANCHOR: the stepped demo clock lives in one process',
      );
    return monotonicRealClock(wall);
  }
  if (!settings.anchor) throw new Error('a cluster with KABUTO_MARKET_CLOCK_START needs KABUTO_MARKET_CLOCK_ANCHOR, so every process reads the same time');
  const offset = settings.start.getTime() - settings.anchor.getTime();
  const real = monotonicRealClock(wall);
  return { now: () => new Date(real.now().getTime() + offset), mode: 'demo' };
}

/** The market on `businessClock` (pass the app's one, so market and funds agree); `hubs`: a cluster's buses. */
export function marketRuntimeFromSettings(
  settings: MarketSettings,
  businessClock: BusinessClock = businessClockFromSettings(settings),
  hubs: Pick<MarketRuntimeOptions, 'bus' | 'userEvents'> = {},
): MarketRuntime {
  return createMarketRuntime({ clock: businessClock, seed: settings.seed, warmup: settings.warmup, ...hubs });
}
