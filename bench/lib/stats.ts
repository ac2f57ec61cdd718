// Small statistics for the benchmark: medians and percentiles of samples (nearest rank).

export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export const median = (samples: readonly number[]): number => {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Rounds to `digits` significant digits (results stay readable in JSON). */
export function round(x: number, digits = 3): number {
  if (!Number.isFinite(x) || x === 0) return x;
  const exponent = digits - 1 - Math.floor(Math.log10(Math.abs(x)));
  // Divide by a whole power of ten rather than multiply by a fraction: 5590000, not 5590000.000000001.
  return exponent >= 0
    ? Math.round(x * 10 ** exponent) / 10 ** exponent
    : Math.round(x / 10 ** -exponent) * 10 ** -exponent;
}
