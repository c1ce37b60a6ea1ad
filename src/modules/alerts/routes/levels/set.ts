/**
 * POST devices/setPropertyWarningLevels: a property's warning levels (deviceManager MANAGE on
 * its vessel). Another tenant's property answers 404 like a missing one. Levels removed clear
 * the alert they had raised; changed levels are judged afresh from the current value on.
 */
import Boom from '@hapi/boom';
import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import type { AppContext } from '../../../../platform/context.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import { DEVICES_MANAGE, vesselOf } from '../../../access/api.js';
import type { WarningLevels } from '../../levels/repository.js';
import type { LevelAlerts } from '../../levels/service.js';
import type { PropertyDirectory } from '../../properties.js';

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

export const setPropertyWarningLevels = (ctx: AppContext, levels: LevelAlerts, properties: PropertyDirectory) =>
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
      plugins: { vessel: { entity: 'property', payload: 'propertyId', needs: [DEVICES_MANAGE] } },
      async handler(request) {
        const { vesselId } = vesselOf(request);
        const property = await properties.propertyOf(ctx.db, request.payload.propertyId);
        if (!property) throw Boom.notFound('Property not found');
        const wanted = levelsOf(request.payload);
        auditTarget(request, { targetType: 'property', targetId: property.id, vesselId });
        await levels.set(vesselId, property, wanted, callerOf(request).id);
        return { propertyId: property.id, warningLevels: wanted };
      },
    },
  });
