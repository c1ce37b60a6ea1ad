/**
 * The authorization matrix (issue "Hold the line under attack"): every route of the server's own
 * route table × every kind of caller × an own and a foreign vessel. A route without an entry in
 * matrix.ts fails here, so no route ships without a decision about who may call it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { expected, matches, type Expected } from './expectations.js';
import { MATRIX } from './matrix.js';
import { FOREIGN_VESSEL, OWN_VESSEL, signInEveryRole, type RoleAccess, type RoleName } from './roles.js';
import { apiRoutes, declaredAudience, probe, routeKey } from './routes.js';

let t: TestServer;
let roles: Record<RoleName, RoleAccess>;

/** Tables whose content may change on a refused call: the audit trail records refusals, sessions are touched. */
const BOOKKEEPING = new Set(['audit_log', 'sessions', 'knex_migrations', 'knex_migrations_lock', 'mail_outbox', 'rate_limits', 'error_reports']);

async function snapshot(): Promise<string> {
  const db = t.database.db;
  const tables: string[] =
    db.client.config.client === 'pg'
      ? (await db.raw("select tablename as name from pg_tables where schemaname = 'public' order by 1")).rows.map((r: { name: string }) => r.name)
      : (await db.raw("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by 1")).map((r: { name: string }) => r.name);
  const parts: string[] = [];
  for (const table of tables.filter((name) => !BOOKKEEPING.has(name))) parts.push(table, JSON.stringify(await db(table).select('*').orderByRaw('1')));
  return parts.join('\n');
}

beforeAll(async () => {
  t = await createTestServer({ demo: true });
  roles = await signInEveryRole(t);
});
afterAll(() => t?.close());

describe('the authorization matrix', () => {
  it('has an entry for every route, matching what the route declares', () => {
    const routes = apiRoutes(t.server);
    const missing = routes.filter((r) => !(routeKey(r) in MATRIX)).map((r) => `'${routeKey(r)}': ${JSON.stringify(declaredAudience(r))},`);
    expect(missing, 'routes without a matrix entry (add them to tests/security/matrix.ts)').toEqual([]);
    const stale = Object.keys(MATRIX).filter((key) => !routes.some((r) => routeKey(r) === key));
    expect(stale, 'matrix entries for routes that no longer exist').toEqual([]);
    const disagreeing = routes.filter((r) => JSON.stringify(stripStream(MATRIX[routeKey(r)])) !== JSON.stringify(declaredAudience(r))).map(routeKey);
    expect(disagreeing, 'routes whose declaration differs from the matrix').toEqual([]);
  });

  it('refuses every caller the contract refuses, with its status, and changes nothing', async () => {
    const before = await snapshot();
    const wrong: string[] = [];
    for (const route of apiRoutes(t.server)) {
      const audience = MATRIX[routeKey(route)];
      for (const [name, role] of Object.entries(roles) as Array<[RoleName, RoleAccess]>) {
        for (const [vesselId, own] of [
          [OWN_VESSEL, true],
          [FOREIGN_VESSEL, false],
        ] as const) {
          const want: Expected = expected(audience, role, own);
          if (want === 'pass') continue;
          const request = probe(route, audience, vesselId);
          const res = await t.server.inject({ ...request, headers: { ...request.headers, ...(role.token ? { authorization: `Bearer ${role.token}` } : {}) } });
          const body = res.result as { ok?: boolean; message?: string } | null;
          if (!matches(want, res.statusCode, body ?? {}) || body?.ok !== false)
            wrong.push(`${request.method} ${request.url} as ${name}: ${res.statusCode}, expected ${want}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toBe(before);
  });

  it('lets through every caller the contract lets through (reads)', async () => {
    const wrong: string[] = [];
    for (const route of apiRoutes(t.server).filter((r) => r.method === 'get')) {
      const audience = MATRIX[routeKey(route)];
      // Public routes authorize nobody (health may answer 503 by contract when the broker is not started).
      if (audience === 'public' || audience === 'user-stream' || (typeof audience === 'object' && audience.stream)) continue;
      for (const [name, role] of Object.entries(roles) as Array<[RoleName, RoleAccess]>) {
        if (expected(audience, role, true) !== 'pass') continue;
        const request = probe(route, audience, OWN_VESSEL);
        const res = await t.server.inject({ ...request, headers: { ...request.headers, ...(role.token ? { authorization: `Bearer ${role.token}` } : {}) } });
        if (!matches('pass', res.statusCode, (res.result as { message?: string } | null) ?? {}))
          wrong.push(`${request.method} ${request.url} as ${name}: ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

function stripStream(audience: (typeof MATRIX)[string] | undefined) {
  if (audience === 'user-stream') return 'user';
  if (!audience || typeof audience !== 'object') return audience;
  const { stream: _stream, ...rest } = audience;
  return rest;
}
