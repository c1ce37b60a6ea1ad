/**
 * `GET vessel/{id}/devices` as the text it answers, kept per vessel (docs/performance.md, "HTTP
 * throughput"; docs/decisions.md, "Request caches"): built once from the database and served
 * until the vessel's values or inventory change (`vessel.batch`, `vessel.devices`, from any node),
 * a bridge is paired with it (`bridge.paired`), or the first of its properties turns stale with
 * time (telemetry's stale.ts), whichever comes first. Many people watching one vessel then cost one build per
 * change rather than a query per look.
 */
import { gzipSync } from 'node:zlib';
import type { ScopeBridge } from '../access/api.js';
import type { EventBus } from '../../platform/events.js';
import { ReadThrough } from '../../platform/read-through.js';
import type { Device } from './repository.js';
import type { PropertyCadence } from '../telemetry/api.js';

/** Vessels whose list is kept; the bound on age is for changes nobody announces (a restore, the CLI). */
export const DEVICE_LIST_CACHE = { max: 1000, ttlMs: 60_000 } as const;

/** A list as it is sent: the whole success envelope of docs/api.md, as JSON text and, once a client asks for it, gzipped. */
export class DeviceList {
  private zipped: Buffer | null = null;

  constructor(
    readonly bridgeId: number | null,
    readonly json: string,
  ) {}

  /** Compressed once per list, not once per response as the server would. */
  get gzip(): Buffer {
    this.zipped ??= gzipSync(this.json);
    return this.zipped;
  }
}

export class DeviceLists {
  /** By vessel (the events name vessels), each built for the bridge its first asker's scope found. */
  private readonly lists: ReadThrough<number, DeviceList, ScopeBridge | null>;

  constructor(
    private readonly build: (bridge: ScopeBridge | null) => Promise<Device[]>,
    private readonly cadence: PropertyCadence,
    events: EventBus,
    now: () => number,
  ) {
    this.lists = new ReadThrough((_vesselId, bridge) => this.load(bridge), { ...DEVICE_LIST_CACHE, now });
    const changed = ({ vesselId }: { vesselId: number }) => this.lists.forget(vesselId);
    events.on('vessel.batch', changed, { cluster: true });
    events.on('vessel.devices', changed, { cluster: true });
    // A list built for the same bridge before it was unlinked and paired again holds what went with the pairing.
    events.on('bridge.paired', ({ vesselId }) => vesselId !== null && this.lists.forget(vesselId), { cluster: true });
  }

  /** The vessel's device list, for the bridge the caller's scope found paired to it. */
  async of(vesselId: number, bridge: ScopeBridge | null): Promise<DeviceList> {
    const list = await this.lists.get(vesselId, bridge);
    if (list.bridgeId === (bridge?.id ?? null)) return list;
    // Paired to another bridge since the list was built.
    this.lists.forget(vesselId);
    return this.lists.get(vesselId, bridge);
  }

  private async load(bridge: ScopeBridge | null): Promise<{ value: DeviceList; untilMs: number }> {
    const devices = await this.build(bridge);
    let untilMs = Infinity;
    for (const device of devices)
      for (const p of device.properties) if (bridge && !p.stale) untilMs = Math.min(untilMs, this.cadence.staleAt(bridge.id, p.path, p.timestamp));
    return { value: new DeviceList(bridge?.id ?? null, JSON.stringify({ ok: true, data: devices })), untilMs };
  }
}
