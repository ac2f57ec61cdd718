// Deterministic pseudo-random numbers, so a generated quote or form can be made again from its seed:
// the studio's impact panel, the tests' quote variations and the benchmarks all draw from it.

/** mulberry32: a small, well-known 32-bit generator; the same seed gives the same sequence in [0, 1). */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
