/**
 * The architecture checks of docs/architecture.md ("Boundaries"): import rules
 * (.dependency-cruiser.cjs, the CLI's included), no cycle between modules, other plugins reached
 * only through their `api`, no query built in a route, every table with an owner and touched only
 * by its owner's repository files, no module past 3,000 lines. `npx tsx scripts/boundaries.ts` prints the same findings.
 * The checks are shown to catch each kind of drift in a copy of the tree with one of each planted.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clockViolations,
  importViolations,
  moduleCycles,
  moduleSizeViolations,
  pluginMemberViolations,
  ROOT,
  routeQueryViolations,
  tableViolations,
  unownedTables,
} from '../../scripts/boundaries.js';

describe('module boundaries', () => {
  it('keeps every import inside the rules and no module in a cycle', async () => {
    const { violations, result } = await importViolations();
    expect(violations).toEqual([]);
    expect(moduleCycles(result)).toEqual([]);
  }, 120_000);

  it('reaches other plugins only through their api', () => {
    expect(pluginMemberViolations()).toEqual([]);
  });

  it('builds queries in repositories, never in routes', () => {
    expect(routeQueryViolations()).toEqual([]);
  });

  it('keeps one clock: no route reads the wall clock, no module keeps a clock of its own', () => {
    expect(clockViolations()).toEqual([]);
  });

  it('touches each table only in the repository files of the module that owns it', () => {
    expect(tableViolations()).toEqual([]);
  });

  it('keeps every module within 3,000 lines', () => {
    expect(moduleSizeViolations()).toEqual([]);
  });

  it('has an owner for every table the migrations create', async () => {
    expect(await unownedTables()).toEqual([]);
  }, 60_000);
});

describe('the boundary checks, on a copy of the tree with one drift of each kind', () => {
  let copy: string;
  const plant = (file: string, text: string) => {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    writeFileSync(join(copy, file), text);
  };

  beforeAll(() => {
    copy = mkdtempSync(join(tmpdir(), 'vessel-link-drift-'));
    for (const entry of ['src', 'cli', 'contracts', 'migrations', 'simulator', 'bridge', 'tsconfig.json'])
      cpSync(join(ROOT, entry), join(copy, entry), { recursive: true });
    // The copy's migrations import the server's code, which imports packages.
    symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
    plant('cli/commands/drift.ts', "import { password } from '../../src/modules/auth/schemas.js';\n\nexport const drift = password;\n");
    // The bridge package reaching into the simulator and the server.
    plant('bridge/client/drift.ts', "import { SCENARIOS } from '../../simulator/scenarios.js';\n\nexport const drift = SCENARIOS;\n");
    plant('bridge/drift.ts', "import type { Server } from '../src/server.js';\n\nexport type Drift = Server;\n");
    plant(
      'src/modules/weather/drift.ts',
      "import type { Server } from '@hapi/hapi';\n\nexport const drift = (server: Server) => server.plugins.alerts.lifecycle;\n",
    );
    plant(
      'src/modules/weather/routes/drift.ts',
      "import type { Db } from '../../../db/knex.js';\n\nexport const drift = (db: Db) => db('vessels').where({ id: 1 }).first();\n",
    );
    plant(
      'migrations/29991231000000_drift.ts',
      "import type { Knex } from 'knex';\n\nexport const up = (knex: Knex) => knex.schema.createTable('drift_notes', (t) => t.increments('id'));\nexport const down = (knex: Knex) => knex.schema.dropTable('drift_notes');\n",
    );
    plant(
      'src/modules/weather/repository.ts',
      "import type { Db } from '../../db/knex.js';\n\nexport const notes = (db: Db) => db('drift_notes').select('id');\n",
    );
    // A route reading the wall clock, and a service with a clock of its own.
    plant('src/modules/weather/routes/today.ts', 'export const today = () => new Date().toISOString().slice(0, 10);\n');
    plant('src/modules/weather/own-clock.ts', 'export class Forecasts {\n  now: () => number = Date.now;\n}\n');
    // The weather module grown past the limit by one large file.
    plant('src/modules/weather/grown.ts', '// one line of a module that grew\n'.repeat(3001));
  });
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('reports a CLI file that imports a module’s internals, and a bridge file that imports the simulator or the server', async () => {
    const { violations } = await importViolations(copy);
    expect(violations).toEqual(
      expect.arrayContaining([
        { rule: 'cli-through-api', from: 'cli/commands/drift.ts', to: 'src/modules/auth/schemas.ts' },
        { rule: 'bridge-stands-alone', from: 'bridge/client/drift.ts', to: 'simulator/scenarios.ts' },
        { rule: 'bridge-stands-alone', from: 'bridge/drift.ts', to: 'src/server.ts' },
      ]),
    );
    expect(violations).toHaveLength(3);
  }, 120_000);

  it('reports a module that reaches another plugin’s member other than its api', () => {
    expect(pluginMemberViolations(copy)).toEqual([{ rule: 'plugin-member', from: 'src/modules/weather/drift.ts', to: 'server.plugins.alerts.lifecycle' }]);
  });

  it('reports a route that builds its own query', () => {
    expect(routeQueryViolations(copy)).toEqual([{ rule: 'query-in-route', from: 'src/modules/weather/routes/drift.ts', to: "db('" }]);
  });

  it('reports a route that reads the wall clock and a module that keeps a clock of its own', () => {
    expect(clockViolations(copy)).toEqual(
      expect.arrayContaining([
        { rule: 'wall-clock-in-route', from: 'src/modules/weather/routes/today.ts', to: 'new Date()' },
        { rule: 'clock-of-its-own', from: 'src/modules/weather/own-clock.ts', to: 'now: () => number = Date.now' },
      ]),
    );
    expect(clockViolations(copy)).toHaveLength(2);
  });

  it('reports a module grown past 3,000 lines', () => {
    expect(moduleSizeViolations(copy)).toEqual([
      { rule: 'module-too-large', from: 'src/modules/weather', to: expect.stringMatching(/^\d+ lines \(at most 3000\)$/) },
    ]);
  });

  it('reports a table the migrations create that is missing from the owner list, and the code that touches it', async () => {
    expect(await unownedTables(copy)).toEqual([{ rule: 'table-without-owner', from: 'migrations', to: 'drift_notes' }]);
    expect(tableViolations(copy)).toEqual([
      { rule: 'unowned-table', from: 'src/modules/weather/repository.ts', to: 'drift_notes' },
      { rule: 'foreign-table', from: 'src/modules/weather/routes/drift.ts', to: 'vessels' },
    ]);
  }, 60_000);
});
