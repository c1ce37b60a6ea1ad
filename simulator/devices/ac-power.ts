/**
 * The 230 V AC side: shore power at the berth and the generator's output away from it
 * (`electrical.ac.<shore|generator>.phase.single.*`). Whichever feed is live carries the AC load:
 * air conditioning, the battery charger and the galley.
 */
import type { InventoryDevice, SignalKValue } from '../../contracts/bridge';
import { round } from '../units';
import { type DeviceModel, type StepContext, readOnly } from './device-model';

const NOMINAL_VOLTAGE = 230;
const NOMINAL_FREQUENCY = 50;
/** Amps of fridges, water heater and galley that are always on. */
const BASE_LOAD = 2;
const CHARGER_EFFICIENCY = 0.9;
const DC_VOLTAGE = 12.8;

interface Feed {
  voltage: number;
  current: number;
  frequency: number;
}
const DEAD: Feed = { voltage: 0, current: 0, frequency: 0 };

const feedProperties = (feed: 'shore' | 'generator') => [
  readOnly(`electrical.ac.${feed}.phase.single.lineNeutralVoltage`, 'Voltage', 'V'),
  readOnly(`electrical.ac.${feed}.phase.single.current`, 'Current', 'A'),
  readOnly(`electrical.ac.${feed}.phase.single.frequency`, 'Frequency', 'Hz'),
];

export class AcPower implements DeviceModel {
  readonly source = 'sim.ac';
  readonly reportEveryTicks = 10;
  changed = false;
  /** The shore cable is plugged in: only at the berth. */
  shoreConnected = false;
  /** Set by a scenario: the marina pedestal has tripped. */
  shoreFault = false;
  private shore: Feed = DEAD;
  private generator: Feed = DEAD;

  constructor(private readonly hasGenerator: boolean) {}

  get shoreLive(): boolean {
    return this.shoreConnected && !this.shoreFault;
  }

  /** AC power is there for the air conditioning and the battery charger. */
  get available(): boolean {
    return this.shoreLive || this.generator.voltage > 0;
  }

  /** The shore feed's voltage, which the shore power alarm watches. */
  get shoreVoltage(): number {
    return this.shore.voltage;
  }

  inventory(): InventoryDevice[] {
    const devices: InventoryDevice[] = [
      {
        id: 'shore-power',
        name: 'Shore power',
        category: 'power',
        manufacturer: 'Victron',
        model: 'Isolation Transformer 3600W',
        location: 'Lazarette',
        properties: feedProperties('shore'),
      },
    ];
    if (this.hasGenerator) {
      devices.push({
        id: 'generator-output',
        name: 'Generator output',
        category: 'power',
        manufacturer: 'Kohler',
        model: '17EFKOZD',
        location: 'Engine room',
        properties: feedProperties('generator'),
      });
    }
    return devices;
  }

  step({ random, vessel }: StepContext): void {
    const feedsBefore = [this.shore.voltage > 0, this.generator.voltage > 0];
    this.shoreConnected = vessel.voyage.mode === 'berthed';
    const chargerAmps = (Math.max(0, vessel.batteries.chargerCurrent) * DC_VOLTAGE) / NOMINAL_VOLTAGE / CHARGER_EFFICIENCY;
    const load = BASE_LOAD + vessel.climate.acLoad + chargerAmps + random.noise(0.2);
    this.shore = this.shoreLive ? { voltage: NOMINAL_VOLTAGE + random.noise(1.5), current: load, frequency: NOMINAL_FREQUENCY + random.noise(0.02) } : DEAD;
    this.generator =
      vessel.engines.generatorRunning && !this.shoreLive
        ? { voltage: NOMINAL_VOLTAGE + random.noise(3), current: load, frequency: NOMINAL_FREQUENCY + random.noise(0.15) }
        : DEAD;
    // A feed coming or going is news: reported at once, not at the next periodic report.
    if (feedsBefore[0] !== this.shore.voltage > 0 || feedsBefore[1] !== this.generator.voltage > 0) this.changed = true;
  }

  values(): SignalKValue[] {
    const feed = (name: 'shore' | 'generator', { voltage, current, frequency }: Feed): SignalKValue[] => [
      { path: `electrical.ac.${name}.phase.single.lineNeutralVoltage`, value: round(voltage, 1) },
      { path: `electrical.ac.${name}.phase.single.current`, value: round(current, 1) },
      { path: `electrical.ac.${name}.phase.single.frequency`, value: round(frequency, 2) },
    ];
    return this.hasGenerator ? [...feed('shore', this.shore), ...feed('generator', this.generator)] : feed('shore', this.shore);
  }
}
