/**
 * The contract between the vessel and each kind of equipment on board. A model owns the state of
 * one system (the lighting, the batteries, the engines...), advances it every tick and reports it
 * as Signal K values; the inventory entries it describes are what the cloud shows as devices.
 */
import type { InventoryDevice, InventoryProperty, SignalKValue } from '../../contracts/bridge';
import type { Random } from '../../bridge/client/random';
import type { Vessel } from '../vessel';

export interface StepContext {
  /** Seconds of vessel time since the previous tick; 0 at boot, when models settle to a steady state. */
  dt: number;
  /** Ticks since the bridge booted: scenarios and rate alarms count in ticks. */
  tick: number;
  random: Random;
  vessel: Vessel;
}

export type WriteOutcome = { ok: true; value: unknown } | { ok: false; statusCode: 400 | 405; message: string };

export interface DeviceModel {
  /** `$source` of the updates this model reports. */
  readonly source: string;
  /** Sensors report on their own cadence; a model is reported every this many ticks. */
  readonly reportEveryTicks: number;
  /** Set when a discrete state changed (a switch, a mode) so it is reported on the next tick. */
  changed: boolean;
  inventory(): InventoryDevice[];
  step(context: StepContext): void;
  values(): SignalKValue[];
  /** Applies a PUT to one of this model's writable paths; undefined when the path is not its own. */
  write?(path: string, value: unknown): WriteOutcome | undefined;
}

export const readOnly = (path: string, displayName: string, units: string, range?: { min: number; max: number }): InventoryProperty => ({
  path,
  displayName,
  units,
  writable: false,
  ...range,
});

export const writable = (path: string, displayName: string, units: string, range?: { min: number; max: number }): InventoryProperty => ({
  path,
  displayName,
  units,
  writable: true,
  ...range,
});

const badValue = (message: string): WriteOutcome => ({ ok: false, statusCode: 400, message });

/** Switch states are 1/0 on the wire (docs/protocol.md); booleans are accepted as the same thing. */
export function switchState(value: unknown): WriteOutcome {
  if (value === 1 || value === true) return { ok: true, value: 1 };
  if (value === 0 || value === false) return { ok: true, value: 0 };
  return badValue('A switch state is 1 (on) or 0 (off)');
}

export function numberWithin(value: unknown, min: number, max: number, units: string): WriteOutcome {
  if (typeof value !== 'number' || !Number.isFinite(value)) return badValue(`Expected a number of ${units}`);
  if (value < min || value > max) return badValue(`Value must be between ${min} and ${max} ${units}`);
  return { ok: true, value };
}

export function oneOf<T extends string>(value: unknown, choices: readonly T[]): WriteOutcome {
  if (typeof value === 'string' && (choices as readonly string[]).includes(value)) return { ok: true, value };
  return badValue(`Value must be one of ${choices.join(', ')}`);
}
