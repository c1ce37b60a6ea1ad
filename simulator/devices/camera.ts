/** Deck cameras (`link.camera.<id>.state`: off, on or recording), switched from the app. */
import type { InventoryDevice, SignalKValue } from '../../contracts/bridge';
import type { NamedDevice, VesselProfile } from '../profiles';
import { type DeviceModel, type WriteOutcome, oneOf, writable } from './device-model';

export const CAMERA_STATES = ['off', 'on', 'recording'] as const;
type CameraState = (typeof CAMERA_STATES)[number];

const statePath = (camera: NamedDevice): string => `link.camera.${camera.id}.state`;

export class Cameras implements DeviceModel {
  readonly source = 'sim.camera';
  readonly reportEveryTicks = 60;
  changed = false;
  private readonly cameras: Map<string, { camera: NamedDevice; state: CameraState }>;

  constructor(profile: VesselProfile) {
    this.cameras = new Map(profile.cameras.map((camera) => [statePath(camera), { camera, state: 'on' }]));
  }

  inventory(): InventoryDevice[] {
    return [...this.cameras].map(([path, { camera }]) => ({
      id: camera.id,
      name: camera.name,
      category: 'camera' as const,
      manufacturer: 'Axis',
      model: 'Q6075-E',
      location: camera.location,
      properties: [writable(path, 'State', '')],
    }));
  }

  step(): void {}

  values(): SignalKValue[] {
    return [...this.cameras].map(([path, { state }]) => ({ path, value: state }));
  }

  write(path: string, value: unknown): WriteOutcome | undefined {
    const camera = this.cameras.get(path);
    if (!camera) return undefined;
    const outcome = oneOf(value, CAMERA_STATES);
    if (outcome.ok) camera.state = outcome.value as CameraState;
    return outcome;
  }
}
