/**
 * Propulsion engines and the generator's diesel (`propulsion.<id>.*`): revolutions in Hz as
 * Signal K has them, coolant temperature, oil pressure and hour meter. Propulsion engines run while
 * the vessel is under way; the generator runs away from the berth to carry the hotel load.
 */
import type { InventoryDevice, SignalKValue } from '../../contracts/bridge';
import type { Engine, VesselProfile } from '../profiles';
import type { Random } from '../../bridge/client/random';
import { approach, celsius, clamp, kilopascal, knots, litres, round, rpm } from '../units';
import { type DeviceModel, type StepContext, type WriteOutcome, readOnly, switchState, writable } from './device-model';

const OPERATING_TEMPERATURE = celsius(82);
const WARM_UP_RATE = 0.3;
const COOL_DOWN_RATE = 0.02;
/** Amps a starter motor pulls from the start battery on the tick the engine starts. */
const CRANKING_AMPS = 180;
const GENERATOR: Engine = { engine: 'generator', name: 'Generator', idleRpm: 1500, cruiseRpm: 1500 };
/** The generator's remote start switch (1 runs it even at the berth, 0 stops it even away from it); it reads back whether the generator runs. */
export const GENERATOR_SWITCH = 'electrical.switches.generator.state';

export interface EngineState {
  readonly engine: Engine;
  readonly propels: boolean;
  running: boolean;
  /** Hz */
  revolutions: number;
  /** K */
  coolantTemperature: number;
  /** Pa */
  oilPressure: number;
  /** s */
  runTime: number;
  /** Set by a scenario: keeps the engine running at idle even at the berth. */
  forcedRunning: boolean;
  /** Set by a scenario: the coolant temperature it drives. */
  forcedCoolantTemperature?: number;
  /** Switched off from the cloud: stays off whatever the voyage asks. */
  switchedOff?: boolean;
}

export class Engines implements DeviceModel {
  readonly source = 'sim.engines';
  readonly reportEveryTicks = 5;
  changed = false;
  readonly propulsion: EngineState[];
  readonly generator?: EngineState;
  /** Start-battery amps drawn this tick by starter motors. */
  crankingAmps = 0;
  /** m³/s of diesel burnt this tick. */
  fuelRate = 0;

  constructor(
    private readonly profile: VesselProfile,
    random: Random,
  ) {
    const engine = (definition: Engine, propels: boolean, hours: [number, number]): EngineState => ({
      engine: definition,
      propels,
      running: false,
      revolutions: 0,
      coolantTemperature: celsius(22),
      oilPressure: 0,
      runTime: Math.round(random.between(...hours) * 3600),
      forcedRunning: false,
    });
    this.propulsion = profile.engines.map((definition) => engine(definition, true, [800, 3000]));
    if (profile.hasGenerator) this.generator = engine(GENERATOR, false, [2000, 6000]);
  }

  get all(): EngineState[] {
    return this.generator ? [...this.propulsion, this.generator] : this.propulsion;
  }

  get generatorRunning(): boolean {
    return this.generator?.running ?? false;
  }

  inventory(): InventoryDevice[] {
    return this.all.map(({ engine, propels }) => ({
      id: propels ? `${engine.engine}-engine` : 'generator',
      name: engine.name,
      category: 'mechanical' as const,
      manufacturer: propels ? 'Volvo Penta' : 'Kohler',
      model: propels ? 'D13-900' : '17EFKOZD',
      location: 'Engine room',
      properties: [
        readOnly(`propulsion.${engine.engine}.state`, 'State', ''),
        readOnly(`propulsion.${engine.engine}.revolutions`, 'Revolutions', 'Hz'),
        readOnly(`propulsion.${engine.engine}.coolantTemperature`, 'Coolant temperature', 'K'),
        readOnly(`propulsion.${engine.engine}.oilPressure`, 'Oil pressure', 'Pa'),
        readOnly(`propulsion.${engine.engine}.runTime`, 'Run time', 's'),
        ...(propels ? [] : [writable(GENERATOR_SWITCH, 'Remote start', 'bool', { min: 0, max: 1 })]),
      ],
    }));
  }

  step({ dt, random, vessel }: StepContext): void {
    const { voyage } = vessel;
    const load = clamp(voyage.speedOverGround / knots(this.profile.cruiseKnots), 0, 1.05);
    this.crankingAmps = 0;
    this.fuelRate = 0;
    for (const state of this.all) {
      const shouldRun = state.forcedRunning || (!state.switchedOff && (state.propels ? voyage.mode === 'underWay' : voyage.mode !== 'berthed'));
      if (shouldRun && !state.running && dt > 0) this.crankingAmps += CRANKING_AMPS;
      if (shouldRun !== state.running) this.changed = true;
      state.running = shouldRun;

      const { idleRpm, cruiseRpm } = state.engine;
      const engineLoad = state.propels ? load : 0.6;
      const targetRevolutions = state.running ? rpm(idleRpm + (cruiseRpm - idleRpm) * (state.propels ? load : 0)) : 0;
      const revolutions = dt === 0 ? targetRevolutions : approach(state.revolutions, targetRevolutions, 5, dt);
      state.revolutions = Math.max(0, revolutions + (state.running ? random.noise(0.08) : 0));
      state.oilPressure = state.running ? kilopascal(200 + 250 * (state.revolutions / rpm(cruiseRpm))) + random.noise(2000) : 0;
      const settledTemperature = state.running ? OPERATING_TEMPERATURE + 3 * engineLoad : vessel.environment.outsideTemperature;
      if (state.forcedCoolantTemperature !== undefined) {
        state.coolantTemperature = state.forcedCoolantTemperature;
      } else if (dt === 0) {
        state.coolantTemperature = settledTemperature;
      } else {
        state.coolantTemperature = approach(state.coolantTemperature, settledTemperature, state.running ? WARM_UP_RATE : COOL_DOWN_RATE, dt);
      }
      if (state.running) {
        state.runTime += dt;
        const litresPerHour = state.propels ? 6 + 90 * engineLoad * engineLoad : 8;
        this.fuelRate += litres(litresPerHour) / 3600;
      }
    }
  }

  write(path: string, value: unknown): WriteOutcome | undefined {
    if (path !== GENERATOR_SWITCH || !this.generator) return undefined;
    const outcome = switchState(value);
    if (!outcome.ok) return outcome;
    const on = outcome.value === 1;
    Object.assign(this.generator, { forcedRunning: on, switchedOff: !on });
    // Takes effect at once, so the value read back confirms the command.
    if (this.generator.running !== on) {
      this.generator.running = on;
      this.changed = true;
    }
    return outcome;
  }

  values(): SignalKValue[] {
    const generatorSwitch = this.generator ? [{ path: GENERATOR_SWITCH, value: this.generator.running ? 1 : 0 }] : [];
    return [
      ...generatorSwitch,
      ...this.all.flatMap(({ engine, running, revolutions, coolantTemperature, oilPressure, runTime }) => [
        { path: `propulsion.${engine.engine}.state`, value: running ? 'started' : 'stopped' },
        { path: `propulsion.${engine.engine}.revolutions`, value: round(revolutions, 2) },
        { path: `propulsion.${engine.engine}.coolantTemperature`, value: round(coolantTemperature, 1) },
        { path: `propulsion.${engine.engine}.oilPressure`, value: Math.round(oilPressure) },
        { path: `propulsion.${engine.engine}.runTime`, value: Math.round(runTime) },
      ]),
    ];
  }
}
