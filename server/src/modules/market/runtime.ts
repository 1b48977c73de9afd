// The market as the server runs it: the simulator behind the provider interface, the board
// (background warm-up for lists and rankings), the bus and the pump that feeds /ws.
import { systemClock, type Clock } from '../../clock';
import { MarketBoard } from './board/market-board';
import { demoClock } from './demo-clock';
import { SimulatedMarket } from './provider';
import type { Universe } from './universe/universe';
import { createInProcessBus, type MarketBus } from './ws/bus';
import { MarketPump } from './ws/pump';

export const DEFAULT_MARKET_SEED = 'kabuto-demo';

export interface MarketSettings {
  clock: 'demo' | 'real';
  seed: string;
  warmup: boolean;
}

/** KABUTO_MARKET_CLOCK (demo | real), KABUTO_MARKET_SEED, KABUTO_MARKET_WARMUP (on | off). */
export function marketSettingsFromEnv(env: NodeJS.ProcessEnv): MarketSettings {
  const clock = env.KABUTO_MARKET_CLOCK?.trim().toLowerCase() || 'demo';
  if (clock !== 'demo' && clock !== 'real') throw new Error(`KABUTO_MARKET_CLOCK must be demo or real, not "${clock}"`);
  const warmup = env.KABUTO_MARKET_WARMUP?.trim().toLowerCase() || 'on';
  if (!['on', 'off', '1', '0', 'true', 'false'].includes(warmup)) throw new Error(`KABUTO_MARKET_WARMUP must be on or off, not "${warmup}"`);
  return { clock, seed: env.KABUTO_MARKET_SEED?.trim() || DEFAULT_MARKET_SEED, warmup: ['on', '1', 'true'].includes(warmup) };
}

export interface MarketRuntime {
  market: SimulatedMarket;
  board: MarketBoard;
  bus: MarketBus;
  pump: MarketPump;
  /** Start the background warm-up when the server starts. */
  warmup: boolean;
}

export interface MarketRuntimeOptions {
  /** The market's clock: demoClock(), systemClock (real JST calendar) or a test clock. */
  clock: Clock;
  seed?: string;
  warmup?: boolean;
  universe?: Universe;
}

export function createMarketRuntime(opts: MarketRuntimeOptions): MarketRuntime {
  const market = new SimulatedMarket({ clock: opts.clock, seed: opts.seed ?? DEFAULT_MARKET_SEED, ...(opts.universe ? { universe: opts.universe } : {}) });
  const board = new MarketBoard({ provider: market });
  const bus = createInProcessBus();
  const pump = new MarketPump({ provider: market, bus, board });
  return { market, board, bus, pump, warmup: opts.warmup ?? false };
}

export function marketRuntimeFromSettings(settings: MarketSettings, wall: Clock = systemClock): MarketRuntime {
  return createMarketRuntime({ clock: settings.clock === 'demo' ? demoClock(wall) : wall, seed: settings.seed, warmup: settings.warmup });
}
