/**
 * What the devices module's alert routes share: a device or property reached through its
 * vessel, another tenant's answering 404 like a missing one.
 */
import Boom from '@hapi/boom';
import type { AppContext } from '../../../../platform/context.js';
import { type AccessApi, type AccessNeed, allows } from '../../../access/api.js';
import { vesselIdsOfBridges } from '../../../bridges/api.js';
import * as repo from '../../repository.js';

export const ALERTS_VIEW: AccessNeed = { area: 'alertManager', level: 'VIEW' };

/** A device whose alert log the caller may read (alertManager VIEW on its vessel). */
export async function readableDevice(ctx: AppContext, access: AccessApi, userId: number, deviceId: number) {
  const device = await repo.deviceWithPaths(ctx.db, deviceId);
  const vesselId = device ? (await vesselIdsOfBridges(ctx.db, [device.bridgeId])).get(device.bridgeId) : undefined;
  const held = vesselId === undefined ? null : await access.accessOf(userId, vesselId);
  if (!device || !held) throw Boom.notFound('Device not found');
  if (!allows(held, ALERTS_VIEW)) throw Boom.forbidden('You need VIEW on alertManager for this');
  return device;
}
