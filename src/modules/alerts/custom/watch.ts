/**
 * Custom alerts judged on ingest: a vessel's rules, loaded once per bridge and kept in memory
 * (the ingest hands over each batch's values; the database is touched only when a verdict
 * changes). A rule raises its alert once its comparison has held for its duration, by the
 * values' measurement times, and clears it once it no longer holds.
 */
import type { AppContext } from '../../../platform/context.js';
import { bridgeOfVessel, vesselIdsOfBridges } from '../../bridges/api.js';
import { type AlertChange, applyCondition } from '../api.js';
import type { AlarmNaming, PropertyDirectory } from '../properties.js';
import * as repo from '../repository.js';

const STATE_OF: Record<repo.AlertPriority, 'emergency' | 'alarm' | 'warn' | 'alert'> = {
  emergency: 'emergency',
  alarm: 'alarm',
  warning: 'warn',
  caution: 'alert',
};

const COMPARE: Record<repo.Comparison, (value: number, threshold: number) => boolean> = {
  '<': (v, t) => v < t,
  '<=': (v, t) => v <= t,
  '>': (v, t) => v > t,
  '>=': (v, t) => v >= t,
  '==': (v, t) => v === t,
  '!=': (v, t) => v !== t,
};

interface RuleWatch {
  rule: repo.CustomAlertRow;
  /** Since when (measurement time) the comparison has held without a break. */
  since: number | null;
  /** null until the first verdict after loading: its alert may be active from before. */
  raised: boolean | null;
  judgedUpTo: number;
}

export class CustomAlerts {
  /** bridge id → its vessel's active rules by path. */
  private readonly loaded = new Map<number, Promise<Map<string, RuleWatch[]>>>();

  constructor(
    private readonly ctx: AppContext,
    private readonly properties: PropertyDirectory & AlarmNaming,
  ) {}

  /** The property a rule names, if it is on the vessel's paired bridge. */
  async propertyOfVessel(vesselId: number, propertyId: number): Promise<{ id: number; path: string } | null> {
    const [property, bridge] = await Promise.all([this.properties.propertyOf(this.ctx.db, propertyId), bridgeOfVessel(this.ctx.db, vesselId)]);
    return property && bridge && property.bridgeId === bridge.id ? property : null;
  }

  /**
   * A rule was added, changed, paused or removed: the vessel's rules are loaded afresh, and the
   * alert the rule had raised on `path` (null for a new rule) clears.
   */
  async changed(vesselId: number, ruleId: number, path: string | null): Promise<void> {
    const bridge = await bridgeOfVessel(this.ctx.db, vesselId);
    if (!bridge) return;
    this.loaded.delete(bridge.id);
    if (path === null) return;
    const cleared = await applyCondition(this.ctx.db, bridge.id, {
      origin: 'custom',
      customAlertId: ruleId,
      path,
      reading: 'clear',
      timestampMs: this.ctx.clock.now(),
      nowMs: this.ctx.clock.now(),
    });
    if (cleared) this.ctx.events.emit('vessel.alert', { vesselId, alert: { ...cleared } });
  }

  forget(bridgeId: number): void {
    this.loaded.delete(bridgeId);
  }

  /** Holds a batch's values of one bridge against its rules; answers the alerts raised or cleared. */
  async judge(bridgeId: number, values: Array<{ path: string; value: unknown; tsMs: number }>): Promise<AlertChange[]> {
    const rules = await this.rulesOf(bridgeId);
    if (!rules.size) return [];
    const changes: AlertChange[] = [];
    for (const { path, value, tsMs } of values) {
      if (typeof value !== 'number') continue;
      for (const watch of rules.get(path) ?? []) {
        if (tsMs < watch.judgedUpTo) continue;
        watch.judgedUpTo = tsMs;
        const { rule } = watch;
        let raise: boolean;
        if (COMPARE[rule.comparison](value, rule.threshold)) {
          watch.since ??= tsMs;
          if (tsMs - watch.since < rule.durationSeconds * 1000) continue;
          raise = true;
        } else {
          watch.since = null;
          raise = false;
        }
        if (watch.raised === raise) continue;
        watch.raised = raise;
        const change = await applyCondition(
          this.ctx.db,
          bridgeId,
          {
            origin: 'custom',
            customAlertId: rule.id,
            path,
            reading: raise ? { state: STATE_OF[rule.priority], message: rule.message } : 'clear',
            timestampMs: tsMs,
            nowMs: this.ctx.clock.now(),
          },
          this.properties,
        );
        if (change) changes.push(change);
      }
    }
    return changes;
  }

  private rulesOf(bridgeId: number): Promise<Map<string, RuleWatch[]>> {
    let entry = this.loaded.get(bridgeId);
    if (!entry) {
      entry = this.load(bridgeId);
      this.loaded.set(bridgeId, entry);
      entry.catch(() => this.loaded.delete(bridgeId));
    }
    return entry;
  }

  private async load(bridgeId: number): Promise<Map<string, RuleWatch[]>> {
    const vesselId = (await vesselIdsOfBridges(this.ctx.db, [bridgeId])).get(bridgeId);
    const byPath = new Map<string, RuleWatch[]>();
    if (vesselId === undefined) return byPath;
    for (const rule of await repo.customAlertsOfVessel(this.ctx.db, vesselId)) {
      if (rule.paused) continue;
      byPath.set(rule.path, [...(byPath.get(rule.path) ?? []), { rule, since: null, raised: null, judgedUpTo: -Infinity }]);
    }
    return byPath;
  }
}
