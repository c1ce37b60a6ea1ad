/**
 * One copy of each Signal K path in memory. Every bridge of a fleet reports much the same few
 * hundred paths, and each per-bridge map (the series, the properties, the cadence) kept its own
 * copies, read from the database or parsed from a message: about 15 MB for every 2,000 connected
 * bridges (docs/performance.md, "10,000 bridges"). Bounded: past MAX_PATHS distinct paths (a
 * bridge sending made-up ones), a path is kept as it came.
 */
const MAX_PATHS = 100_000;
const shared = new Map<string, string>();

export function sharedPath(path: string): string {
  const kept = shared.get(path);
  if (kept !== undefined) return kept;
  if (shared.size < MAX_PATHS) shared.set(path, path);
  return path;
}
