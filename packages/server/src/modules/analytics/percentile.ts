/**
 * Percentiles by linear interpolation between closest ranks (the "R-7" / Excel
 * PERCENTILE.INC / PostgreSQL percentile_cont definition): for n sorted values x₀…xₙ₋₁ and
 * p = k/d, h = (n−1)·k/d; the answer is x⌊h⌋ + (h − ⌊h⌋)·(x⌊h⌋₊₁ − x⌊h⌋). The median of an even
 * count is the mean of the two middle values. The repository picks x⌊h⌋ and x⌊h⌋₊₁ in SQL.
 */
export function interpolateRank(n: number, k: number, d: number, low: number, high: number | null): number {
  const fraction = (((n - 1) * k) % d) / d;
  if (fraction === 0 || high === null) return low;
  return low + fraction * (high - low);
}

/** The same percentile over an unsorted list (tests and checks). */
export function percentileOf(values: readonly number[], k: number, d: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const low = Math.floor(((sorted.length - 1) * k) / d);
  return interpolateRank(sorted.length, k, d, sorted[low], low + 1 < sorted.length ? sorted[low + 1] : null);
}
