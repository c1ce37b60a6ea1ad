/**
 * Alarm scenarios for demos and tests. A scenario drives the vessel's values into trouble, holds
 * them there and brings them back; the alarm monitor raises and clears the matching Signal K
 * notification on its own, exactly as it would for the real thing. Durations are in ticks so a
 * scenario plays out in about half a minute at the default tick and in a blink in tests.
 */
import { BILGE_WINDOW_TICKS } from './alarms';
import { celsius } from './units';
import type { Vessel } from './vessel';

export const SCENARIOS = {
  'low-battery':
    'House battery drains to 12 % (about 11.7 V) and stays flat for 150 ticks (long enough for a "below 12.2 V for 2 minutes" routine at the default tick), then the charger brings it back to 50 %',
  'high-bilge': 'Water comes in and the bilge pump keeps cycling, then the leak stops',
  'shore-power-lost': 'At the berth (the vessel returns to it first) the shore power pedestal trips, then is reset',
  'engine-over-temperature': 'The first engine runs and its coolant climbs past 100 °C, then cools down',
  'coolant-hovering':
    'The first engine runs and its coolant climbs to 92 °C and hovers either side of it, then cools down (a warning level at 92 °C raises one alarm, not one per crossing)',
  'sensor-silent':
    'The house battery voltage sensor stops reporting for 60 ticks while everything else carries on (the server marks it stale), then comes back',
  'bridge-silent':
    'The bridge stays connected but sends no data for 6 minutes of vessel time (raises the no-data alarm with a 5 min no-data time), then reports again',
  'engine-room-fire': 'The engine room fire detector raises a Signal K emergency for 15 ticks, then returns to normal',
} as const;
export type ScenarioName = keyof typeof SCENARIOS;
export const SCENARIO_NAMES = Object.keys(SCENARIOS) as ScenarioName[];

export const isScenarioName = (name: string): name is ScenarioName => Object.hasOwn(SCENARIOS, name);

interface Phase {
  ticks: number;
  /** `progress` runs from just above 0 to 1 over the phase. */
  drive(progress: number): void;
}

interface Plan {
  phases: Phase[];
  /** Hands the values back to the device models. */
  release(): void;
}

const lerp = (from: number, to: number, progress: number): number => from + (to - from) * progress;

function lowBattery(vessel: Vessel): Plan {
  const house = vessel.batteries.house;
  const from = house.stateOfCharge;
  const flat = 0.12;
  return {
    phases: [
      { ticks: 15, drive: (progress) => ((house.forcedCurrent = -95), (house.stateOfCharge = lerp(from, flat, progress))) },
      { ticks: 150, drive: () => ((house.forcedCurrent = -40), (house.stateOfCharge = flat)) },
      { ticks: 15, drive: (progress) => ((house.forcedCurrent = 80), (house.stateOfCharge = lerp(flat, 0.5, progress))) },
    ],
    release: () => (house.forcedCurrent = undefined),
  };
}

function highBilge(vessel: Vessel): Plan {
  const { bilge } = vessel;
  return {
    phases: [
      { ticks: 16, drive: () => (bilge.flooding = true) },
      // Dry again: wait until the pump starts have left the alarm's window.
      { ticks: BILGE_WINDOW_TICKS + 1, drive: () => (bilge.flooding = false) },
    ],
    release: () => (bilge.flooding = false),
  };
}

function shorePowerLost(vessel: Vessel, dt: number): Plan {
  const { acPower } = vessel;
  const outageTicks = 20;
  const restoredTicks = 2;
  vessel.voyage.returnToBerth((outageTicks + restoredTicks + 10) * dt);
  return {
    phases: [
      { ticks: outageTicks, drive: () => (acPower.shoreFault = true) },
      { ticks: restoredTicks, drive: () => (acPower.shoreFault = false) },
    ],
    release: () => (acPower.shoreFault = false),
  };
}

