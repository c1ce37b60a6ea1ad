/**
 * Every document a comment or a doc cites exists in the repository (issue 43, item 7): the shared
 * specification's files outside it (its bridge protocol and HTTP contract) are never cited; the
 * project's own words are in docs/.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const SCANNED = ['src', 'web/src', 'cli', 'bridge', 'simulator', 'contracts', 'scripts', 'bench', 'tests', 'docs', 'README.md'];

function* files(path: string): Generator<string> {
  const full = join(ROOT, path);
  if (!existsSync(full)) return;
  if (statSync(full).isFile()) {
    yield path;
    return;
  }
  for (const entry of readdirSync(full)) {
    if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
    yield* files(join(path, entry));
  }
}

const sources = [...SCANNED.flatMap((path) => [...files(path)])].filter((f) => /\.(ts|tsx|mjs|md)$/.test(f) && !f.endsWith('citations.test.ts'));

describe('citations', () => {
  it('never cite the specification files that live outside the repository', () => {
    const outside = sources.filter((f) => /\b(BRIDGE|API)\.md\b|api-shapes\.md/.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(outside).toEqual([]);
  });

  it('cite only documents of docs/ that exist', () => {
    const missing = sources.flatMap((f) =>
      [...readFileSync(join(ROOT, f), 'utf8').matchAll(/\bdocs\/([a-z0-9-]+\.md)\b/g)].map((m) => m[1]).filter((doc) => !existsSync(join(ROOT, 'docs', doc))).map((doc) => `${f}: docs/${doc}`),
    );
    expect([...new Set(missing)]).toEqual([]);
  });
});
