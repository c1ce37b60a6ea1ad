import { sortAlerts, type Alert } from '../alerts/types';
import type { Device, LiveCommandEvent } from '../devices/types';
import type { Location } from '../location/types';
import { isPosition } from '../../lib/units';

/** The events of GET /api/vessel/{id}/live (docs/api-shapes.md). */
export interface LiveValue {
  deviceId: string;
  propertyId: string;
  path: string;
  value: unknown;
  timestamp: string;
}

export interface LiveOnline {
  online: boolean;
  lastSeen: string | null;
}

export type LiveEvent =
  | { type: 'hello'; data: LiveOnline & { vesselId: string } }
  | { type: 'value'; data: LiveValue }
  | { type: 'devices'; data: { devices: Device[] } }
  | { type: 'online'; data: LiveOnline }
  | { type: 'alert'; data: Alert }
  | { type: 'command'; data: LiveCommandEvent };

export const LIVE_EVENT_TYPES = ['hello', 'value', 'devices', 'online', 'alert', 'command'] as const;

export function parseLiveEvent(type: string, raw: string): LiveEvent | null {
  if (!(LIVE_EVENT_TYPES as readonly string[]).includes(type)) return null;
  try {
    const data: unknown = JSON.parse(raw);
    return data && typeof data === 'object' ? ({ type, data } as LiveEvent) : null;
  } catch {
    return null;
  }
}

/** Ids may arrive as numbers in one payload and strings in another. */
const sameId = (a: unknown, b: unknown) => String(a) === String(b);

const isNewer = (incoming: string, current: string | null) => !current || Date.parse(incoming) >= Date.parse(current);

/**
 * Merges a value into the devices list. Values buffered on board arrive late with their
 * original timestamps, so the shown value only moves forward in time (BRIDGE.md).
 */
export function applyValue(devices: Device[] | undefined, event: LiveValue): Device[] | undefined {
  if (!devices) return devices;
  let changed = false;
  const next = devices.map((device) => {
    if (!sameId(device.id, event.deviceId) && !device.properties.some((property) => sameId(property.id, event.propertyId))) return device;
    let deviceChanged = false;
    const properties = device.properties.map((property) => {
      if (!sameId(property.id, event.propertyId) || !isNewer(event.timestamp, property.timestamp)) return property;
      deviceChanged = true;
      return { ...property, value: event.value, timestamp: event.timestamp };
    });
    changed ||= deviceChanged;
    return deviceChanged ? { ...device, properties } : device;
  });
  return changed ? next : devices;
}

/** Position, speed and course values move the vessel's location on the map. */
export function applyValueToLocation(location: Location | null | undefined, event: LiveValue): Location | null | undefined {
  if (event.path === 'navigation.position' && isPosition(event.value)) {
    if (location && !isNewer(event.timestamp, location.timestamp)) return location;
    return { ...location, lat: event.value.latitude, lon: event.value.longitude, timestamp: event.timestamp };
  }
  if (!location || typeof event.value !== 'number') return location;
  if (event.path === 'navigation.speedOverGround') return { ...location, speedOverGround: event.value };
  if (event.path === 'navigation.courseOverGroundTrue') return { ...location, courseOverGroundTrue: event.value };
  return location;
}

/** Raised, changed or cleared alerts replace their earlier version; active alerts stay first. */
export function upsertAlert(alerts: Alert[] | undefined, alert: Alert): Alert[] {
  const others = (alerts ?? []).filter((existing) => !sameId(existing.id, alert.id));
  return sortAlerts([alert, ...others]);
}

export function applyOnline<T extends LiveOnline>(vessel: T | undefined, event: LiveOnline): T | undefined {
  if (!vessel) return vessel;
  return { ...vessel, online: event.online, lastSeen: event.lastSeen ?? vessel.lastSeen };
}
