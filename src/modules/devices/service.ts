/**
 * What the devices routes answer, behind the vessel-scoped route option (which has already
 * checked the caller's access and loaded the paired bridge, null when none is paired: the vessel
 * simply has no data yet): devices with their current values, the properties on a bus, and a
 * property's history.
 */
import Boom from '@hapi/boom';
import type { Database } from '../../db/knex.js';
import type { Clock } from '../../platform/clock.js';
import type { BusProperty, HistoryBucket } from '../../../contracts/devices.js';
import type { ScopeBridge } from '../access/api.js';
import { levelsByProperty } from '../alerts/api.js';
import {
  currentValues,
  currentValuesOnBus,
  DAY_MS,
  type HistoryAccess,
  historyBuckets,
  historyOf,
  MAX_BUCKETED_RANGE_MS,
  type PropertyCadence,
  rangeOf,
  requireHistory,
} from '../telemetry/api.js';
import * as repo from './repository.js';

/** Most points a property history answers; longer ranges are evenly thinned. */
const MAX_CHART_POINTS = 2000;

const iso = (ms: number): string => new Date(ms).toISOString();

/** A bridge's devices with their properties' current values and warning levels, in the order it reported them; nothing marked stale yet. */
export async function devicesWithValues(db: Database, bridgeId: number): Promise<repo.Device[]> {
  const [devices, values, levels] = await Promise.all([repo.devicesOfBridge(db, bridgeId), currentValues(db, bridgeId), levelsByProperty(db, bridgeId)]);
  return devices.map((device) => ({
    ...device,
    properties: device.properties.map((p) => {
      const current = values.get(p.path);
      return {
        ...p,
        value: current ? current.value : null,
        timestamp: current ? iso(current.tsMs) : null,
        warningLevels: levels.get(p.id) ?? null,
        stale: false,
      };
    }),
  }));
}

export class DevicesService {
  constructor(
    private readonly db: Database,
    private readonly access: HistoryAccess,
    private readonly cadence: PropertyCadence,
    private readonly clock: Clock,
  ) {}

  /** The bridge's devices, each property marked `stale` when its value is older than its usual interval allows (telemetry's cadence). */
  async devices(bridge: ScopeBridge | null): Promise<repo.Device[]> {
    if (!bridge) return [];
    const devices = await devicesWithValues(this.db, bridge.id);
    for (const device of devices) for (const property of device.properties) property.stale = this.cadence.stale(bridge.id, property.path, property.timestamp);
    return devices;
  }

  async basicDevices(bridge: ScopeBridge | null) {
    return (await this.devices(bridge)).map(({ id, name, category, location, properties }) => ({
      id,
      name,
      category,
      location,
      propertyCount: properties.length,
    }));
  }

  /** The properties whose current value came through one of the bridge's buses, device by device in the order reported. */
  async busProperties(bridge: ScopeBridge | null, bus: string): Promise<BusProperty[]> {
    if (!bridge) return [];
    const values = await currentValuesOnBus(this.db, bridge.id, bus);
    return (await repo.propertiesWithDevice(this.db, bridge.id, [...values.keys()])).map((p) => {
      const current = values.get(p.path)!;
      return {
        id: p.id,
        deviceId: p.deviceId,
        deviceName: p.deviceName,
        path: p.path,
        displayName: p.displayName,
        units: p.units,
        value: current.value,
        timestamp: iso(current.tsMs),
        source: current.source!,
      };
    });
  }

  /**
   * A property's history (default the last 24 hours), on the vessel the route's scope found it
   * on: its values, or with `buckets` the values downsampled into at most that many buckets
   * (telemetry's history.ts).
   */
  async propertyHistory(
    vesselId: number,
    propertyId: number,
    range: { dateFrom?: string; dateTo?: string; buckets?: number },
  ): Promise<Array<{ timestamp: string; value: unknown }> | HistoryBucket[]> {
    const property = await repo.findProperty(this.db, propertyId);
    if (!property) throw Boom.notFound('Property not found');
    const nowMs = this.clock.now();
    const { fromMs, toMs } = rangeOf(range.dateFrom, range.dateTo, DAY_MS, nowMs);
    if (range.buckets !== undefined && toMs - fromMs > MAX_BUCKETED_RANGE_MS) {
      throw Boom.badRequest(`A range with buckets covers at most ${MAX_BUCKETED_RANGE_MS / DAY_MS} days`);
    }
    await requireHistory(this.access, vesselId, fromMs, nowMs);
    if (range.buckets === undefined) return historyOf(this.db, property.bridgeId, property.path, fromMs, toMs, MAX_CHART_POINTS);
    return historyBuckets(this.db, property.bridgeId, property.path, fromMs, toMs, range.buckets);
  }
}
