/**
 * The geofence watch: each position a bridge reports (announced on the event bus after it is
 * stored) is held against the vessel's geofence. Outside the circle for longer than the
 * geofence's delay raises an alarm on the vessel; back inside, or the fence switched off, clears
 * it. Times are the positions' own measurement times, so positions buffered on board while the
 * link was down are judged by when they were taken.
 */
import type { AppContext } from '../../platform/context.js';
import type { EventMap, LiveValue } from '../../platform/events.js';
import { applyNotification } from '../alerts/api.js';
import { bridgeOfVessel } from '../bridges/api.js';

export const GEOFENCE_PATH = 'notifications.navigation.geofence';
const EARTH_RADIUS_M = 6_371_000;

interface Fence {
  enabled: boolean;
  radius: number;
  lat: number;
  lon: number;
  delay: number;
  vesselName: string;
}

type Position = { latitude: number; longitude: number };

const isPosition = (v: unknown): v is Position =>
  typeof v === 'object' && v !== null && Number.isFinite((v as Position).latitude) && Number.isFinite((v as Position).longitude);

/** Great-circle distance in metres (haversine). */
export function distanceMetres(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

export class GeofenceWatch {
  /** Fences by vessel (null: none), read once and dropped when the fence changes. */
  private readonly fences = new Map<number, Fence | null>();
  /** When each vessel was first seen outside its fence, in this run of the server. */
  private readonly outsideSince = new Map<number, number>();
  /** Vessels whose alarm may be active; clearing is only asked of these (and of unknown ones once). */
  private readonly known = new Map<number, 'inside' | 'outside'>();
  private stopListening: (() => void) | null = null;

  constructor(private readonly ctx: AppContext) {}

  start(): void {
    this.stopListening = this.ctx.events.on('vessel.values', (event) => {
      this.check(event).catch((err) => this.ctx.log.error('geofence check failed', { vesselId: event.vesselId, error: err }));
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
    const fence = await this.fenceOf(vesselId);
    if (!fence?.enabled) await this.notify(vesselId, 'clear', Date.now());
  }

  private async check({ vesselId, values }: EventMap['vessel.values']): Promise<void> {
    const latest = values.filter((v): v is LiveValue & { value: Position } => v.path === 'navigation.position' && isPosition(v.value)).at(-1);
    if (!latest) return;
    const fence = await this.fenceOf(vesselId);
    if (!fence?.enabled) return;
    const at = Date.parse(latest.timestamp);
    const distance = distanceMetres({ lat: latest.value.latitude, lon: latest.value.longitude }, fence);
    if (distance <= fence.radius) {
      this.outsideSince.delete(vesselId);
      if (this.known.get(vesselId) !== 'inside') await this.notify(vesselId, 'clear', at);
      this.known.set(vesselId, 'inside');
      return;
    }
    const since = this.outsideSince.get(vesselId) ?? at;
    this.outsideSince.set(vesselId, since);
    this.known.set(vesselId, 'outside');
    if (at - since >= fence.delay * 1000) {
      await this.notify(vesselId, { state: 'alarm', method: ['visual', 'sound'], message: `${fence.vesselName} has left its geofence (radius ${Math.round(fence.radius)} m)` }, at);
    }
  }

  private async fenceOf(vesselId: number): Promise<Fence | null> {
    if (this.fences.has(vesselId)) return this.fences.get(vesselId)!;
    const row = await this.ctx
      .db('vessel_geofences as g')
      .join('vessels as v', 'v.id', 'g.vessel_id')
      .where('g.vessel_id', vesselId)
      .first('g.enabled', 'g.radius', 'g.lat', 'g.lon', 'g.delay', 'v.name');
    const fence = row ? { enabled: Boolean(row.enabled), radius: Number(row.radius), lat: Number(row.lat), lon: Number(row.lon), delay: Number(row.delay), vesselName: row.name } : null;
    this.fences.set(vesselId, fence);
    return fence;
  }

  /** Raises or clears the vessel's geofence alert the way a bridge's notification would. */
  private async notify(vesselId: number, value: 'clear' | Record<string, unknown>, at: number): Promise<void> {
    const bridge = await bridgeOfVessel(this.ctx.db, vesselId);
    if (!bridge) return;
    const alert = await applyNotification(this.ctx.db, bridge.id, { path: GEOFENCE_PATH, value: value === 'clear' ? null : value, timestampMs: at });
    if (alert) this.ctx.events.emit('vessel.alert', { vesselId, alert: { ...alert } });
  }
}
