/**
 * Switched light circuits on a digital switching bank (Signal K switch paths, 1/0) and dimmed
 * circuits (`link.lighting.<id>.brightness`). The skipper switches the navigation lights on when
 * casting off; everything else changes only when someone asks.
 */
import type { InventoryDevice, SignalKValue } from '../../contracts/bridge';
import type { NamedDevice, SwitchedLight, VesselProfile } from '../profiles';
import { round } from '../units';
import { type DeviceModel, type StepContext, type WriteOutcome, numberWithin, switchState, writable } from './device-model';

/** DC amps a switched circuit and a fully bright dimmed circuit draw at 12 V. */
const SWITCHED_AMPS = 2.5;
const DIMMED_AMPS = 3;

const switchPath = (light: SwitchedLight): string => `electrical.switches.bank.${light.bank}.${light.channel}.state`;
const brightnessPath = (dimmer: NamedDevice): string => `link.lighting.${dimmer.id}.brightness`;

export class Lighting implements DeviceModel {
  readonly source = 'sim.lighting';
  readonly reportEveryTicks = 60;
  changed = false;
  private readonly switches: Map<string, { light: SwitchedLight; on: boolean }>;
  private readonly dimmers: Map<string, { dimmer: NamedDevice; brightness: number }>;
  private wasUnderWay = false;

  constructor(profile: VesselProfile) {
    this.switches = new Map(profile.switchedLights.map((light) => [switchPath(light), { light, on: light.id === 'saloon-lights' }]));
    this.dimmers = new Map(profile.dimmers.map((dimmer) => [brightnessPath(dimmer), { dimmer, brightness: 0.6 }]));
  }

  /** Amps the lights draw from the house battery. */
  get load(): number {
    let amps = 0;
    for (const { on } of this.switches.values()) if (on) amps += SWITCHED_AMPS;
    for (const { brightness } of this.dimmers.values()) amps += DIMMED_AMPS * brightness;
    return amps;
  }

  inventory(): InventoryDevice[] {
    return [
      ...[...this.switches].map(([path, { light }]) => ({
        id: light.id,
        name: light.name,
        category: 'lighting' as const,
        manufacturer: 'CZone',
        model: 'Output Interface 2',
        location: light.location,
        properties: [writable(path, 'On', 'bool', { min: 0, max: 1 })],
      })),
      ...[...this.dimmers].map(([path, { dimmer }]) => ({
        id: dimmer.id,
        name: dimmer.name,
        category: 'lighting' as const,
        manufacturer: 'Lumishore',
        model: 'LMS-DIM4',
        location: dimmer.location,
        properties: [writable(path, 'Brightness', 'ratio', { min: 0, max: 1 })],
      })),
    ];
  }

  step({ vessel }: StepContext): void {
    const underWay = vessel.voyage.mode === 'underWay';
    if (underWay !== this.wasUnderWay) {
      const navigation = [...this.switches.values()].find(({ light }) => light.id === 'navigation-lights');
      if (navigation) navigation.on = underWay;
      this.wasUnderWay = underWay;
      this.changed = true;
    }
  }

  values(): SignalKValue[] {
    return [
      ...[...this.switches].map(([path, { on }]) => ({ path, value: on ? 1 : 0 })),
      ...[...this.dimmers].map(([path, { brightness }]) => ({ path, value: round(brightness, 3) })),
    ];
  }

  write(path: string, value: unknown): WriteOutcome | undefined {
    const circuit = this.switches.get(path);
    if (circuit) {
      const outcome = switchState(value);
      if (outcome.ok) circuit.on = outcome.value === 1;
      return outcome;
    }
    const dimmer = this.dimmers.get(path);
    if (dimmer) {
      const outcome = numberWithin(value, 0, 1, 'ratio');
      if (outcome.ok) dimmer.brightness = outcome.value as number;
      return outcome;
    }
    return undefined;
  }
}
