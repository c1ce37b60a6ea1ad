/** Motorised blinds (`link.shades.<id>.position`, 0 closed to 1 open). */
import type { InventoryDevice, SignalKValue } from '../../contracts/bridge';
import type { NamedDevice, VesselProfile } from '../profiles';
import { round } from '../units';
import { type DeviceModel, type WriteOutcome, numberWithin, writable } from './device-model';

const positionPath = (shade: NamedDevice): string => `link.shades.${shade.id}.position`;

export class Shades implements DeviceModel {
  readonly source = 'sim.shades';
  readonly reportEveryTicks = 60;
  changed = false;
  private readonly shades: Map<string, { shade: NamedDevice; position: number }>;

  constructor(profile: VesselProfile) {
    this.shades = new Map(profile.shades.map((shade) => [positionPath(shade), { shade, position: 1 }]));
  }

  inventory(): InventoryDevice[] {
    return [...this.shades].map(([path, { shade }]) => ({
      id: shade.id,
      name: shade.name,
      category: 'shades' as const,
      manufacturer: 'Oceanair',
      model: 'Skyscreen',
      location: shade.location,
      properties: [writable(path, 'Position', 'ratio', { min: 0, max: 1 })],
    }));
  }

  step(): void {}

  values(): SignalKValue[] {
    return [...this.shades].map(([path, { position }]) => ({ path, value: round(position, 3) }));
  }

  write(path: string, value: unknown): WriteOutcome | undefined {
    const shade = this.shades.get(path);
    if (!shade) return undefined;
    const outcome = numberWithin(value, 0, 1, 'ratio');
    if (outcome.ok) shade.position = outcome.value as number;
    return outcome;
  }
}
