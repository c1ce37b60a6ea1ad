/**
 * What the telemetry routes answer, behind the vessel-scoped route option (which has already
 * checked the caller's access and loaded the paired bridge, null when none is paired: the vessel
 * simply has no data yet): locations, the geofence route, message sources and the buses they
 * come through.
 */
import type { Database } from '../../db/knex.js';
import type { Clock } from '../../platform/clock.js';
import { SUBSCRIPTION_TERMS } from '../../../contracts/billing.js';
import type { Bus, GeofenceRoute } from '../../../contracts/devices.js';
import type { ScopeBridge } from '../access/api.js';
import { distanceMetres, findGeofence } from '../geofence/api.js';
import { currentLocation, locationHistory } from './api.js';
import { DAY_MS, type HistoryAccess, rangeOf, requireHistory } from './range.js';
import type { LocationRow, SourceRow } from './repository.js';
import { busOf, type MessageSources } from './sources.js';

/** How far back the geofence route looks for where the vessel left: the history every vessel keeps. */
const GEOFENCE_ROUTE_SPAN_MS = SUBSCRIPTION_TERMS.testPeriodDays * DAY_MS;

/** `GET vessel/{id}/location`: a position, and when the vessel's cloud services ended if they have (every position shown is from before). */
export type CurrentLocation = LocationRow & { servicesEndedAt?: string };

/** Where the vessel is and has been. */
export class LocationService {
  constructor(
    private readonly db: Database,
    private readonly access: HistoryAccess,
    private readonly clock: Clock,
  ) {}

  /**
   * The track since the vessel last left its enabled geofence: the positions after the newest one
   * inside the circle, within the last 7 days; none while it is inside.
   */
  async geofenceRoute(vesselId: number): Promise<GeofenceRoute> {
    const fence = await findGeofence(this.db, vesselId);
    if (!fence?.enabled) return { outsideSince: null, points: [] };
    const nowMs = this.clock.now();
    const track = await locationHistory(this.db, vesselId, nowMs - GEOFENCE_ROUTE_SPAN_MS, nowMs);
    let start = track.length;
    while (start > 0 && distanceMetres(track[start - 1], fence) > fence.radius) start--;
    const points = track.slice(start);
    return { outsideSince: points[0]?.timestamp ?? null, points };
  }

  /**
   * The last known position; once the vessel's cloud services have ended, the last from before
   * they ended, saying when they did (docs/decisions.md, "Lapsed services").
   */
  async location(vesselId: number): Promise<CurrentLocation | null> {
    const services = await this.access.cloudServices(vesselId);
    if (services.active || !services.endedAt) return currentLocation(this.db, vesselId);
    const row = await currentLocation(this.db, vesselId, Date.parse(services.endedAt));
    return row && { ...row, servicesEndedAt: services.endedAt };
  }

  /** Positions between from and to (default the last 24 hours). */
  async locationHistory(vesselId: number, from?: string, to?: string): Promise<LocationRow[]> {
    const nowMs = this.clock.now();
    const { fromMs, toMs } = rangeOf(from, to, DAY_MS, nowMs);
    await requireHistory(this.access, vesselId, fromMs, nowMs);
    return locationHistory(this.db, vesselId, fromMs, toMs);
  }
}

const messageSource = (s: SourceRow) => ({ uid: s.uid, bus: busOf(s.uid), enabled: s.enabled, firstSeen: s.firstSeen, lastSeen: s.lastSeen });
const locationSource = (s: SourceRow) => ({ uid: s.uid, bus: busOf(s.uid), enabled: s.locationEnabled, lastSeen: s.lastSeen });

export type MessageSourceView = ReturnType<typeof messageSource>;
export type LocationSourceView = ReturnType<typeof locationSource>;

/** Message sources of a vessel's bridge: which are stored, which feed the location history, and the buses they come through. */
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

  /** The buses (NMEA 2000, NMEA 0183, ...) the bridge's message sources report through, by name. */
  async buses(bridge: ScopeBridge | null): Promise<Bus[]> {
    if (!bridge) return [];
    const buses = new Map<string, Bus>();
    for (const source of await this.sources.list(bridge.id)) {
      const bus = buses.get(busOf(source.uid)) ?? { name: busOf(source.uid), sourceCount: 0, lastSeen: source.lastSeen };
      bus.sourceCount++;
      if (source.lastSeen > bus.lastSeen) bus.lastSeen = source.lastSeen;
      buses.set(bus.name, bus);
    }
    return [...buses.values()].sort((a, b) => a.name.localeCompare(b.name));
  }
}
