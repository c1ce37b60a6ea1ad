/** What the devices routes share: the permissions they ask for and time ranges. */
import Boom from '@hapi/boom';
import type { AccessNeed } from '../../access/api.js';

export const DEVICES_VIEW: AccessNeed = { area: 'deviceManager', level: 'VIEW' };
export const DEVICES_MANAGE: AccessNeed = { area: 'deviceManager', level: 'MANAGE' };
export const DAY_MS = 24 * 3600 * 1000;

/** A time range from optional ISO ends: `to` defaults to now, `from` to `defaultSpanMs` before it. */
export function rangeOf(from: string | undefined, to: string | undefined, defaultSpanMs: number): { fromMs: number; toMs: number } {
  const toMs = to ? Date.parse(to) : Date.now();
  const fromMs = from ? Date.parse(from) : toMs - defaultSpanMs;
  if (fromMs > toMs) throw Boom.badRequest('from must be before to');
  return { fromMs, toMs };
}
