/**
 * Air conditioning zones: the cabin temperature (`environment.inside.<zone>.temperature`) follows
 * the set point while the zone is on and AC power is available (shore or generator), and drifts
 * towards the outside temperature otherwise.
 */
import type { InventoryDevice, SignalKValue } from '../../contracts/bridge';
import type { ClimateZone, VesselProfile } from '../profiles';
import type { Random } from '../../bridge/client/random';
import { approach, celsius, round } from '../units';
import { type DeviceModel, type StepContext, type WriteOutcome, numberWithin, oneOf, readOnly, writable } from './device-model';

export const CLIMATE_MODES = ['off', 'cool', 'heat', 'auto'] as const;
type ClimateMode = (typeof CLIMATE_MODES)[number];

const SETPOINT_MIN = celsius(16);
const SETPOINT_MAX = celsius(30);
/** K per second a working unit moves the cabin, and the cabin drifts without it. */
const CONDITIONING_RATE = 0.01;
const DRIFT_RATE = 0.002;
/** AC amps (230 V) a working unit draws. */
const UNIT_AMPS = 7;

interface ZoneState {
  zone: ClimateZone;
  temperature: number;
  setpoint: number;
  mode: ClimateMode;
  working: boolean;
}

export class Climate implements DeviceModel {
  readonly source = 'sim.climate';
  readonly reportEveryTicks = 10;
  changed = false;
  private readonly zones: ZoneState[];

  constructor(profile: VesselProfile, random: Random) {
    this.zones = profile.climateZones.map((zone) => ({
      zone,
      temperature: celsius(zone.setpointCelsius + random.between(-1, 4)),
      setpoint: celsius(zone.setpointCelsius),
      mode: 'auto',
      working: false,
    }));
  }

  /** AC amps the working units draw. */
  get acLoad(): number {
    return this.zones.filter((zone) => zone.working).length * UNIT_AMPS;
  }

  inventory(): InventoryDevice[] {
    return this.zones.map(({ zone }) => ({
      id: zone.id,
      name: zone.name,
      category: 'climate' as const,
      manufacturer: 'Dometic',
      model: 'Smart Touch',
      location: zone.location,
      properties: [
        readOnly(`environment.inside.${zone.zone}.temperature`, 'Temperature', 'K'),
        writable(`link.climate.${zone.id}.setpoint`, 'Set point', 'K', { min: SETPOINT_MIN, max: SETPOINT_MAX }),
        writable(`link.climate.${zone.id}.mode`, 'Mode', ''),
      ],
    }));
  }

  step({ dt, random, vessel }: StepContext): void {
    const powered = vessel.acPower.available;
    const outside = vessel.environment.outsideTemperature;
    for (const state of this.zones) {
      const tooWarm = state.temperature > state.setpoint + 0.3;
      const tooCold = state.temperature < state.setpoint - 0.3;
      const wantsCooling = (state.mode === 'cool' || state.mode === 'auto') && tooWarm;
      const wantsHeating = (state.mode === 'heat' || state.mode === 'auto') && tooCold;
      state.working = powered && (wantsCooling || wantsHeating);
      state.temperature = state.working
        ? approach(state.temperature, state.setpoint, CONDITIONING_RATE, dt)
        : approach(state.temperature, outside, DRIFT_RATE, dt);
      state.temperature += random.noise(0.02);
    }
  }

  values(): SignalKValue[] {
    return this.zones.flatMap(({ zone, temperature, setpoint, mode }) => [
      { path: `environment.inside.${zone.zone}.temperature`, value: round(temperature, 2) },
      { path: `link.climate.${zone.id}.setpoint`, value: round(setpoint, 2) },
      { path: `link.climate.${zone.id}.mode`, value: mode },
    ]);
  }

  write(path: string, value: unknown): WriteOutcome | undefined {
    for (const state of this.zones) {
      if (path === `link.climate.${state.zone.id}.setpoint`) {
        const outcome = numberWithin(value, SETPOINT_MIN, SETPOINT_MAX, 'K');
        if (outcome.ok) state.setpoint = outcome.value as number;
        return outcome;
      }
      if (path === `link.climate.${state.zone.id}.mode`) {
        const outcome = oneOf(value, CLIMATE_MODES);
        if (outcome.ok) state.mode = outcome.value as ClimateMode;
        return outcome;
      }
    }
    return undefined;
  }
}
