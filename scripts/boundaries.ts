/**
 * The architecture checks `npm test` runs (tests/architecture/boundaries.test.ts) and
 * `npx tsx scripts/boundaries.ts` prints (docs/architecture.md, "Boundaries"):
 * - dependency-cruiser's import rules (.dependency-cruiser.cjs): a module reaches another only
 *   through its api.ts, and so does the CLI; no circular imports; each side stays on its side;
 * - no cycle between modules;
 * - a module reaches another plugin's members only through its `api` (`server.plugins.x.api`);
 * - no route builds a query: queries live in repositories;
 * - every table the migrations create has an owner below, and each table is touched only by
 *   its owner's repository files (a table nobody owns is a violation, never a table unchecked).
 * Every check takes the root of a tree to read, so a test can plant drift in a copy.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';
import type { Knex } from 'knex';
import { createDatabase } from '../src/db/knex.js';

export const ROOT = new URL('..', import.meta.url).pathname;
const require = createRequire(import.meta.url);

/**
 * Which module owns which table. A module's tables are read and written only in its `repository.ts`
 * files; `db` is the database layer (src/db: Knex's migration bookkeeping and the write probe).
 */
export const TABLE_OWNERS: Record<string, string[]> = {
  db: ['knex_migrations', 'knex_migrations_lock', 'write_probes'],
  platform: ['mail_outbox', 'files', 'audit_log'],
  auth: ['users', 'sessions', 'one_time_tokens'],
  utility: ['countries', 'languages', 'error_reports'],
  admin: ['navigation_components'],
  service: ['service_items', 'service_log', 'service_log_documents', 'service_requests'],
  org: ['companies', 'company_staff', 'company_relationships', 'company_clients', 'company_client_notes', 'vessel_models'],
  access: ['vessel_members'],
  vessel: ['vessels', 'vessel_notes', 'vessel_documents', 'document_categories', 'vessel_access_requests'],
  messaging: ['message_threads', 'message_thread_members', 'messages', 'message_attachments', 'message_digests'],
  billing: ['products', 'vouchers', 'vessel_subscriptions', 'payment_methods', 'invoices'],
  bridges: ['bridges', 'bridge_usage', 'bridge_requests', 'bridge_connections', 'rollouts', 'rollout_targets'],
  telemetry: [
    'value_series',
    'value_batches',
    'value_history',
    'value_history_hours',
    'value_rollup_minute',
    'value_rollup_hour',
    'value_rollup_state',
    'locations',
    'message_sources',
    'ingest_receipt_rings',
  ],
  devices: ['devices', 'device_properties', 'device_inventories'],
  commands: ['device_commands'],
  ingest: ['vessel_interfaces'],
  equipment: ['simple_devices', 'simple_device_fields', 'vessel_app_settings'],
  alerts: [
    'alerts',
    'alert_log',
    'custom_alerts',
    'alarm_shelves',
    'vessel_alarm_settings',
    'alarm_mode_suppressions',
    'property_warning_levels',
    'vessel_outages',
  ],
  geofence: ['vessel_geofences'],
  cameras: ['vessel_cameras'],
  transfer: ['vessel_transfers'],
  notifications: [
    'user_notification_settings',
    'geofence_notify',
    'escalation_steps',
    'alert_escalations',
    'push_subscriptions',
    'alert_mutes',
    'alert_deliveries',
    'alert_acknowledgements',
    'user_phones',
    'alert_followups',
  ],
  routines: ['routines', 'routine_runs', 'routine_schedules'],
  reports: ['alarm_report_mailings'],
};

export interface Violation {
  rule: string;
  from: string;
  to: string;
}

