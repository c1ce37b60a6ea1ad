/**
 * The depth sounder and the weather station: the seabed under the vessel, the apparent wind (the
 * true wind combined with the vessel's own motion) and the outside temperature, which the cabins
 * and the engines drift towards.
 */
import type { InventoryDevice, SignalKValue } from '../../contracts/bridge';
import type { Random } from '../../bridge/client/random';
import { approach, celsius, clamp, round } from '../units';
import type { Voyage } from '../voyage';
import { type DeviceModel, type StepContext, readOnly } from './device-model';

/** The harbour is about 7 m deep; the seabed off Monaco falls away steeply. */
const HARBOUR_DEPTH = 7;
const MAX_SOUNDING = 250;

const signedAngle = (angle: number): number => Math.atan2(Math.sin(angle), Math.cos(angle));

export class EnvironmentSensors implements DeviceModel {
  readonly source = 'sim.environment';
  readonly reportEveryTicks = 5;
  changed = false;
  /** K */
  outsideTemperature: number;
  private trueWindSpeed: number;
  private trueWindDirection: number;
  private depth = HARBOUR_DEPTH;
  private apparentWindSpeed = 0;
  private apparentWindAngle = 0;

  constructor(
    private readonly voyage: Voyage,
    random: Random,
  ) {
    this.outsideTemperature = celsius(random.between(18, 28));
    this.trueWindSpeed = random.between(2, 8);
    this.trueWindDirection = random.between(0, 2 * Math.PI);
  }

  inventory(): InventoryDevice[] {
    return [
      {
        id: 'depth-sounder',
        name: 'Depth sounder',
        category: 'maritime',
        manufacturer: 'Airmar',
        model: 'DST810',
        location: 'Hull',
        properties: [readOnly('environment.depth.belowTransducer', 'Depth below transducer', 'm')],
      },
      {
        id: 'weather-station',
        name: 'Weather station',
        category: 'maritime',
        manufacturer: 'Airmar',
        model: '220WX',
        location: 'Radar arch',
        properties: [
          readOnly('environment.wind.speedApparent', 'Apparent wind speed', 'm/s'),
          readOnly('environment.wind.angleApparent', 'Apparent wind angle', 'rad'),
          readOnly('environment.outside.temperature', 'Outside temperature', 'K'),
        ],
      },
    ];
  }

  step({ dt, random }: StepContext): void {
    const { voyage } = this;
    this.trueWindSpeed = clamp(this.trueWindSpeed + random.noise(0.05) * Math.sqrt(dt), 0.5, 15);
    this.trueWindDirection += random.noise(0.002) * Math.sqrt(dt);
    this.outsideTemperature += random.noise(0.002) * Math.sqrt(dt);

    const windEast = -this.trueWindSpeed * Math.sin(this.trueWindDirection);
    const windNorth = -this.trueWindSpeed * Math.cos(this.trueWindDirection);
    const apparentEast = windEast - voyage.speedOverGround * Math.sin(voyage.courseOverGround);
    const apparentNorth = windNorth - voyage.speedOverGround * Math.cos(voyage.courseOverGround);
    this.apparentWindSpeed = Math.hypot(apparentEast, apparentNorth) + random.noise(0.1);
    // Measured from the bow, positive to starboard, as Signal K has it.
    this.apparentWindAngle = signedAngle(Math.atan2(-apparentEast, -apparentNorth) - voyage.headingTrue);

    const offshore = voyage.distanceFromBerth / 1000;
    const seabed = Math.min(MAX_SOUNDING, HARBOUR_DEPTH + 40 * offshore * offshore);
    this.depth = (dt === 0 ? seabed : approach(this.depth, seabed, 2, dt)) + random.noise(0.05);
  }

  values(): SignalKValue[] {
    return [
      { path: 'environment.depth.belowTransducer', value: round(Math.max(0.5, this.depth), 1) },
      { path: 'environment.wind.speedApparent', value: round(Math.max(0, this.apparentWindSpeed), 2) },
      { path: 'environment.wind.angleApparent', value: round(this.apparentWindAngle, 3) },
      { path: 'environment.outside.temperature', value: round(this.outsideTemperature, 2) },
    ];
  }
}
