/**
 * Property-based fuzzing of every route through `server.inject` (issue "Hold the line under
 * attack"): whatever the path parameters, query and body, the answer is never a 5xx and always
 * the envelope of docs/api.md. `npm test` runs a bounded number of cases per route;
 * `FUZZ_RUNS=500 npx vitest run tests/security/fuzz.test.ts` (or `npm run fuzz`) runs longer.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { MATRIX } from './matrix.js';
import { apiRoutes, routeKey } from './routes.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
/**
 * Ending the session or the account would leave the rest of the run without a caller; health
 * answers 503 by contract when a part is down (this server never starts its broker).
 */
const SKIPPED = new Set(['POST /api/auth/logout', 'POST /api/profile/confirmDelete', 'GET /api/health', 'GET /api/health/ready']);

const nasty = fc.constantFrom(
  '0',
  '-1',
  '1',
  '3',
  '1e309',
  '999999999999999999999999',
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  'true',
  'null',
  '%00',
  '..%2F..',
  'a'.repeat(400),
  '😀',
);
const text = fc.oneof(nasty, fc.string({ maxLength: 40 }), fc.integer().map(String));
const deep = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    fc.string(),
    fc.integer(),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('node'), { maxKeys: 3 }),
    fc.array(tie('node'), { maxLength: 3 }),
  ),
})).node;
const sortKeys = fc.constantFrom('constructor,desc', '__proto__', 'toString,asc', 'name,desc', 'id', ',', 'a'.repeat(100));
const body = fc.oneof(
  fc.anything({ maxDepth: 4 }),
  fc.record({ page: fc.oneof(fc.integer(), text), size: fc.oneof(fc.integer(), text), sort: sortKeys, filter: deep }, { requiredKeys: [] }),
  fc.dictionary(
    fc.constantFrom(
      'name',
      'email',
      'password',
      'userId',
      'companyId',
      'permissions',
      'requestData',
      'value',
      'deviceProperty',
      'messageText',
      'radius',
      'constructor',
      '__proto__',
    ),
    deep,
    { maxKeys: 5 },
  ),
  fc.array(fc.nat(1000), { minLength: 60, maxLength: 80 }).map((depth) => depth.reduce<unknown>((inner) => ({ requestData: inner }), {})),
);
const query = fc.dictionary(
  fc.constantFrom(
    'vesselId',
    'code',
    'email',
    'pairingCode',
    'sort',
    'from',
    'to',
    'bus',
    'lat',
    'lon',
    'matchAll',
    'paused',
    'linkKey',
    'sessionKey',
    'constructor',
    '__proto__',
  ),
  text,
  { maxKeys: 4 },
);

function isEnvelope(payload: string): boolean {
  try {
    const body = JSON.parse(payload) as { ok?: unknown } | null;
    return typeof body === 'object' && body !== null && typeof body.ok === 'boolean';
  } catch {
    return false;
  }
}

let t: TestServer;
let token: string;
beforeAll(async () => {
  t = await createTestServer({ demo: true });
  token = await t.login('owner@demo.test');
});
afterAll(() => t?.close());

describe('fuzzing every route', () => {
  it('never answers 5xx, and always in the envelope', async () => {
    const failures: string[] = [];
    for (const route of apiRoutes(t.server)) {
      const key = routeKey(route);
      const audience = MATRIX[key];
      if (SKIPPED.has(key) || audience === 'user-stream' || (typeof audience === 'object' && audience.stream)) continue;
      await fc
        .assert(
          fc.asyncProperty(fc.array(text, { minLength: 4, maxLength: 4 }), query, fc.oneof(body, fc.string()), async (params, q, payload) => {
            let i = 0;
            const path = route.path.replace(/\{(\w+)\??\}/g, () => encodeURIComponent(params[i++ % params.length]));
            const search = new URLSearchParams(Object.entries(q)).toString();
            const res = await t.server.inject({
              method: route.method.toUpperCase(),
              url: search ? `${path}?${search}` : path,
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
              ...(route.method === 'get' ? {} : { payload: typeof payload === 'string' ? payload : (JSON.stringify(payload) ?? 'null') }),
            });
            // Judged on the bytes sent: some routes answer an envelope they keep as text (the device list).
            const enveloped = res.headers['content-type']?.toString().startsWith('application/json') ? isEnvelope(res.payload) : true;
            if (res.statusCode >= 500 || !enveloped)
              failures.push(`${route.method.toUpperCase()} ${path}?${search}: ${res.statusCode} ${res.payload.slice(0, 200)}`);
            return res.statusCode < 500 && enveloped;
          }),
          { numRuns: RUNS, endOnFailure: true },
        )
        .catch(() => undefined);
    }
    expect(failures).toEqual([]);
    // Every route in turn: the time grows with the route table, not with a slow answer.
  }, 240_000);
});