function engineOverTemperature(vessel: Vessel): Plan {
  const engine = vessel.engines.propulsion[0];
  const from = Math.max(engine.coolantTemperature, celsius(82));
  const peak = celsius(108);
  const cooled = celsius(83);
  const drive = (temperature: number) => {
    engine.forcedRunning = true;
    engine.forcedCoolantTemperature = temperature;
  };
  return {
    phases: [
      { ticks: 15, drive: (progress) => drive(lerp(from, peak, progress)) },
      { ticks: 8, drive: () => drive(peak) },
      { ticks: 15, drive: (progress) => drive(lerp(peak, cooled, progress)) },
    ],
    release: () => {
      engine.forcedRunning = false;
      engine.forcedCoolantTemperature = undefined;
    },
  };
}

/**
 * A value at a warning level, as real sensors sit there: just over, just under, tick after tick.
 * The bridge raises nothing itself (below its own warning at 95 °C); the server's warning level on
 * the coolant temperature, with its delay and hysteresis, decides.
 */
function coolantHovering(vessel: Vessel): Plan {
  const engine = vessel.engines.propulsion[0];
  const from = Math.max(engine.coolantTemperature, celsius(82));
  const level = celsius(92);
  const cooled = celsius(83);
  let tick = 0;
  const drive = (temperature: number) => {
    engine.forcedRunning = true;
    engine.forcedCoolantTemperature = temperature;
  };
  return {
    phases: [
      { ticks: 10, drive: (progress) => drive(lerp(from, level + 0.5, progress)) },
      { ticks: 30, drive: () => drive(level + ((tick += 1) % 2 ? 0.4 : -0.3)) },
      { ticks: 12, drive: (progress) => drive(lerp(level - 0.3, cooled, progress)) },
    ],
    release: () => {
      engine.forcedRunning = false;
      engine.forcedCoolantTemperature = undefined;
    },
  };
}

/** The voltage path of the house battery, the sensor the `sensor-silent` scenario silences. */
export const SILENT_SENSOR_PATH = 'electrical.batteries.house.voltage';

function sensorSilent(vessel: Vessel): Plan {
  return {
    phases: [{ ticks: 60, drive: () => vessel.silentPaths.add(SILENT_SENSOR_PATH) }],
    release: () => vessel.silentPaths.delete(SILENT_SENSOR_PATH),
  };
}

function bridgeSilent(vessel: Vessel, dt: number): Plan {
  return {
    phases: [{ ticks: Math.ceil(360 / Math.max(dt, 0.001)), drive: () => (vessel.silent = true) }],
    release: () => (vessel.silent = false),
  };
}

function engineRoomFire(vessel: Vessel): Plan {
  return {
    phases: [
      { ticks: 15, drive: () => (vessel.fire = true) },
      { ticks: 2, drive: () => (vessel.fire = false) },
    ],
    release: () => (vessel.fire = false),
  };
}

const PLANS: Record<ScenarioName, (vessel: Vessel, dt: number) => Plan> = {
  'low-battery': lowBattery,
  'high-bilge': highBilge,
  'shore-power-lost': shorePowerLost,
  'engine-over-temperature': engineOverTemperature,
  'coolant-hovering': coolantHovering,
  'sensor-silent': sensorSilent,
  'bridge-silent': bridgeSilent,
  'engine-room-fire': engineRoomFire,
};

/** A scenario in progress on one vessel, advanced by the bridge before each vessel tick. */
export class ScenarioRun {
  readonly finished: Promise<void>;
  private readonly plan: Plan;
  private phase = 0;
  private tickInPhase = 0;
  private resolve!: () => void;

  constructor(
    readonly name: ScenarioName,
    vessel: Vessel,
    dt: number,
  ) {
    this.plan = PLANS[name](vessel, dt);
    this.finished = new Promise((resolve) => (this.resolve = resolve));
  }

  /** Drives this tick's values; true once the scenario is over and the values are released. */
  advance(): boolean {
    const phase = this.plan.phases[this.phase];
    this.tickInPhase += 1;
    phase.drive(this.tickInPhase / phase.ticks);
    if (this.tickInPhase < phase.ticks) return false;
    this.phase += 1;
    this.tickInPhase = 0;
    if (this.phase < this.plan.phases.length) return false;
    this.plan.release();
    this.resolve();
    return true;
  }

  /** Ends the scenario early (the bridge stops): hands the values back without finishing. */
  abandon(): void {
    this.plan.release();
    this.resolve();
  }
}
