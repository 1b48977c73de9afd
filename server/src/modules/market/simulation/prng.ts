// A small seeded PRNG (mulberry32) and helpers. The venue and the simulation never call
// Math.random: every random draw comes from a stream named by (seed, instrument, date, …),
// so the same seed replays the same day, and instruments do not disturb each other.

export interface Prng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
  /** Standard normal (Box–Muller). */
  normal(): number;
  /** Exponential with mean 1. */
  exponential(): number;
  /** Geometric number of trials ≥ 1 with the given mean (≥ 1). */
  geometric(mean: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
}

/** FNV-1a over the joined parts: a stable 32-bit seed for a named stream. */
export function hashSeed(...parts: ReadonlyArray<string | number>): number {
  let h = 0x811c9dc5;
  const s = parts.join('\u001f');
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function mulberry32(seed: number): Prng {
  let a = seed >>> 0;
  let spare: number | null = null;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const prng: Prng = {
    next,
    int: (n) => Math.floor(next() * n),
    normal: () => {
      if (spare !== null) {
        const s = spare;
        spare = null;
        return s;
      }
      let u = 0;
      while (u === 0) u = next();
      const v = next();
      const r = Math.sqrt(-2 * Math.log(u));
      spare = r * Math.sin(2 * Math.PI * v);
      return r * Math.cos(2 * Math.PI * v);
    },
    exponential: () => {
      let u = 0;
      while (u === 0) u = next();
      return -Math.log(u);
    },
    geometric: (mean) => {
      if (mean <= 1) return 1;
      const p = 1 / mean;
      let u = 0;
      while (u === 0) u = next();
      return 1 + Math.floor(Math.log(u) / Math.log(1 - p));
    },
    chance: (p) => next() < p,
  };
  return prng;
}

/** A stream named by its parts. */
export function prngFor(...parts: ReadonlyArray<string | number>): Prng {
  return mulberry32(hashSeed(...parts));
}

/**
 * A day of `n` minute values from exp(logFrom) to exp(logTo): a seeded random walk with
 * the day's volatility (`dailyVol`, spread over the minutes), pinned at both ends so the
 * last value is exactly exp(logTo).
 */
export function brownianBridge(rng: Prng, n: number, dailyVol: number, logFrom: number, logTo: number): number[] {
  const step = (0.9 * dailyVol) / Math.sqrt(n);
  const walk: number[] = [];
  let w = 0;
  for (let k = 0; k < n; k++) {
    w += step * rng.normal();
    walk.push(w);
  }
  const end = walk[n - 1] as number;
  return walk.map((wk, k) => {
    const x = (k + 1) / n;
    return Math.exp(logFrom + x * (logTo - logFrom) + wk - x * end);
  });
}
