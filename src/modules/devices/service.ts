/**
 * What the devices routes answer, behind the vessel-scoped route option (which has already
 * checked the caller's access and loaded the paired bridge, null when none is paired: the vessel
 * simply has no data yet): devices and buses, property history, locations and their sources,
 * message sources, and command requests.
 */
import Boom from '@hapi/boom';
import type { Database } from '../../db/knex.js';
import { ruleRefused } from '../../platform/errors.js';
import type { Caller } from '../../platform/routes.js';
import { check, type ScopeBridge, type VesselAccess } from '../access/api.js';
import { distanceMetres, findGeofence } from '../alerts/api.js';
import { type CloudService, type CloudServices, SUBSCRIPTION_TERMS } from '../../../contracts/billing.js';
import type { Bus, BusProperty, GeofenceRoute, HistoryBucket } from '../../../contracts/devices.js';
import { vesselIdsOfBridges } from '../bridges/api.js';
import { currentLocation, locationHistory } from './api.js';
import { MAX_BUCKETED_RANGE_MS } from './buckets.js';
import { historyBuckets } from './history.js';
import type { CommandService } from './commands.js';
import * as repo from './repository.js';
import { busOf, type MessageSources } from './sources.js';
import type { PropertyCadence } from './stale.js';
import { DEVICES_VIEW } from './routes/support.js';

/** Most points a property history answers; longer ranges are evenly thinned. */
const MAX_CHART_POINTS = 2000;
export const DAY_MS = 24 * 3600 * 1000;

/** A time range from optional ISO ends: `to` defaults to now, `from` to `defaultSpanMs` before it. */
export function rangeOf(from: string | undefined, to: string | undefined, defaultSpanMs: number): { fromMs: number; toMs: number } {
  const toMs = to ? Date.parse(to) : Date.now();
  const fromMs = from ? Date.parse(from) : toMs - defaultSpanMs;
  if (fromMs > toMs) throw Boom.badRequest('from must be before to');
  return { fromMs, toMs };
}

/** What the property history asks of the access module: its vessel is known only once the property is found. */
export interface PropertyAccess {
  accessOf(userId: number, vesselId: number): Promise<VesselAccess | null>;
  cloudServices(vesselId: number): Promise<CloudServices>;
  requireCloudService(vesselId: number, service: CloudService): Promise<void>;
}

/** How far back the geofence route looks for where the vessel left: the history every vessel keeps. */
const GEOFENCE_ROUTE_SPAN_MS = SUBSCRIPTION_TERMS.testPeriodDays * DAY_MS;

/** Slack for a range computed on a client a moment before the server checks it. */
const HISTORY_GRACE_MS = 3600 * 1000;

export class DevicesService {
  constructor(
    private readonly db: Database,
    private readonly access: PropertyAccess,
    private readonly cadence: PropertyCadence,
  ) {}

