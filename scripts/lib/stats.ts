/**
 * The nearest-rank percentile of values sorted ascending: the smallest value with at least `p`
 * percent of the values at or below it (`p` 50 is the median, 100 the maximum); NaN when empty.
 */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN
}
