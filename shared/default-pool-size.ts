/**
 * Block workers a render worker starts for long documents: the cores left
 * beside the main thread and the render worker, up to 4 (none on 2 cores,
 * where they measured slower than rendering in the render worker alone).
 * The worker starts this many; the Benchmark view offers it first.
 */
export function defaultPoolSize(cores: number): number {
  return Math.max(0, Math.min(4, (cores || 2) - 2))
}