  /** The bridge's devices, each property marked `stale` when its value is older than its usual interval allows (stale.ts). */
  async devices(bridge: ScopeBridge | null): Promise<repo.Device[]> {
    if (!bridge) return [];
    const devices = await repo.devicesOfBridge(this.db, bridge.id);
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

  /** The buses (NMEA 2000, NMEA 0183, ...) the bridge's message sources report through, by name. */
  async buses(bridge: ScopeBridge | null): Promise<Bus[]> {
    if (!bridge) return [];
    const buses = new Map<string, Bus>();
    for (const source of await repo.sourcesOf(this.db, bridge.id)) {
      const bus = buses.get(busOf(source.uid)) ?? { name: busOf(source.uid), sourceCount: 0, lastSeen: source.lastSeen };
      bus.sourceCount++;
      if (source.lastSeen > bus.lastSeen) bus.lastSeen = source.lastSeen;
      buses.set(bus.name, bus);
    }
    return [...buses.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  /** The properties whose current value came through one of the bridge's buses. */
  async busProperties(bridge: ScopeBridge | null, bus: string): Promise<BusProperty[]> {
    return bridge ? repo.propertiesOnBus(this.db, bridge.id, bus) : [];
  }

  /**
   * A property's history (default the last 24 hours), for a caller with deviceManager VIEW on its
   * vessel (404 like a missing property otherwise): its values, or with `buckets` the values
   * downsampled into at most that many buckets (history.ts).
   */
  async propertyHistory(
    caller: Caller,
    propertyId: number,
    range: { dateFrom?: string; dateTo?: string; buckets?: number },
  ): Promise<Array<{ timestamp: string; value: unknown }> | HistoryBucket[]> {
    const property = await repo.findProperty(this.db, propertyId);
    const vesselId = property ? (await vesselIdsOfBridges(this.db, [property.bridgeId])).get(property.bridgeId) : undefined;
    // Another tenant's property answers exactly like a missing one.
    const access = property && vesselId !== undefined ? await this.access.accessOf(caller.id, vesselId) : null;
    if (!property || !access) throw Boom.notFound('Property not found');
    check(access, [DEVICES_VIEW]);
    const { fromMs, toMs } = rangeOf(range.dateFrom, range.dateTo, DAY_MS);
    if (range.buckets !== undefined && toMs - fromMs > MAX_BUCKETED_RANGE_MS) {
      throw Boom.badRequest(`A range with buckets covers at most ${MAX_BUCKETED_RANGE_MS / DAY_MS} days`);
    }
    await requireHistory(this.access, vesselId!, fromMs);
    if (range.buckets === undefined) return repo.historyOf(this.db, property.bridgeId, property.path, fromMs, toMs, MAX_CHART_POINTS);
    return historyBuckets(this.db, property.bridgeId, property.path, fromMs, toMs, range.buckets);
  }

  /**
   * The track since the vessel last left its enabled geofence: the positions after the newest one
   * inside the circle, within the last 7 days; none while it is inside.
   */
  async geofenceRoute(vesselId: number): Promise<GeofenceRoute> {
    const fence = await findGeofence(this.db, vesselId);
    if (!fence?.enabled) return { outsideSince: null, points: [] };
    const nowMs = Date.now();
    const track = await locationHistory(this.db, vesselId, nowMs - GEOFENCE_ROUTE_SPAN_MS, nowMs);
    let start = track.length;
    while (start > 0 && distanceMetres(track[start - 1], fence) > fence.radius) start--;
    const points = track.slice(start);
    return { outsideSince: points[0]?.timestamp ?? null, points };
  }

  location(vesselId: number): Promise<repo.LocationRow | null> {
    return currentLocation(this.db, vesselId);
  }

  /** Positions between from and to (default the last 24 hours). */
  async locationHistory(vesselId: number, from?: string, to?: string): Promise<repo.LocationRow[]> {
    const { fromMs, toMs } = rangeOf(from, to, DAY_MS);
    await requireHistory(this.access, vesselId, fromMs);
    return locationHistory(this.db, vesselId, fromMs, toMs);
  }
}

/**
 * The unsubscribed-vessel rule for history (docs/decisions.md, "Billing"): without a
 * subscription, outside the test period, history reaches back only the test period's length
 * (7 days); a range starting earlier is the 418 that says why and how to renew.
 */
export async function requireHistory(access: Pick<PropertyAccess, 'requireCloudService'>, vesselId: number, fromMs: number): Promise<void> {
  if (fromMs >= Date.now() - SUBSCRIPTION_TERMS.testPeriodDays * DAY_MS - HISTORY_GRACE_MS) return;
  await access.requireCloudService(vesselId, 'history');
}

const messageSource = (s: repo.SourceRow) => ({ uid: s.uid, bus: busOf(s.uid), enabled: s.enabled, firstSeen: s.firstSeen, lastSeen: s.lastSeen });
const locationSource = (s: repo.SourceRow) => ({ uid: s.uid, bus: busOf(s.uid), enabled: s.locationEnabled, lastSeen: s.lastSeen });

export type MessageSourceView = ReturnType<typeof messageSource>;
export type LocationSourceView = ReturnType<typeof locationSource>;

/** Message sources of a vessel's bridge: which are stored, and which feed the location history. */
export class SourcesService {
  constructor(private readonly sources: MessageSources) {}

  async messageSources(bridge: ScopeBridge | null): Promise<MessageSourceView[]> {
    return bridge ? (await this.sources.list(bridge.id)).map(messageSource) : [];
  }

  /** Enables or disables sources; answers all of them. */
  async setEnabled(bridge: ScopeBridge | null, changes: Array<{ uid: string; enabled: boolean }>): Promise<MessageSourceView[]> {
    if (!bridge) return [];
    await this.sources.setEnabled(bridge.id, changes);
    return this.messageSources(bridge);
  }

  /** Sources that have reported a position. */
  async positionSources(bridge: ScopeBridge | null): Promise<LocationSourceView[]> {
    return bridge ? (await this.sources.list(bridge.id)).filter((s) => s.reportsPosition).map(locationSource) : [];
  }

  async enabledPositionSources(bridge: ScopeBridge | null): Promise<LocationSourceView[]> {
    return (await this.positionSources(bridge)).filter((s) => s.enabled);
  }

  /** Takes positions only from these sources from now on; answers the enabled ones. */
  async setLocationSources(bridge: ScopeBridge | null, uids: string[]): Promise<LocationSourceView[]> {
    if (!bridge) return [];
    await this.sources.setLocationSources(bridge.id, uids);
    return this.enabledPositionSources(bridge);
  }
}

/** A command about to be sent: the property on the vessel's bridge. */
export interface CommandTargetProperty {
  bridge: ScopeBridge;
  property: repo.PropertyRow;
}

/** Command requests: the property must be the vessel's, writable, the value in range, the vessel online (or the command queued). */
export class CommandRequests {
  constructor(
    private readonly db: Database,
    private readonly commands: CommandService,
  ) {}

  /** The property on the vessel's paired bridge; 404 when it is missing or another bridge's. */
  async target(bridge: ScopeBridge | null, propertyId: number): Promise<CommandTargetProperty> {
    const property = await repo.findProperty(this.db, propertyId);
    if (!bridge || !property || property.bridgeId !== bridge.id) throw Boom.notFound('Property not found');
    return { bridge, property };
  }

  async send(vesselId: number, { bridge, property }: CommandTargetProperty, command: { value: unknown; requestId: string; queueForSeconds?: number }) {
    const { value } = command;
    if (!property.writable) throw ruleRefused('This property cannot be controlled');
    if (typeof value === 'number' && ((property.min !== null && value < property.min) || (property.max !== null && value > property.max))) {
      throw Boom.badRequest(`value must be between ${property.min ?? '-∞'} and ${property.max ?? '∞'}`);
    }
    if (!command.queueForSeconds && !this.commands.isOnline(bridge.serial)) throw ruleRefused('Vessel is offline');
    return this.commands.submit({ vesselId, bridgeId: bridge.id, serial: bridge.serial, propertyId: property.id, path: property.path, ...command });
  }

  status(vesselId: number, requestId: string) {
    return this.commands.status(vesselId, requestId);
  }
}
