/**
 * What is on board a simulated vessel. A profile only lists equipment; the device models in
 * devices/ decide how it behaves. Device ids are stable across runs because the server keys a
 * vessel's devices (and their history) by them.
 */
export interface SwitchedLight {
  id: string;
  name: string;
  location: string;
  bank: number;
  channel: number;
}

export interface NamedDevice {
  id: string;
  name: string;
  location: string;
}

export interface ClimateZone extends NamedDevice {
  /** Signal K zone under `environment.inside.<zone>`. */
  zone: string;
  setpointCelsius: number;
}

export interface Engine {
  /** Signal K id under `propulsion.<engine>` and the device id's prefix. */
  engine: string;
  name: string;
  idleRpm: number;
  cruiseRpm: number;
}

export type TankFluid = 'fuel' | 'freshWater' | 'wasteWater' | 'blackWater';
export interface Tank {
  fluid: TankFluid;
  /** Signal K id under `tanks.<fluid>.<tank>`. */
  tank: string;
  /** m³ */
  capacity: number;
}

export interface VesselProfile {
  name: string;
  switchedLights: SwitchedLight[];
  dimmers: NamedDevice[];
  shades: NamedDevice[];
  climateZones: ClimateZone[];
  /** Ah of the house and start banks. */
  houseBatteryCapacity: number;
  startBatteryCapacity: number;
  engines: Engine[];
  hasGenerator: boolean;
  tanks: Tank[];
  cameras: NamedDevice[];
  /** Speed through the water on open legs, in knots. */
  cruiseKnots: number;
}

const motorYacht: VesselProfile = {
  name: 'motor-yacht',
  switchedLights: [
    { id: 'saloon-lights', name: 'Saloon lights', location: 'Saloon', bank: 0, channel: 1 },
    { id: 'cockpit-lights', name: 'Cockpit lights', location: 'Cockpit', bank: 0, channel: 2 },
    { id: 'deck-floodlights', name: 'Deck floodlights', location: 'Flybridge', bank: 0, channel: 3 },
    { id: 'navigation-lights', name: 'Navigation lights', location: 'Mast', bank: 1, channel: 1 },
    { id: 'underwater-lights', name: 'Underwater lights', location: 'Transom', bank: 1, channel: 2 },
  ],
  dimmers: [
    { id: 'saloon-dimmer', name: 'Saloon downlights', location: 'Saloon' },
    { id: 'master-dimmer', name: 'Master cabin lights', location: 'Master cabin' },
  ],
  shades: [
    { id: 'saloon-blinds', name: 'Saloon blinds', location: 'Saloon' },
    { id: 'master-blinds', name: 'Master cabin blinds', location: 'Master cabin' },
  ],
  climateZones: [
    { id: 'saloon-climate', name: 'Saloon air conditioning', location: 'Saloon', zone: 'saloon', setpointCelsius: 22 },
    { id: 'master-climate', name: 'Master cabin air conditioning', location: 'Master cabin', zone: 'master', setpointCelsius: 21 },
  ],
  houseBatteryCapacity: 600,
  startBatteryCapacity: 110,
  engines: [
    { engine: 'port', name: 'Port engine', idleRpm: 650, cruiseRpm: 2000 },
    { engine: 'starboard', name: 'Starboard engine', idleRpm: 650, cruiseRpm: 2000 },
  ],
  hasGenerator: true,
  tanks: [
    { fluid: 'fuel', tank: 'main', capacity: 4 },
    { fluid: 'freshWater', tank: 'main', capacity: 1 },
    { fluid: 'wasteWater', tank: 'main', capacity: 0.3 },
    { fluid: 'blackWater', tank: 'main', capacity: 0.2 },
  ],
  cameras: [{ id: 'aft-camera', name: 'Aft deck camera', location: 'Aft deck' }],
  cruiseKnots: 12,
};

const sailingYacht: VesselProfile = {
  name: 'sailing-yacht',
  switchedLights: [
    { id: 'saloon-lights', name: 'Saloon lights', location: 'Saloon', bank: 0, channel: 1 },
    { id: 'cockpit-lights', name: 'Cockpit lights', location: 'Cockpit', bank: 0, channel: 2 },
    { id: 'navigation-lights', name: 'Navigation lights', location: 'Mast', bank: 0, channel: 3 },
    { id: 'anchor-light', name: 'Anchor light', location: 'Masthead', bank: 0, channel: 4 },
  ],
  dimmers: [{ id: 'saloon-dimmer', name: 'Saloon downlights', location: 'Saloon' }],
  shades: [{ id: 'saloon-blinds', name: 'Saloon hatch blinds', location: 'Saloon' }],
  climateZones: [{ id: 'saloon-climate', name: 'Saloon heating', location: 'Saloon', zone: 'saloon', setpointCelsius: 20 }],
  houseBatteryCapacity: 400,
  startBatteryCapacity: 90,
  engines: [{ engine: 'main', name: 'Main engine', idleRpm: 850, cruiseRpm: 2400 }],
  hasGenerator: false,
  tanks: [
    { fluid: 'fuel', tank: 'main', capacity: 0.2 },
    { fluid: 'freshWater', tank: 'main', capacity: 0.4 },
    { fluid: 'wasteWater', tank: 'main', capacity: 0.08 },
    { fluid: 'blackWater', tank: 'main', capacity: 0.08 },
  ],
  cameras: [{ id: 'cockpit-camera', name: 'Cockpit camera', location: 'Cockpit' }],
  cruiseKnots: 6.5,
};

export const PROFILES: Readonly<Record<string, VesselProfile>> = {
  [motorYacht.name]: motorYacht,
  [sailingYacht.name]: sailingYacht,
};
export const PROFILE_NAMES = Object.keys(PROFILES);
export const DEFAULT_PROFILE = motorYacht.name;

export function profileNamed(name: string): VesselProfile {
  const profile = PROFILES[name];
  if (!profile) throw new Error(`Unknown profile "${name}" (known: ${PROFILE_NAMES.join(', ')})`);
  return profile;
}
