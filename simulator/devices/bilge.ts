/**
 * The bilge pump and its cycle counter (`link.mechanical.bilge.cycles|state`). A dry boat cycles
 * the pump rarely, a little more under way (stern gland drip); a pump that keeps cycling is what
 * the high bilge activity alarm is for.
 */
import type { InventoryDevice, SignalKValue } from '../../contracts/bridge';
import type { Random } from '../../bridge/client/random';
import { type DeviceModel, type StepContext, readOnly } from './device-model';

const RUN_SECONDS = 20;
const SECONDS_BETWEEN_CYCLES = { underWay: 1800, moored: 5400 };
/** Enough history for the rate alarm's window, and no more, to keep a fleet's memory small. */
const REMEMBERED_STARTS = 16;

export const CYCLES_PATH = 'link.mechanical.bilge.cycles';
const STATE_PATH = 'link.mechanical.bilge.state';

export class Bilge implements DeviceModel {
  readonly source = 'sim.bilge';
  readonly reportEveryTicks = 10;
  changed = false;
  cycles: number;
  pumping = false;
  /** Set by a scenario: water is coming in and the float switch keeps tripping. */
  flooding = false;
  private runLeft = 0;
  private readonly recentStarts: number[] = [];

  constructor(random: Random) {
    this.cycles = Math.round(random.between(200, 2000));
  }

  /** Pump cycles that started within the last `ticks` ticks. */
  cyclesWithin(ticks: number, now: number): number {
    return this.recentStarts.filter((tick) => tick > now - ticks).length;
  }

  inventory(): InventoryDevice[] {
    return [
      {
        id: 'bilge',
        name: 'Bilge pump',
        category: 'mechanical',
        manufacturer: 'Rule',
        model: '1500 with cycle counter',
        location: 'Engine room bilge',
        properties: [readOnly(STATE_PATH, 'Running', 'bool', { min: 0, max: 1 }), readOnly(CYCLES_PATH, 'Cycles', '')],
      },
    ];
  }

  step({ dt, tick, random, vessel }: StepContext): void {
    if (this.flooding) {
      // The pump clears the bilge in one tick and the float trips again on the next.
      if (this.pumping) this.stop();
      else this.start(tick, RUN_SECONDS);
      return;
    }
    if (this.pumping) {
      this.runLeft -= dt;
      if (this.runLeft <= 0) this.stop();
      return;
    }
    const interval = vessel.voyage.mode === 'underWay' ? SECONDS_BETWEEN_CYCLES.underWay : SECONDS_BETWEEN_CYCLES.moored;
    if (random.chance(dt / interval)) this.start(tick, RUN_SECONDS);
  }

  values(): SignalKValue[] {
    return [
      { path: STATE_PATH, value: this.pumping ? 1 : 0 },
      { path: CYCLES_PATH, value: this.cycles },
    ];
  }

  private start(tick: number, seconds: number): void {
    this.pumping = true;
    this.runLeft = seconds;
    this.cycles += 1;
    this.recentStarts.push(tick);
    if (this.recentStarts.length > REMEMBERED_STARTS) this.recentStarts.shift();
    this.changed = true;
  }

  private stop(): void {
    this.pumping = false;
    this.changed = true;
  }
}
