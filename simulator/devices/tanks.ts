/**
 * Tank levels (`tanks.<fluid>.<id>.currentLevel`, ratio). Fuel burns with the engines, fresh water
 * is used on board and turns into grey (waste) water, toilets fill the black water tank. At the
 * berth the crew refuels, fills up with water and pumps out once a tank passes its mark.
 */
import type { InventoryDevice, SignalKValue } from '../../contracts/bridge';
import type { Tank, TankFluid, VesselProfile } from '../profiles';
import type { Random } from '../../bridge/client/random';
import { clamp, litres, round } from '../units';
import { type DeviceModel, type StepContext, readOnly } from './device-model';

/** m³/s of fresh water a crew uses on average, and the share of it that drains to the grey tank. */
const FRESH_WATER_USE = litres(20) / 3600;
const GREY_SHARE = 0.7;
const FLUSH_VOLUME = litres(8);
const FLUSHES_PER_SECOND = 1 / 1800;

/** At the berth: service starts below/above `start` and stops at `stop`, at `rate` m³/s. */
const BERTH_SERVICE: Record<TankFluid, { start: number; stop: number; rate: number }> = {
  fuel: { start: 0.3, stop: 0.95, rate: litres(1) },
  freshWater: { start: 0.8, stop: 0.98, rate: litres(0.3) },
  wasteWater: { start: 0.5, stop: 0.05, rate: litres(0.5) },
  blackWater: { start: 0.6, stop: 0.05, rate: litres(0.5) },
};

const NAMES: Record<TankFluid, string> = {
  fuel: 'Fuel tank',
  freshWater: 'Fresh water tank',
  wasteWater: 'Grey water tank',
  blackWater: 'Black water tank',
};

const DEVICE_IDS: Record<TankFluid, string> = {
  fuel: 'fuel-tank',
  freshWater: 'fresh-water-tank',
  wasteWater: 'waste-water-tank',
  blackWater: 'black-water-tank',
};

interface TankState {
  tank: Tank;
  level: number;
  /** A refill or pump-out in progress at the berth. */
  servicing: boolean;
}

const levelPath = ({ fluid, tank }: Tank): string => `tanks.${fluid}.${tank}.currentLevel`;

export class Tanks implements DeviceModel {
  readonly source = 'sim.tanks';
  readonly reportEveryTicks = 30;
  changed = false;
  private readonly tanks: TankState[];

  constructor(profile: VesselProfile, random: Random) {
    this.tanks = profile.tanks.map((tank) => ({
      tank,
      level: tank.fluid === 'fuel' || tank.fluid === 'freshWater' ? random.between(0.4, 0.95) : random.between(0.05, 0.4),
      servicing: false,
    }));
  }

  inventory(): InventoryDevice[] {
    return this.tanks.map(({ tank }) => ({
      id: DEVICE_IDS[tank.fluid],
      name: NAMES[tank.fluid],
      category: 'tank' as const,
      manufacturer: 'Wema',
      model: 'S5-E',
      location: 'Bilge',
      properties: [readOnly(levelPath(tank), 'Level', 'ratio', { min: 0, max: 1 }), readOnly(`tanks.${tank.fluid}.${tank.tank}.capacity`, 'Capacity', 'm3')],
    }));
  }

  step({ dt, random, vessel }: StepContext): void {
    const freshUse = FRESH_WATER_USE * random.between(0, 2) * dt;
    const flushed = random.chance(FLUSHES_PER_SECOND * dt) ? FLUSH_VOLUME : 0;
    const berthed = vessel.voyage.mode === 'berthed';
    for (const state of this.tanks) {
      const { fluid, capacity } = state.tank;
      const used: Record<TankFluid, number> = {
        fuel: -vessel.engines.fuelRate * dt,
        freshWater: -freshUse,
        wasteWater: freshUse * GREY_SHARE,
        blackWater: flushed,
      };
      state.level += used[fluid] / capacity;

      const service = BERTH_SERVICE[fluid];
      const fills = service.stop > service.start;
      if (berthed && (fills ? state.level < service.start : state.level > service.start)) state.servicing = true;
      if (!berthed) state.servicing = false;
      if (state.servicing) {
        state.level += ((fills ? 1 : -1) * service.rate * dt) / capacity;
        if (fills ? state.level >= service.stop : state.level <= service.stop) state.servicing = false;
      }
      state.level = clamp(state.level, 0, 1);
    }
  }

  values(): SignalKValue[] {
    return this.tanks.flatMap(({ tank, level }) => [
      { path: levelPath(tank), value: round(level, 4) },
      { path: `tanks.${tank.fluid}.${tank.tank}.capacity`, value: tank.capacity },
    ]);
  }
}
