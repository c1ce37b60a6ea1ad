/**
 * The architecture checks of docs/architecture.md ("Boundaries"): import rules
 * (.dependency-cruiser.cjs), no cycle between modules, every table touched only by its owner's
 * repository files. `npx tsx scripts/boundaries.ts` prints the same findings.
 */
import { describe, expect, it } from 'vitest';
import { importViolations, moduleCycles, tableViolations } from '../../scripts/boundaries.js';

describe('module boundaries', () => {
  it('keeps every import inside the rules and no module in a cycle', async () => {
    const { violations, result } = await importViolations();
    expect(violations).toEqual([]);
    expect(moduleCycles(result)).toEqual([]);
  }, 120_000);

  it('touches each table only in the repository files of the module that owns it', () => {
    expect(tableViolations()).toEqual([]);
  });
});
