/** The GPS and heading sensor: where the voyage has taken the vessel and how it moves. */
import type { InventoryDevice, SignalKValue } from '../../contracts/bridge';
import { round } from '../units';
import type { Position, Voyage } from '../voyage';
import { type DeviceModel, type StepContext, readOnly } from './device-model';

/** About a metre of GPS scatter, in degrees: a moored vessel's fix still wanders a little. */
const FIX_SCATTER = 0.00001;

export class NavigationSensors implements DeviceModel {
  readonly source = 'sim.navigation';
  readonly reportEveryTicks = 1;
  changed = false;
  private fix: Position;

  constructor(private readonly voyage: Voyage) {
    this.fix = voyage.position;
  }

  inventory(): InventoryDevice[] {
    return [
      {
        id: 'gps',
        name: 'GPS',
        category: 'maritime',
        manufacturer: 'Garmin',
        model: 'GPS 24xd',
        location: 'Radar arch',
        properties: [
          readOnly('navigation.position', 'Position', ''),
          readOnly('navigation.speedOverGround', 'Speed over ground', 'm/s'),
          readOnly('navigation.courseOverGroundTrue', 'Course over ground', 'rad'),
        ],
      },
      {
        id: 'heading-sensor',
        name: 'Heading sensor',
        category: 'maritime',
        manufacturer: 'Airmar',
        model: 'H2183',
        location: 'Bridge',
        properties: [readOnly('navigation.headingTrue', 'Heading', 'rad')],
      },
    ];
  }

  /** The voyage moves the vessel; the sensors only read it, with their own error. */
  step({ random }: StepContext): void {
    const { latitude, longitude } = this.voyage.position;
    this.fix = { latitude: latitude + random.noise(FIX_SCATTER), longitude: longitude + random.noise(FIX_SCATTER) };
  }

  values(): SignalKValue[] {
    const { speedOverGround, courseOverGround, headingTrue } = this.voyage;
    return [
      { path: 'navigation.position', value: { latitude: round(this.fix.latitude, 7), longitude: round(this.fix.longitude, 7) } },
      { path: 'navigation.speedOverGround', value: round(speedOverGround, 2) },
      { path: 'navigation.courseOverGroundTrue', value: round(courseOverGround, 4) },
      { path: 'navigation.headingTrue', value: round(headingTrue, 4) },
    ];
  }
}
