import { hashSeed, mulberry32, prngFor } from './prng';

describe('seeded PRNG', () => {
  it('replays the same sequence for the same seed and differs for another', () => {
    const a = prngFor('seed', '7203', '2026-01-13');
    const b = prngFor('seed', '7203', '2026-01-13');
    const c = prngFor('seed', '7203', '2026-01-14');
    const seqA = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 20 }, () => c.next())).not.toEqual(seqA);
  });

  it('draws uniforms in [0, 1) and normals with mean ≈ 0, sd ≈ 1', () => {
    const r = mulberry32(42);
    let sum = 0;
    let sq = 0;
    const n = 20_000;
    for (let i = 0; i < n; i++) {
      const u = r.next();
      expect(u).toBeGreaterThanOrEqual(0);
      expect(u).toBeLessThan(1);
      const z = r.normal();
      sum += z;
      sq += z * z;
    }
    expect(Math.abs(sum / n)).toBeLessThan(0.05);
    expect(Math.abs(Math.sqrt(sq / n) - 1)).toBeLessThan(0.05);
  });

  it('draws geometric sizes with the asked mean', () => {
    const r = mulberry32(7);
    let sum = 0;
    for (let i = 0; i < 20_000; i++) sum += r.geometric(4);
    expect(sum / 20_000).toBeGreaterThan(3.8);
    expect(sum / 20_000).toBeLessThan(4.2);
  });

  it('hashes names stably', () => {
    expect(hashSeed('a', 1)).toBe(hashSeed('a', 1));
    expect(hashSeed('a', 1)).not.toBe(hashSeed('a', 2));
  });
});
