// A venue standby is idle until it leads; then it builds the app and replays its partition's day,
// and most of the replay is pricing: each instrument's seeded price path and the indices over
// them, compiled cold in a fresh process. Priced once here, on a simulator that is then dropped,
// that code is compiled (and the day's shared market moves cached) when the takeover runs it.
// Nothing of this simulator reaches the one the leader builds: its books and paths are garbage.
import type { Clock } from '../clock';
import { MarketSimulator, createUniverse, type MarketSettings } from '../modules/market';

export function warmPricing(settings: Pick<MarketSettings, 'seed'>, clock: Clock): { ms: number } {
  const started = performance.now();
  const universe = createUniverse();
  const simulator = new MarketSimulator({ universe, seed: settings.seed, clock });
  // Advancing a code opens the day: every instrument's book and path; an index ETF adds its index.
  for (const instrument of universe.instruments) simulator.advance(instrument.code);
  return { ms: Math.round(performance.now() - started) };
}