interface SourceFile {
  /** Relative to the root, with forward slashes. */
  file: string;
  text: string;
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

const sourcesUnder = (root: string, dir: string): SourceFile[] =>
  filesUnder(join(root, dir)).map((path) => ({ file: relative(root, path).split('\\').join('/'), text: readFileSync(path, 'utf8') }));

const moduleOf = (file: string): string | null =>
  /^src\/modules\/([^/]+)\//.exec(file)?.[1] ?? (file.startsWith('src/platform/') ? 'platform' : file.startsWith('src/db/') ? 'db' : null);

export async function importViolations(root = ROOT): Promise<{ violations: Violation[]; result: ICruiseResult }> {
  const config = require(join(ROOT, '.dependency-cruiser.cjs')) as IConfiguration;
  const tsconfig = join(root, 'tsconfig.json');
  const { output } = await cruise(
    ['src', 'contracts', 'web/src', 'cli', 'simulator', 'bridge'].filter((dir) => existsSync(join(root, dir))),
    { ...config.options, ruleSet: { forbidden: config.forbidden }, baseDir: root, validate: true },
    undefined,
    existsSync(tsconfig) ? { tsConfig: JSON.parse(readFileSync(tsconfig, 'utf8')) } : undefined,
  );
  const result = output as ICruiseResult;
  const violations = result.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
  return { violations, result };
}

/** Module → modules it imports; a cycle anywhere is a violation. */
export function moduleCycles(result: ICruiseResult): Violation[] {
  const edges = new Map<string, Set<string>>();
  for (const m of result.modules) {
    const from = /^src\/modules\/([^/]+)\//.exec(m.source)?.[1];
    if (!from) continue;
    for (const d of m.dependencies) {
      const to = /^src\/modules\/([^/]+)\//.exec(d.resolved)?.[1];
      if (to && to !== from) (edges.get(from) ?? edges.set(from, new Set()).get(from)!).add(to);
    }
  }
  const out: Violation[] = [];
  const seen = new Set<string>();
  for (const [from, tos] of edges) {
    for (const to of tos) {
      const key = [from, to].sort().join('↔');
      if (!seen.has(key) && reaches(edges, to, from)) {
        seen.add(key);
        out.push({ rule: 'module-cycle', from, to });
      }
    }
  }
  return out;
}

function reaches(edges: Map<string, Set<string>>, start: string, goal: string): boolean {
  const stack = [start];
  const visited = new Set<string>();
  while (stack.length) {
    const at = stack.pop()!;
    if (at === goal) return true;
    if (visited.has(at)) continue;
    visited.add(at);
    stack.push(...(edges.get(at) ?? []));
  }
  return false;
}

/** `server.plugins.alerts.lifecycle` (or `registered.plugins...`, in a dependency callback): the plugin and the member reached. */
const PLUGIN_MEMBER = /\b(?:server|registered)\.plugins\.(\w+)(?:\??\.(\w+))?/g;

/** A module reaching another plugin's members other than its `api` (or the whole plugin object, to take members from it). */
export function pluginMemberViolations(root = ROOT): Violation[] {
  const out: Violation[] = [];
  for (const { file, text } of sourcesUnder(root, 'src/modules')) {
    const module = moduleOf(file);
    for (const m of text.matchAll(PLUGIN_MEMBER)) {
      const [reached, plugin, member] = m;
      if (plugin !== module && member !== 'api') out.push({ rule: 'plugin-member', from: file, to: reached });
    }
  }
  return out;
}

/** What building a query looks like: a table called up, a query builder's clauses, Knex itself. */
const QUERY = [
  /\b(?:db|trx|knex|conn)\s*(?:<[^>]*>)?\(\s*['"`]/,
  /\.(?:where|andWhere|orWhere)\w*\(|\.(?:orderBy|groupBy|having|select|pluck|first|insert|onConflict|clearSelect|count)\(/,
  /from ['"]knex['"]/,
];

/** A route file that builds a query itself: queries live in the module's repository files. */
export function routeQueryViolations(root = ROOT): Violation[] {
  const out: Violation[] = [];
  for (const { file, text } of sourcesUnder(root, 'src/modules')) {
    if (!/^src\/modules\/[^/]+\/routes\//.test(file)) continue;
    const found = QUERY.map((pattern) => pattern.exec(text)?.[0]).find((hit) => hit !== undefined);
    if (found) out.push({ rule: 'query-in-route', from: file, to: found });
  }
  return out;
}

/** The wall clock read in a handler: `Date.now()`, or `new Date()` with nothing to parse. */
const WALL_CLOCK = /\bDate\.now\(\)|\bnew Date\(\s*\)/;
/** A clock a module keeps for itself: `now: () => Date.now()`, `now = Date.now`, `now: () => number = Date.now`. */
const OWN_CLOCK = /\bnow\s*(?::\s*\(\)\s*=>\s*number\s*)?[:=]\s*(?:\(\)\s*=>\s*)?Date\.now\b/;

/**
 * Issue 43, "one clock": a route reading the wall clock, or a module keeping a clock of its own,
 * instead of the server's (`ctx.clock`, docs/architecture.md "One clock").
 */
export function clockViolations(root = ROOT): Violation[] {
  const out: Violation[] = [];
  for (const { file, text } of sourcesUnder(root, 'src/modules')) {
    const own = OWN_CLOCK.exec(text)?.[0];
    if (own) out.push({ rule: 'clock-of-its-own', from: file, to: own });
    const wall = /^src\/modules\/[^/]+\/routes\//.test(file) ? WALL_CLOCK.exec(text)?.[0] : undefined;
    if (wall) out.push({ rule: 'wall-clock-in-route', from: file, to: wall });
  }
  return out;
}

/** Knex calls naming a table: `db('t')`, `trx<T>('t as x')`, `.join('t ...')`, `.from('t')`, `.into('t')`, `.table('t')`. */
const TABLE_USE =
  /(?:\b(?:db|trx|knex|conn)(?:<[^>]*>)?\(\s*|\.(?:join|leftJoin|innerJoin|rightJoin|from|into|table)\(\s*)['"`]([a-z_]+)(?:\s+as\s+\w+)?['"`]/g;
const SQL_TABLE = /\b(?:FROM|JOIN|INTO|UPDATE)\s+([a-z_]+)\b/g;

const ownerOf = (owners: Record<string, string[]>) => new Map(Object.entries(owners).flatMap(([module, tables]) => tables.map((t) => [t, module] as const)));

/** A table touched outside its owner's repository files, or one nobody owns. */
export function tableViolations(root = ROOT, owners = TABLE_OWNERS): Violation[] {
  const owner = ownerOf(owners);
  const out: Violation[] = [];
  for (const { file, text } of sourcesUnder(root, 'src')) {
    const module = moduleOf(file);
    // Repository files: `repository.ts`, `<concept>-repository.ts`, anything under a `repository/`
    // folder, and the telemetry module's hot-path writer (`value-store/`).
    const isRepository = /(^|\/)([\w-]+-)?repository(\/|\.ts$)|\/value-store\//.test(file) || file.startsWith('src/platform/') || file.startsWith('src/db/');
    const tables = new Set<string>();
    for (const m of text.matchAll(TABLE_USE)) tables.add(m[1]);
    for (const m of text.matchAll(SQL_TABLE)) if (owner.has(m[1])) tables.add(m[1]);
    for (const table of tables) {
      const tableOwner = owner.get(table);
      if (!tableOwner) out.push({ rule: 'unowned-table', from: file, to: table });
      else if (tableOwner !== module) out.push({ rule: 'foreign-table', from: file, to: table });
      else if (!isRepository) out.push({ rule: 'table-outside-repository', from: file, to: table });
    }
  }
  return out;
}

/** The tables the migrations under `root` create, read back from a scratch SQLite database they ran on. */
export async function migratedTables(root = ROOT): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'vessel-link-boundaries-'));
  const db = createDatabase(join(dir, 'tables.db'));
  const folder = join(root, 'migrations');
  const source: Knex.MigrationSource<string> = {
    getMigrations: async () =>
      readdirSync(folder)
        .filter((f) => /^\d{14}_[\w-]+\.[jt]s$/.test(f))
        .sort(),
    getMigrationName: (name) => name,
    getMigration: (name) => import(pathToFileURL(join(folder, name)).href),
  };
  try {
    await db.migrate.latest({ migrationSource: source });
    const rows: Array<{ name: string }> = await db.raw("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name");
    return rows.map((r) => r.name);
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Tables the migrations create that have no owner: the ownership check would pass them by. */
export async function unownedTables(root = ROOT, owners = TABLE_OWNERS): Promise<Violation[]> {
  const owner = ownerOf(owners);
  return (await migratedTables(root)).filter((table) => !owner.has(table)).map((table) => ({ rule: 'table-without-owner', from: 'migrations', to: table }));
}

/** Issue 43: a module a reader can hold in mind; past this, it is several modules in one. */
export const MODULE_LINE_LIMIT = 3000;

/** A module under src/modules whose source holds more lines than the limit (counted as `wc -l` counts them). */
export function moduleSizeViolations(root = ROOT, limit = MODULE_LINE_LIMIT): Violation[] {
  const lines = new Map<string, number>();
  for (const { file, text } of sourcesUnder(root, 'src/modules')) {
    const module = moduleOf(file);
    if (module) lines.set(module, (lines.get(module) ?? 0) + (text.match(/\n/g)?.length ?? 0));
  }
  return [...lines]
    .filter(([, count]) => count > limit)
    .map(([module, count]) => ({ rule: 'module-too-large', from: `src/modules/${module}`, to: `${count} lines (at most ${limit})` }));
}

export async function allViolations(root = ROOT): Promise<Violation[]> {
  const { violations, result } = await importViolations(root);
  return [
    ...violations,
    ...moduleCycles(result),
    ...pluginMemberViolations(root),
    ...routeQueryViolations(root),
    ...clockViolations(root),
    ...tableViolations(root),
    ...moduleSizeViolations(root),
    ...(await unownedTables(root)),
  ];
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const found = await allViolations();
  for (const v of found) console.log(`${v.rule}\t${v.from}\t${v.to}`);
  console.error(found.length ? `${found.length} boundary violations` : 'no boundary violations');
  process.exit(found.length ? 1 : 0);
}
