/**
 * One simulated vessel: its voyage, the equipment of its profile and the alarm monitor, advanced
 * tick by tick. The vessel knows nothing of MQTT; the bridge turns what it reports into deltas.
 */
import type { DeviceInventory, SignalKValue } from '../contracts/bridge';
import { AlarmMonitor } from './alarms';
import { AcPower } from './devices/ac-power';
import { Batteries } from './devices/batteries';
import { Bilge } from './devices/bilge';
import { Cameras } from './devices/camera';
import { Climate } from './devices/climate';
import type { DeviceModel, StepContext, WriteOutcome } from './devices/device-model';
import { Engines } from './devices/engines';
import { EnvironmentSensors } from './devices/environment';
import { Lighting } from './devices/lighting';
import { NavigationSensors } from './devices/navigation';
import { Shades } from './devices/shades';
import { Tanks } from './devices/tanks';
import { Uplink } from './devices/uplink';
import type { VesselProfile } from './profiles';
import { type Random, createRandom } from '../bridge/client/random';
import { Voyage } from './voyage';

/** Values from one source, measured at the same moment: one update of a delta. */
export interface VesselReport {
  source: string;
  values: SignalKValue[];
}

export class Vessel {
  readonly voyage: Voyage;
  readonly navigation: NavigationSensors;
  readonly environment: EnvironmentSensors;
  readonly engines: Engines;
  readonly acPower: AcPower;
  readonly climate: Climate;
  readonly lighting: Lighting;
  readonly batteries: Batteries;
  readonly tanks: Tanks;
  readonly bilge: Bilge;
  readonly shades: Shades;
  readonly cameras: Cameras;
  readonly uplink: Uplink;
  readonly alarms: AlarmMonitor;
  /** Ticks since the bridge booted. */
  tick = 0;
  /** Paths whose sensor has gone silent (the `sensor-silent` scenario): measured, never reported. */
  readonly silentPaths = new Set<string>();
  /** The whole bridge sends no data (the `bridge-silent` scenario), though it stays connected. */
  silent = false;
  /** A fire in the engine room (the `engine-room-fire` scenario). */
  fire = false;
  /** Step order: each model reads what the ones before it settled this tick. */
  private readonly models: DeviceModel[];
  /** Spreads a fleet's slower reports over different ticks instead of all on the same one. */
  private readonly reportPhase: number;

  constructor(
    readonly profile: VesselProfile,
    private readonly random: Random,
  ) {
    this.voyage = new Voyage(profile.cruiseKnots, random);
    this.navigation = new NavigationSensors(this.voyage);
    this.environment = new EnvironmentSensors(this.voyage, random);
    this.engines = new Engines(profile, random);
    this.acPower = new AcPower(profile.hasGenerator);
    this.climate = new Climate(profile, random);
    this.lighting = new Lighting(profile);
    this.batteries = new Batteries(profile.houseBatteryCapacity, profile.startBatteryCapacity, random);
    this.tanks = new Tanks(profile, random);
    this.bilge = new Bilge(random);
    this.shades = new Shades(profile);
    this.cameras = new Cameras(profile);
    this.uplink = new Uplink();
    this.models = [
      this.navigation,
      this.environment,
      this.engines,
      this.acPower,
      this.climate,
      this.lighting,
      this.batteries,
      this.tanks,
      this.bilge,
      this.shades,
      this.cameras,
      this.uplink,
    ];
    this.alarms = new AlarmMonitor(this);
    this.reportPhase = Math.floor(random.between(0, 60));
    // Settle the models once so the first snapshot is coherent (loads, feeds, apparent wind).
    this.stepModels(0);
  }

  /** Advances the vessel by `dt` seconds and returns what is due to be reported on this tick. */
  advance(dt: number): VesselReport[] {
    this.tick += 1;
    const context = this.stepModels(dt);
    const reports: VesselReport[] = [];
    for (const model of this.models) {
      if (model.changed || (this.tick + this.reportPhase) % model.reportEveryTicks === 0) {
        reports.push({ source: model.source, values: model.values() });
        model.changed = false;
      }
    }
    const notifications = this.alarms.check(context);
    if (notifications.length > 0) reports.push({ source: this.alarms.source, values: notifications });
    if (this.silent) return [];
    if (!this.silentPaths.size) return reports;
    return reports
      .map((report) => ({ ...report, values: report.values.filter((value) => !this.silentPaths.has(value.path)) }))
      .filter((report) => report.values.length > 0);
  }

  /** Every current value, for a snapshot. */
  snapshot(): VesselReport[] {
    return [...this.models.map((model) => ({ source: model.source, values: model.values() })), { source: this.alarms.source, values: this.alarms.values() }];
  }

  inventory(): DeviceInventory {
    return { devices: this.models.flatMap((model) => model.inventory()) };
  }

  /** Applies a PUT: 405 when no device has that path as a writable property, 400 when the value is out of range. */
  write(path: string, value: unknown): WriteOutcome & { source?: string } {
    for (const model of this.models) {
      const outcome = model.write?.(path, value);
      if (outcome) return { ...outcome, source: model.source };
    }
    const known = this.models.some((model) => model.inventory().some((device) => device.properties.some((property) => property.path === path)));
    return { ok: false, statusCode: 405, message: known ? `${path} is read-only` : `No device on board has ${path}` };
  }

  private stepModels(dt: number): StepContext {
    const context: StepContext = { dt, tick: this.tick, random: this.random, vessel: this };
    this.voyage.step(dt, this.random);
    for (const model of this.models) model.step(context);
    return context;
  }
}

/** A profile's device inventory, without running a vessel (the inventory does not depend on the seed). */
export const inventoryOf = (profile: VesselProfile): DeviceInventory => new Vessel(profile, createRandom(0)).inventory();
