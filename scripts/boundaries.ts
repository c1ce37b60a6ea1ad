/**
 * The architecture checks `npm test` runs (tests/architecture/boundaries.test.ts) and
 * `npx tsx scripts/boundaries.ts` prints: dependency-cruiser's import rules
 * (.dependency-cruiser.cjs), no cycle between modules, and every table touched only by the
 * module that owns it (docs/architecture.md, "Modules and their tables").
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';

const root = new URL('..', import.meta.url).pathname;
const require = createRequire(import.meta.url);

/** Which module owns which table. A module's tables are read and written only in its `repository.ts` files. */
export const TABLE_OWNERS: Record<string, string[]> = {
  platform: ['mail_outbox', 'files', 'audit_log', 'rate_limits'],
  auth: ['users', 'sessions', 'one_time_tokens'],
  utility: ['countries', 'languages', 'error_reports'],
  admin: ['navigation_components'],
  service: ['service_items', 'service_log', 'service_log_documents'],
  org: ['companies', 'company_staff', 'company_relationships', 'company_clients', 'company_client_notes', 'vessel_models'],
  access: ['vessel_members'],
  vessel: ['vessels', 'vessel_notes', 'vessel_documents', 'document_categories', 'vessel_cameras', 'vessel_access_requests'],
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
    'vessel_geofences',
    'custom_alerts',
    'alarm_shelves',
    'vessel_alarm_settings',
    'alarm_mode_suppressions',
    'property_warning_levels',
  ],
  notifications: ['user_notification_settings', 'geofence_notify', 'escalation_steps', 'alert_escalations', 'push_subscriptions', 'alert_mutes'],
  routines: ['routines', 'routine_runs', 'routine_schedules'],
};

export interface Violation {
  rule: string;
  from: string;
  to: string;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

const moduleOf = (file: string): string | null => /^src\/modules\/([^/]+)\//.exec(file)?.[1] ?? (file.startsWith('src/platform/') ? 'platform' : null);

export async function importViolations(): Promise<{ violations: Violation[]; result: ICruiseResult }> {
  const config = require(join(root, '.dependency-cruiser.cjs')) as IConfiguration;
  const { output } = await cruise(
    ['src', 'contracts', 'web/src', 'cli', 'simulator'],
    { ...config.options, ruleSet: { forbidden: config.forbidden }, baseDir: root, validate: true },
    undefined,
    {
      tsConfig: JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8')),
    },
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

/** Knex calls naming a table: `db('t')`, `trx<T>('t as x')`, `.join('t ...')`, `.from('t')`, `.into('t')`, `.table('t')`. */
const TABLE_USE =
  /(?:\b(?:db|trx|knex|conn)(?:<[^>]*>)?\(\s*|\.(?:join|leftJoin|innerJoin|rightJoin|from|into|table)\(\s*)['"`]([a-z_]+)(?:\s+as\s+\w+)?['"`]/g;
const SQL_TABLE = /\b(?:FROM|JOIN|INTO|UPDATE)\s+([a-z_]+)\b/g;

/** A table touched outside its owner's repository files. */
export function tableViolations(): Violation[] {
  const owners = new Map(Object.entries(TABLE_OWNERS).flatMap(([module, tables]) => tables.map((t) => [t, module] as const)));
  const out: Violation[] = [];
  for (const path of filesUnder(join(root, 'src'))) {
    const file = relative(root, path);
    const text = readFileSync(path, 'utf8');
    const module = moduleOf(file);
    // Repository files: `repository.ts`, `<concept>-repository.ts`, anything under a `repository/`
    // folder, and the devices module's hot-path writer (`value-store/`).
    const isRepository = /(^|\/)([\w-]+-)?repository(\/|\.ts$)|\/value-store\//.test(file) || file.startsWith('src/platform/') || file.startsWith('src/db/');
    const tables = new Set<string>();
    for (const m of text.matchAll(TABLE_USE)) tables.add(m[1]);
    for (const m of text.matchAll(SQL_TABLE)) if (owners.has(m[1])) tables.add(m[1]);
    for (const table of tables) {
      const owner = owners.get(table);
      if (!owner) continue;
      if (owner !== module) out.push({ rule: 'foreign-table', from: file, to: table });
      else if (!isRepository) out.push({ rule: 'table-outside-repository', from: file, to: table });
    }
  }
  return out;
}

export async function allViolations(): Promise<Violation[]> {
  const { violations, result } = await importViolations();
  return [...violations, ...moduleCycles(result), ...tableViolations()];
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const found = await allViolations();
  for (const v of found) console.log(`${v.rule}\t${v.from}\t${v.to}`);
  console.error(found.length ? `${found.length} boundary violations` : 'no boundary violations');
  process.exit(found.length ? 1 : 0);
}
