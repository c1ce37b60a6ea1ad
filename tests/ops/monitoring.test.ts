/**
 * The dashboard and the alert rules shipped in ops/ (docs/operations.md, "Metrics"): each loads,
 * each rule has what Alertmanager and the person paged need, and every metric they name is one
 * the server's registry has, so renaming a metric without them fails here. `promtool check rules`
 * runs too where promtool is installed.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import { Metrics } from '../../src/platform/metrics.js';

// js-yaml has no type declarations.
const yaml = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown };

const RULES_FILE = 'ops/prometheus/alerts.yml';
const DASHBOARD_FILE = 'ops/grafana/vessel-link.json';

/** Names the rules may use that the server does not export: Prometheus's own, and node_exporter's on the host. */
const ELSEWHERE = new Set(['up', 'node_filesystem_avail_bytes']);

const PROMQL_WORDS = new Set(['and', 'or', 'unless', 'bool', 'offset']);

/** The metric names a PromQL expression reads: what is left once strings, matchers, ranges, label lists, functions and variables are taken out. */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '')
    .replace(/\$\w+/g, '');
  return [...bare.matchAll(/\b[a-zA-Z_:][a-zA-Z0-9_:]*\b(?!\s*\()/g)].map(([name]) => name).filter((name) => !PROMQL_WORDS.has(name));
}

const metrics = new Metrics({
  bridgesConnected: () => 0,
  liveStreamsOpen: () => 0,
  groupCommitQueued: () => 0,
  databaseBytes: async () => 0,
  databasePool: () => ({ used: 0, free: 1, pending: 0, max: 1 }),
});
afterAll(() => metrics.registry.clear());

/** Every series name the registry exports: a histogram's as `_bucket`, `_sum` and `_count`. */
const exported = new Set(
  metrics.registry.getMetricsAsArray().flatMap(({ name, type }) => {
    const kind = String(type);
    if (kind === 'histogram') return [`${name}_bucket`, `${name}_sum`, `${name}_count`];
    if (kind === 'summary') return [name, `${name}_sum`, `${name}_count`];
    return [name];
  }),
);

interface Rule {
  alert?: unknown;
  record?: unknown;
  expr?: unknown;
  for?: unknown;
  labels?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
}

describe('the alert rules', () => {
  const file = yaml.load(readFileSync(RULES_FILE, 'utf8')) as { groups: Array<{ name: string; rules: Rule[] }> };
  const rules = file.groups.flatMap((g) => g.rules);

  it('load as rule groups, each rule with a name, an expression, a duration, a severity and a summary', () => {
    expect(file.groups.length).toBeGreaterThan(0);
    for (const group of file.groups) expect(group.name, 'group name').toEqual(expect.any(String));
    for (const rule of rules) {
      const name = String(rule.alert);
      expect(rule.alert, name).toEqual(expect.stringMatching(/^[A-Z][A-Za-z0-9]+$/));
      expect(rule.expr, name).toEqual(expect.any(String));
      expect(rule.for, name).toEqual(expect.stringMatching(/^\d+[smhd]$/));
      expect(rule.labels?.severity, name).toMatch(/^(critical|warning)$/);
      expect(rule.annotations?.summary, name).toEqual(expect.stringMatching(/\S/));
      expect(rule.annotations?.description, name).toEqual(expect.stringMatching(/\S/));
    }
    expect(new Set(rules.map((r) => r.alert)).size).toBe(rules.length);
  });

  it('cover what an operator is paged for', () => {
    expect(rules.map((r) => r.alert)).toEqual(
      expect.arrayContaining([
        'VesselLinkDown',
        'HighHttp5xxRate',
        'IngestStoreFailures',
        'GroupCommitQueueBacklog',
        'RedisDown',
        'DatabasePoolExhausted',
        'AlarmDeliveryFailures',
        'EventLoopLag',
      ]),
    );
  });

  it('name only metrics the server exports (or Prometheus and node_exporter)', () => {
    for (const rule of rules) {
      const names = metricNames(String(rule.expr));
      expect(names.length, String(rule.alert)).toBeGreaterThan(0);
      for (const name of names) expect(exported.has(name) || ELSEWHERE.has(name), `${String(rule.alert)}: ${name}`).toBe(true);
    }
  });

  const promtool = spawnSync('promtool', ['--version']).status === 0;
  it.skipIf(!promtool)('pass promtool check rules', () => {
    const run = spawnSync('promtool', ['check', 'rules', RULES_FILE], { encoding: 'utf8' });
    expect(run.status, run.stdout + run.stderr).toBe(0);
  });
});

interface Panel {
  id: number;
  type: string;
  title: string;
  gridPos: { x: number; y: number; w: number; h: number };
  datasource?: { type: string; uid: string };
  targets?: Array<{ refId: string; expr: string }>;
}

describe('the Grafana dashboard', () => {
  const dashboard = JSON.parse(readFileSync(DASHBOARD_FILE, 'utf8')) as { uid: string; title: string; panels: Panel[] };
  const graphs = dashboard.panels.filter((p) => p.type !== 'row');

  it('loads with a uid, panels of their own ids and places that do not overlap, each with a Prometheus query', () => {
    expect(dashboard).toMatchObject({ uid: 'vessel-link', title: 'Vessel Link' });
    expect(new Set(dashboard.panels.map((p) => p.id)).size).toBe(dashboard.panels.length);
    const taken = new Map<string, string>();
    for (const panel of dashboard.panels) {
      const { x, y, w, h } = panel.gridPos;
      expect(x + w, panel.title).toBeLessThanOrEqual(24);
      for (let col = x; col < x + w; col++)
        for (let row = y; row < y + h; row++) {
          expect(taken.get(`${col},${row}`), `${panel.title} overlaps`).toBeUndefined();
          taken.set(`${col},${row}`, panel.title);
        }
    }
    for (const panel of graphs) {
      expect(panel.datasource?.type, panel.title).toBe('prometheus');
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
    }
  });

  it('names only metrics the server exports, and shows every one of its own', () => {
    const shown = new Set<string>();
    for (const panel of graphs)
      for (const target of panel.targets ?? [])
        for (const name of metricNames(target.expr)) {
          expect(exported.has(name), `${panel.title}: ${name}`).toBe(true);
          shown.add(name.replace(/_(bucket|sum|count)$/, ''));
        }
    const own = metrics.registry
      .getMetricsAsArray()
      .map((m) => m.name)
      .filter((name) => name.startsWith('vessel_link_'));
    expect(own.filter((name) => !shown.has(name))).toEqual([]);
  });
});

describe('metricNames', () => {
  it('finds the metrics of an expression and nothing else', () => {
    expect(
      metricNames(
        'histogram_quantile(0.99, sum by (instance, le) (rate(a_seconds_bucket{job="x", s=~"5.."}[5m]))) > 0.5 and on(instance) b_total offset 1h unless c[10m:1m]',
      ),
    ).toEqual(['a_seconds_bucket', 'b_total', 'c']);
    expect(metricNames('sum(rate(x_total{instance=~"$instance"}[$__rate_interval]))')).toEqual(['x_total']);
  });
});
