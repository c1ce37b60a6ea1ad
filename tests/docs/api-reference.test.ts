import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_DOC, routeSection, withRoutes } from '../../scripts/api-reference.js';

describe('docs/api.md', () => {
  it('lists every route as the server declares it (npx tsx scripts/api-reference.ts rewrites it)', async () => {
    const doc = readFileSync(API_DOC, 'utf8');
    expect(withRoutes(doc, await routeSection())).toBe(doc);
  });
});
