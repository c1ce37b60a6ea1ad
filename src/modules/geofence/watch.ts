/**
 * The geofence watch: every position a batch stored (the `vessel.batch` event, positions in
 * measurement order) is held against the vessel's geofence. Outside the circle for longer than
 * the fence's delay raises an alarm on the vessel; back inside, or the fence switched off,
 * clears it. Times are the positions' own measurement times, so a track buffered on board while
 * the link was down is judged point by point as it was sailed, not by its last point.
 */
import type { LivePosition } from '../../../contracts/live.js';
import type { AlarmWords } from '../../../contracts/alerts.js';
import type { AppContext } from '../../platform/context.js';
import { bridgeOfVessel } from '../bridges/api.js';
import { listVessels } from '../vessel/api.js';
import { applyNotification } from '../alerts/api.js';
import { distanceMetres } from './distance.js';
import { findGeofence } from './repository.js';

export const GEOFENCE_PATH = 'notifications.navigation.geofence';

interface Fence {
  enabled: boolean;
  radius: number;
  lat: number;
  lon: number;
  delay: number;
  vesselName: string;
}

export class GeofenceWatch {
  /** Fences by vessel (null: none), read once and dropped when the fence changes. */
  private readonly fences = new Map<number, Fence | null>();
  /** When each vessel was first seen outside its fence, in this run of the server. */
  private readonly outsideSince = new Map<number, number>();
  /** Vessels whose alarm may be active; clearing is only asked of these (and of unknown ones once). */
  private readonly known = new Map<number, 'inside' | 'outside'>();
  /** The newest position judged per vessel: an older one arriving later cannot undo a newer verdict. */
  private readonly judgedUpTo = new Map<number, number>();
  /** One vessel's batches are judged one after the other, in the order they were committed. */
  private readonly queues = new Map<number, Promise<void>>();
  private stopListening: (() => void) | null = null;

  constructor(private readonly ctx: AppContext) {}

  start(): void {
    this.stopListening = this.ctx.events.on('vessel.batch', ({ vesselId, batch }) => {
      if (!batch.positions.length) return;
      const next = (this.queues.get(vesselId) ?? Promise.resolve())
        .then(() => this.check(vesselId, batch.positions))
        .catch((err) => this.ctx.log.error('geofence check failed', { vesselId, error: err }));
      this.queues.set(vesselId, next);
      void next.then(() => {
        if (this.queues.get(vesselId) === next) this.queues.delete(vesselId);
      });
    });
  }

  stop(): void {
    this.stopListening?.();
    this.stopListening = null;
  }

  /** The fence changed: forget it, and judge the next position afresh. */
  async changed(vesselId: number): Promise<void> {
    this.fences.delete(vesselId);
    this.outsideSince.delete(vesselId);
    this.judgedUpTo.delete(vesselId);
    const fence = await this.fenceOf(vesselId);
    if (!fence?.enabled) await this.notify(vesselId, 'clear', this.ctx.clock.now());
  }

  private async check(vesselId: number, positions: LivePosition[]): Promise<void> {
    const fence = await this.fenceOf(vesselId);
    if (!fence?.enabled) return;
    for (const position of positions) {
      const at = Date.parse(position.timestamp);
      if (at < (this.judgedUpTo.get(vesselId) ?? -Infinity)) continue;
      this.judgedUpTo.set(vesselId, at);
      if (distanceMetres(position, fence) <= fence.radius) {
        this.outsideSince.delete(vesselId);
        if (this.known.get(vesselId) !== 'inside') await this.notify(vesselId, 'clear', at);
        this.known.set(vesselId, 'inside');
        continue;
      }
      const since = this.outsideSince.get(vesselId) ?? at;
      this.outsideSince.set(vesselId, since);
      this.known.set(vesselId, 'outside');
      if (at - since >= fence.delay * 1000) {
        const params = { vessel: fence.vesselName, radius: Math.round(fence.radius) };
        await this.notify(
          vesselId,
          { state: 'alarm', method: ['visual', 'sound'], message: `${params.vessel} has left its geofence (radius ${params.radius} m)` },
          at,
          { key: 'geofence', params },
        );
      }
    }
  }

  private async fenceOf(vesselId: number): Promise<Fence | null> {
    if (this.fences.has(vesselId)) return this.fences.get(vesselId)!;
    const row = await findGeofence(this.ctx.db, vesselId);
    const vessel = row ? (await listVessels(this.ctx.db, { ids: [vesselId] }))[0] : undefined;
    const fence = row && vessel ? { enabled: row.enabled, radius: row.radius, lat: row.lat, lon: row.lon, delay: row.delay, vesselName: vessel.name } : null;
    this.fences.set(vesselId, fence);
    return fence;
  }

  /** Raises or clears the vessel's geofence alert the way a bridge's notification would. */
  private async notify(vesselId: number, value: 'clear' | Record<string, unknown>, at: number, words?: AlarmWords): Promise<void> {
    const bridge = await bridgeOfVessel(this.ctx.db, vesselId);
    if (!bridge) return;
    const alert = await applyNotification(
      this.ctx.db,
      bridge.id,
      { path: GEOFENCE_PATH, value: value === 'clear' ? null : value, timestampMs: at, words },
      this.ctx.clock.now(),
      'geofence',
    );
    if (alert) this.ctx.events.emit('vessel.alert', { vesselId, alert: { ...alert } });
  }
}
