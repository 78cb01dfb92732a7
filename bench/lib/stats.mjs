// Small statistics shared by the benches: percentiles and means of timings.

/** p50 and p99 (nearest rank) of some values, rounded to `decimals`, with their count. */
export function percentiles(values, decimals = 1) {
  const sorted = [...values].sort((a, b) => a - b);
  const scale = 10 ** decimals;
  const at = (p) => Math.round((sorted[Math.max(0, Math.ceil(sorted.length * p) - 1)] ?? 0) * scale) / scale;
  return { count: sorted.length, p50: at(0.5), p99: at(0.99) };
}

/** The arithmetic mean, rounded to `decimals` (0 for no values). */
export function mean(values, decimals = 1) {
  if (values.length === 0) return 0;
  const scale = 10 ** decimals;
  return Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * scale) / scale;
}
