import {
  LIVE_EVENT_NAMES,
  type CommandStatus,
  type LiveBatch,
  type LiveEventMap,
  type LiveOnline,
  type LivePosition,
  type LiveValue,
} from '../../../../contracts/live';
import { sortAlerts, type Alert } from '../alerts/types';
import type { Device } from '../devices/types';
import type { Location } from '../location/types';

export type { LiveBatch, LiveOnline, LivePosition, LiveValue } from '../../../../contracts/live';

/** The events of GET /api/vessel/{id}/live (contracts/live.ts), with the web app's shapes for devices and alerts. */
export type LiveEvent =
  | { type: 'hello'; data: LiveEventMap['hello'] }
  | { type: 'batch'; data: LiveBatch }
  | { type: 'devices'; data: { devices: Device[] } }
  | { type: 'online'; data: LiveOnline }
  | { type: 'alert'; data: Alert }
  | { type: 'command'; data: CommandStatus };

/** The event names the stream is listened to for (contracts/live.ts). */
export const LIVE_EVENT_TYPES = LIVE_EVENT_NAMES;

export function parseLiveEvent(type: string, raw: string): LiveEvent | null {
  if (!(LIVE_EVENT_TYPES as readonly string[]).includes(type)) return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!data || typeof data !== 'object') return null;
  if (type === 'batch') return { type, data: { values: [], positions: [], ...(data as Partial<LiveBatch>) } };
  return { type, data } as LiveEvent;
}

const time = (iso: string) => Date.parse(iso);

/** A batch whose newest value was measured longer ago than this is the bridge sending what it kept while offline. */
export const CATCHING_UP_AFTER_MS = 2 * 60_000;

/** Whether a batch is backlog from the bridge's store-and-forward queue rather than live data. */
export function isBacklog(batch: LiveBatch, nowMs: number): boolean {
  const times = [...batch.values, ...batch.positions].map((entry) => time(entry.timestamp)).filter(Number.isFinite);
  return times.length > 0 && nowMs - Math.max(...times) > CATCHING_UP_AFTER_MS;
}
const isNewer = (incoming: string, current: string | null) => !current || time(incoming) >= time(current);

/** The newest value of each property in a batch: a batch may carry several values of one property. */
function newestByProperty(values: LiveValue[]): Map<number | string, LiveValue> {
  const newest = new Map<number | string, LiveValue>();
  for (const value of values) {
    const key = value.propertyId ?? value.path;
    const held = newest.get(key);
    if (!held || isNewer(value.timestamp, held.timestamp)) newest.set(key, value);
  }
  return newest;
}

/**
 * Merges a batch's values into the devices list in one pass. Values buffered on board arrive
 * late with their original timestamps, so a shown value only moves forward in time (docs/protocol.md).
 * A value the server has not matched to a property yet (propertyId null) is matched by path.
 */
export function applyBatch(devices: Device[] | undefined, values: LiveValue[]): Device[] | undefined {
  if (!devices || values.length === 0) return devices;
  const newest = newestByProperty(values);
  let changed = false;
  const next = devices.map((device) => {
    let deviceChanged = false;
    const properties = device.properties.map((property) => {
      const incoming = newest.get(property.id) ?? newest.get(property.path);
      if (!incoming || !isNewer(incoming.timestamp, property.timestamp)) return property;
      if (incoming.propertyId === null && incoming.deviceId !== null && incoming.deviceId !== device.id) return property;
      deviceChanged = true;
      return { ...property, value: incoming.value, timestamp: incoming.timestamp, stale: false };
    });
    changed ||= deviceChanged;
    return deviceChanged ? { ...device, properties } : device;
  });
  return changed ? next : devices;
}

/** Positions sorted by when they were measured, the order a track is drawn in. */
const byTime = (positions: LivePosition[]) => [...positions].sort((a, b) => time(a.timestamp) - time(b.timestamp));

/** The vessel's current location moves to the batch's newest position, never back in time. */
export function applyPositions(location: Location | null | undefined, positions: LivePosition[]): Location | null | undefined {
  const latest = byTime(positions).at(-1);
  if (!latest || (location && !isNewer(latest.timestamp, location.timestamp))) return location;
  return {
    lat: latest.lat,
    lon: latest.lon,
    timestamp: latest.timestamp,
    speedOverGround: latest.speedOverGround ?? location?.speedOverGround ?? null,
    courseOverGroundTrue: latest.courseOverGroundTrue ?? location?.courseOverGroundTrue ?? null,
  };
}

/**
 * Adds a batch's positions to a track in measurement order. Buffered positions may be older
 * than the track's last point: they are merged into place, and a position already on the track
 * (same time) is not added twice.
 */
export function appendToTrack(track: Location[] | undefined, positions: LivePosition[]): Location[] | undefined {
  if (!track || positions.length === 0) return track;
  const known = new Set(track.map((point) => time(point.timestamp)));
  const added = byTime(positions).filter((position) => !known.has(time(position.timestamp)));
  if (added.length === 0) return track;
  const last = track.at(-1);
  if (!last || time(added[0].timestamp) > time(last.timestamp)) return [...track, ...added];
  return byTime([...track, ...added]);
}

/** Raised, changed or cleared alerts replace their earlier version; active alerts stay first. */
export function upsertAlert(alerts: Alert[] | undefined, alert: Alert): Alert[] {
  const others = (alerts ?? []).filter((existing) => existing.id !== alert.id);
  return sortAlerts([alert, ...others]);
}

export function applyOnline<T extends LiveOnline>(vessel: T | undefined, event: LiveOnline): T | undefined {
  if (!vessel) return vessel;
  return { ...vessel, online: event.online, lastSeen: event.lastSeen ?? vessel.lastSeen };
}
