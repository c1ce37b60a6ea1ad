/**
 * POST devices/setPropertyWarningLevels: a property's warning levels (deviceManager MANAGE on
 * its vessel). Another tenant's property answers 404 like a missing one. Levels removed clear
 * the alert they had raised; changed levels are judged afresh from the next value.
 */
import Boom from '@hapi/boom';
import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import type { AppContext } from '../../../../platform/context.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import { applyCondition } from '../../../alerts/api.js';
import { vesselIdsOfBridges } from '../../../bridges/api.js';
import { type AccessApi, allows } from '../../../access/api.js';
import type { IngestService } from '../../ingest.js';
import { setLevels, type WarningLevels } from '../../levels/repository.js';
import * as repo from '../../repository.js';
import { DEVICES_MANAGE } from '../support.js';

type LevelsPayload = { propertyId: number } & Partial<WarningLevels>;

const level = Joi.number().min(-1e12).max(1e12).allow(null);

/** Lowest to highest: each level given must be above those before it. */
const ORDER = ['lowCritical', 'lowWarning', 'highWarning', 'highCritical'] as const;

function levelsOf(payload: LevelsPayload): WarningLevels | null {
  let below: (typeof ORDER)[number] | null = null;
  for (const name of ORDER) {
    const value = payload[name];
    if (value === null || value === undefined) continue;
    if (below !== null && value <= payload[below]!) throw Boom.badRequest(`${name} must be above ${below}`);
    below = name;
  }
  if (below === null) return null;
  return {
    lowCritical: payload.lowCritical ?? null,
    lowWarning: payload.lowWarning ?? null,
    highWarning: payload.highWarning ?? null,
    highCritical: payload.highCritical ?? null,
    hysteresis: payload.hysteresis ?? 0,
    delaySeconds: payload.delaySeconds ?? 0,
  };
}

export const setPropertyWarningLevels = (ctx: AppContext, ingest: IngestService, access: AccessApi) =>
  defineRoute<{ Payload: LevelsPayload }>({
    method: 'POST',
    path: '/api/devices/setPropertyWarningLevels',
    options: {
      tags: ['api', 'devices'],
      description: "Set a property's warning levels (deviceManager MANAGE); no level given removes them",
      validate: {
        payload: Joi.object({
          propertyId: Joi.number().integer().min(1).required(),
          lowCritical: level,
          lowWarning: level,
          highWarning: level,
          highCritical: level,
          hysteresis: Joi.number().min(0).max(1e12),
          delaySeconds: Joi.number().integer().min(0).max(3600),
        }),
      },
      async handler(request) {
        const { db, events } = ctx;
        const caller = callerOf(request);
        const property = await repo.findProperty(db, request.payload.propertyId);
        const vesselId = property ? (await vesselIdsOfBridges(db, [property.bridgeId])).get(property.bridgeId) : undefined;
        const held = vesselId === undefined ? null : await access.accessOf(caller.id, vesselId);
        if (!property || vesselId === undefined || !held) throw Boom.notFound('Property not found');
        if (held.paused) throw Boom.forbidden('Your access to this vessel is paused');
        if (!allows(held, DEVICES_MANAGE)) throw Boom.forbidden('You need MANAGE on deviceManager for this');
        const levels = levelsOf(request.payload);
        auditTarget(request, { targetType: 'property', targetId: property.id, vesselId });
        await setLevels(db, property, levels, caller.id);
        await ingest.levelsChanged(property.bridgeId, property.path);
        if (!levels) {
          const cleared = await applyCondition(db, property.bridgeId, { origin: 'level', path: property.path, reading: 'clear', timestampMs: Date.now() });
          if (cleared) events.emit('vessel.alert', { vesselId, alert: { ...cleared } });
        }
        events.emit('vessel.devices', { vesselId });
        return { propertyId: property.id, warningLevels: levels };
      },
    },
  });
