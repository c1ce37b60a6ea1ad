/**
 * The 12 V house and start banks (`electrical.batteries.<id>.*`). The house bank carries the DC
 * loads and is charged by the shore/generator charger or the alternators; the start bank dips
 * when an engine cranks and is topped up by the alternators under way.
 */
import type { InventoryDevice, SignalKValue } from '../../contracts/bridge';
import type { Random } from '../../bridge/client/random';
import { clamp, round } from '../units';
import { type DeviceModel, type StepContext, readOnly } from './device-model';

/** Amps of electronics, pumps and fridges on the DC side at all times, and extra for navigation gear under way. */
const BASE_DC_LOAD = 6;
const UNDER_WAY_DC_LOAD = 12;
const CHARGER_AMPS = 60;
const ALTERNATOR_AMPS = 35;
/** Parasitic drain of the start bank (the engine ECUs' standby). */
const STANDBY_AMPS = 0.05;

export interface Battery {
  readonly id: 'house' | 'start';
  readonly capacity: number;
  readonly internalResistance: number;
  stateOfCharge: number;
  /** A, positive while charging. */
  current: number;
  /** V, as measured (with the shunt's noise). */
  voltage: number;
  /** Set by a scenario: the current it drives instead of the loads and chargers. */
  forcedCurrent?: number;
}

/** Open-circuit voltage of a 12 V AGM bank, lifted or sagged by the current through it. */
const voltageOf = ({ stateOfCharge, current, internalResistance }: Battery): number =>
  clamp(11.8 + 0.95 * stateOfCharge + current * internalResistance, 10.5, 14.6);

export class Batteries implements DeviceModel {
  readonly source = 'sim.batteries';
  readonly reportEveryTicks = 5;
  changed = false;
  readonly house: Battery;
  readonly start: Battery;
  /** DC amps the AC charger is putting in, which it takes from the AC side. */
  chargerCurrent = 0;

  constructor(houseCapacity: number, startCapacity: number, random: Random) {
    this.house = { id: 'house', capacity: houseCapacity, internalResistance: 0.0025, stateOfCharge: random.between(0.55, 0.95), current: 0, voltage: 12.6 };
    this.start = { id: 'start', capacity: startCapacity, internalResistance: 0.006, stateOfCharge: random.between(0.85, 1), current: 0, voltage: 12.7 };
  }

  inventory(): InventoryDevice[] {
    return [this.house, this.start].map((battery) => ({
      id: `${battery.id}-battery`,
      name: battery.id === 'house' ? 'House battery' : 'Start battery',
      category: 'power' as const,
      manufacturer: 'Victron',
      model: 'BMV-712',
      location: 'Engine room',
      properties: [
        readOnly(`electrical.batteries.${battery.id}.voltage`, 'Voltage', 'V'),
        readOnly(`electrical.batteries.${battery.id}.current`, 'Current', 'A'),
        readOnly(`electrical.batteries.${battery.id}.capacity.stateOfCharge`, 'State of charge', 'ratio', { min: 0, max: 1 }),
      ],
    }));
  }

  step({ dt, random, vessel }: StepContext): void {
    const underWay = vessel.voyage.mode === 'underWay';
    const { house, start } = this;

    this.chargerCurrent = vessel.acPower.available ? CHARGER_AMPS * Math.sqrt(1 - house.stateOfCharge) + 1 : 0;
    const alternator = underWay ? ALTERNATOR_AMPS * Math.sqrt(1 - house.stateOfCharge) + 2 : 0;
    const load = BASE_DC_LOAD + (underWay ? UNDER_WAY_DC_LOAD : 0) + vessel.lighting.load + random.noise(0.8);
    house.current = house.forcedCurrent ?? this.chargerCurrent + alternator - load;

    const startAlternator = underWay ? 15 * (1 - start.stateOfCharge) + 0.5 : 0;
    start.current = start.forcedCurrent ?? startAlternator - vessel.engines.crankingAmps - STANDBY_AMPS + random.noise(0.05);

    for (const battery of [house, start]) {
      battery.stateOfCharge = clamp(battery.stateOfCharge + (battery.current * dt) / 3600 / battery.capacity, 0, 1);
      battery.voltage = voltageOf(battery) + random.noise(0.01);
    }
  }

  values(): SignalKValue[] {
    return [this.house, this.start].flatMap((battery) => [
      { path: `electrical.batteries.${battery.id}.voltage`, value: round(battery.voltage, 2) },
      { path: `electrical.batteries.${battery.id}.current`, value: round(battery.current, 1) },
      { path: `electrical.batteries.${battery.id}.capacity.stateOfCharge`, value: round(battery.stateOfCharge, 3) },
    ]);
  }
}
