/**
 * Warning levels judged on ingest (docs/product.md, "Alarms"): each bridge's levels, loaded once
 * with how its values stand against them and kept in memory; the ingest hands over each batch's
 * values, and the database is touched only when a verdict changes. A property's levels set or
 * removed have its current value judged afresh at once, through the ingest's commit queue like
 * any value (so it never races a batch of the same bridge), rather than at its next report.
 */
import assert from 'node:assert';
import type { AppContext } from '../../../platform/context.js';
import { type AlertChange, applyCondition, unclearedAlerts } from '../api.js';
import type { AlarmNaming, PropertyDirectory } from '../properties.js';
import { levelsByProperty, setLevels, type WarningLevels } from './repository.js';
import { judge, type LevelWatch, newWatch, readingOf } from './watch.js';

/** A path's levels with what an alert message names, and how its values stand against them. */
interface PathLevels {
  displayName: string;
  units: string;
  watch: LevelWatch;
}

/** Judges a value already stored again (the ingest's, handed over at registration). */
export type Rejudge = (bridgeId: number, path: string) => Promise<void>;

export class LevelAlerts {
  /** bridge id → its levels by path. */
  private readonly loaded = new Map<number, Promise<Map<string, PathLevels>>>();
  private rejudge: Rejudge | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly properties: PropertyDirectory & AlarmNaming,
  ) {}

  /** How a value already stored is judged again: the ingest's commit queue. */
  rejudgeThrough(rejudge: Rejudge): void {
    this.rejudge = rejudge;
  }

  /** Holds a bridge's values of a batch against their properties' warning levels; touches the database only when a verdict changes. */
  async judge(bridgeId: number, values: Array<{ path: string; value: unknown; tsMs: number }>): Promise<AlertChange[]> {
    const levels = await this.levelsOf(bridgeId);
    if (!levels.size) return [];
    const changed: AlertChange[] = [];
    for (const v of values) {
      const property = typeof v.value === 'number' ? levels.get(v.path) : undefined;
      if (!property || typeof v.value !== 'number') continue;
      const zone = judge(property.watch, v.value, v.tsMs);
      if (zone === null) continue;
      const reading = readingOf(zone, { ...property, path: v.path, levels: property.watch.levels }, v.value);
      const alert = await applyCondition(
        this.ctx.db,
        bridgeId,
        { origin: 'level', path: v.path, reading, timestampMs: v.tsMs, nowMs: this.ctx.clock.now() },
        this.properties,
      );
      if (alert) changed.push(alert);
    }
    return changed;
  }

  /**
   * Stores a property's levels, or removes them (null), and judges its current value against
   * them; levels removed clear the alert they had raised. The vessel's device list shows them.
   */
  async set(vesselId: number, property: { id: number; bridgeId: number; path: string }, levels: WarningLevels | null, userId: number): Promise<void> {
    const { db, events } = this.ctx;
    await setLevels(db, property, levels, userId);
    this.forget(property.bridgeId);
    assert(this.rejudge, 'the ingest hands over how a stored value is judged again at registration');
    await this.rejudge(property.bridgeId, property.path);
    if (!levels) {
      const cleared = await applyCondition(db, property.bridgeId, {
        origin: 'level',
        path: property.path,
        reading: 'clear',
        timestampMs: this.ctx.clock.now(),
        nowMs: this.ctx.clock.now(),
      });
      if (cleared) events.emit('vessel.alert', { vesselId, alert: { ...cleared } });
    }
    events.emit('vessel.devices', { vesselId });
  }

  /** The bridge's levels or properties changed, or it was deleted, paired or unpaired: they are read again when next needed. */
  forget(bridgeId: number): void {
    this.loaded.delete(bridgeId);
  }

  private levelsOf(bridgeId: number): Promise<Map<string, PathLevels>> {
    let entry = this.loaded.get(bridgeId);
    if (!entry) {
      entry = this.load(bridgeId);
      this.loaded.set(bridgeId, entry);
      entry.catch(() => this.loaded.get(bridgeId) === entry && this.loaded.delete(bridgeId));
    }
    return entry;
  }

  /**
   * A path without an uncleared level alert starts out normal: its first value in range has
   * nothing to clear, so a fleet reconnecting costs no alert query per property with levels.
   * Should two properties of a bridge share a path, the older one's levels count.
   */
  private async load(bridgeId: number): Promise<Map<string, PathLevels>> {
    const byPath = new Map<string, PathLevels>();
    const levels = await levelsByProperty(this.ctx.db, bridgeId);
    if (!levels.size) return byPath;
    const properties = (await this.properties.propertiesOf(this.ctx.db, bridgeId, [...levels.keys()])).sort((a, b) => b.id - a.id);
    const uncleared = await unclearedAlerts(this.ctx.db, [bridgeId], 'level');
    for (const { id, path, displayName, units } of properties)
      byPath.set(path, { displayName, units, watch: newWatch(levels.get(id)!, uncleared.has(`${bridgeId} ${path}`)) });
    return byPath;
  }
}
